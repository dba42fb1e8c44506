import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { aTree } from '../contracts/fixtures.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';

// The statement triggers of updates read the old and the new rows as transition tables (the history
// ones pair them). They are PL/pgSQL, which parses a statement once per connection, and a transition
// table's size is read at that parse. A connection whose first updates were single rows kept the
// history trigger's plan for one row: a nested loop pairing every old row with every new one. The
// next 10,000-row update on that connection (a cleanup apply) paired 100,000,000 and ran for minutes
// (spec/http/cleanup.spec.ts timed out in each run of its file on one machine). Each such statement
// now runs with EXECUTE when it has several rows, parsed and planned for them (migration 20270121090000).

describe('PostgreSQL statement triggers over transition tables', function () {
  this.timeout(180_000);
  let url: string;
  let db: pg.Client;
  before(async () => {
    url = await freshDatabaseUrl();
    // The schema as the service migrates it.
    const storage = await createPostgresStorage(url, {});
    await storage.trees.insert(aTree({ id: '0190a1b2-c3d4-7e5f-8a6b-000000000001' }));
    await storage.close();
    db = new pg.Client({ connectionString: url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  it('every history trigger that pairs old and new rows runs its statement with EXECUTE for several rows (parsed for the rows of each call)', async () => {
    const { rows } = await db.query<{ fn: string; src: string }>(
      `select distinct p.oid::regprocedure::text as fn, p.prosrc as src
       from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and t.tgoldtable is not null and t.tgnewtable is not null order by 1`,
    );
    const pairing = rows.filter((r) => /history_old o join history_new n/.test(r.src));
    expect(pairing.map((r) => r.fn)).to.include.members(['history_persons_update()', 'history_names_update()', 'history_events_update()', 'history_repositories_update()']);
    const parsedOnce = pairing.filter((r) => !r.src.includes('if (select count(*) from history_new) <= 1 then') || !r.src.includes('else execute $h$insert into record_changes')).map((r) => r.fn);
    expect(parsedOnce, 'pairing statements parsed once per connection').to.deep.equal([]);
  });

  it('a 10,000-row update after single-row ones on the same connection pairs its rows, not every old row with every new one', async () => {
    const tree = '0190a1b2-c3d4-7e5f-8a6b-000000000001';
    await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, '', now(), now() from generate_series(1, 10000)`, [tree]);
    const ids = (await db.query<{ id: string }>('select id from persons where tree_id = $1 order by id', [tree])).rows.map((r) => r.id);
    // Single-row updates on this connection: PostgreSQL may keep the triggers' plans for one row after five.
    for (let i = 0; i < 12; i += 1) await db.query(`update persons set notes = $2 where id = $1`, [ids[i], `note ${i}`]);
    // The 10,000-row update takes well under a second with plans for its size; with the one-row plan
    // of the history trigger it ran for minutes. The bound only stops a run that has gone that way.
    await db.query(`set statement_timeout = '60s'`);
    await db.query(`update persons set notes = 'bulk', is_living = false where tree_id = $1`, [tree]);
    await db.query(`reset statement_timeout`);
    const changed = await db.query<{ n: number }>(`select count(*)::int as n from record_changes where record_type = 'person' and action = 'update' and changes::text like '%bulk%'`);
    expect(changed.rows[0]!.n).to.equal(10_000);
  });
});
