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

  it('every other trigger that pairs its old and new rows runs that statement with EXECUTE for several rows too', async () => {
    const { rows } = await db.query<{ fn: string; src: string; old: string; new: string }>(
      `select distinct p.oid::regprocedure::text as fn, p.prosrc as src, t.tgoldtable as old, t.tgnewtable as new
       from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and t.tgoldtable is not null and t.tgnewtable is not null and p.proname not like 'history\\_%' order by 1`,
    );
    const pairing = rows.filter((r) => new RegExp(`\\b${r.old} \\w+ join ${r.new}\\b|\\b${r.new} \\w+ join ${r.old}\\b`).test(r.src));
    // The name postings' update trigger (migration 20261226090000) finds the persons whose words changed.
    expect(pairing.map((r) => r.fn)).to.include('name_search_changed()');
    const parsedOnce = pairing.filter((r) => !r.src.includes(`if (select count(*) from ${r.new}) <= 1 then`) || !/else execute \$p\$/.test(r.src)).map((r) => r.fn);
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

  it('a 10,000-row update of names after single-row ones on the same connection finds the persons whose words changed by pairing its rows', async () => {
    const tree = '0190a1b2-c3d4-7e5f-8a6b-000000000001';
    // Its own 10,000 persons (the test before holds others).
    const persons = (await db.query<{ id: string }>(
      `insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, '', now(), now() from generate_series(1, 10000) returning id`, [tree],
    )).rows.map((r) => r.id);
    await db.query(
      `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
       select gen_random_uuid(), $1, p, 'birth', 'Anna', 'Berg', true, now() from unnest($2::uuid[]) p`,
      [tree, persons.slice(0, 10_000)],
    );
    const names = (await db.query<{ id: string }>('select id from names where tree_id = $1 order by id', [tree])).rows.map((r) => r.id);
    expect(names).to.have.length(10_000);
    for (let i = 0; i < 12; i += 1) await db.query(`update names set given_name = $2 where id = $1`, [names[i], `Anne${i}`]);
    // The plans of the statements the triggers run, as notices (auto_explain, without running them twice).
    const plans: string[] = [];
    const collect = (n: { message?: string }) => void plans.push(n.message ?? '');
    db.on('notice', collect);
    for (const x of [`load 'auto_explain'`, `set auto_explain.log_min_duration = 0`, `set auto_explain.log_nested_statements = on`, `set auto_explain.log_level = 'notice'`, `set auto_explain.log_format = 'json'`]) await db.query(x);
    // With the pairing planned for one row (a nested loop of 10,000 by 10,000) this ran for close to a
    // minute on one machine, and 80 s in spec/http/cleanup.spec.ts; the bound only stops such a run.
    await db.query(`set statement_timeout = '30s'`);
    await db.query(`update names set given_name = given_name || 'lise' where tree_id = $1`, [tree]);
    await db.query(`reset statement_timeout`);
    await db.query(`set auto_explain.log_min_duration = -1`);
    db.off('notice', collect);
    const pairing = plans.filter((m) => m.includes('old_names o join changed_names n'));
    expect(pairing, 'the pairing statement ran').to.have.length.at.least(1);
    // No join of the two transition tables by a nested loop (each old row against every new one).
    for (const m of pairing) expect(m.replace(/\s+/g, ' ')).not.to.match(/"Node Type": "Nested Loop"[^\]]*"Node Type": "Named Tuplestore Scan"[^\]]*"Node Type": "Named Tuplestore Scan"/);
    const posted = await db.query<{ n: number }>(
      `select count(distinct p.person_id)::int as n from name_postings p join name_words w on w.id = p.word_id where w.tree_id = $1 and w.word like 'ann%lise'`, [tree]);
    expect(posted.rows[0]!.n).to.equal(10_000);
  });
});
