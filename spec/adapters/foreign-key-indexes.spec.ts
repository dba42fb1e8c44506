import { expect } from 'chai';
import pg from 'pg';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aTree } from '../contracts/fixtures.js';

// A row's delete makes PostgreSQL look up, for each foreign key that names its table, the rows that
// name it (to cascade, set null or refuse): without an index on the naming column, one scan of that
// whole table per row deleted, every tenant's rows included. A tree's purge deletes its persons: with
// persons.merged_into_id unindexed, 500 persons of a 300,000-person table took 45 s (a scan of the
// table each), and 0.34 s once it was indexed (migration 20270128090000). Its places: each one deleted
// scanned the events table (20 places of an 820,000-event database took 7.3 s) until migration
// 20270130090000 indexed events.place_id.

/** Foreign keys left without an index on their column, and why. */
const UNINDEXED: Readonly<Record<string, string>> = {
  // A tree is deleted alone: one scan of person_merges per tree.
  'person_merges.tree_id': 'one scan per tree deleted',
};

describe('PostgreSQL foreign keys and the deletes that check them', function () {
  this.timeout(180_000);
  const TREE = '0190a1b2-c3d4-7e5f-8a6b-0000000000f1';
  let fx: PostgresFixture;
  let db: pg.Client;
  before(async () => {
    fx = await postgresStorage();
    await fx.storage.trees.insert(aTree({ id: TREE }));
    db = new pg.Client({ connectionString: fx.url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await fx?.close();
  });

  it('every foreign key has an index led by its column, but those listed with their reason', async () => {
    const { rows } = await db.query<{ fk: string }>(
      `select c.conrelid::regclass::text || '.' || a.attname as fk
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and cardinality(c.conkey) = 1
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
       order by 1`,
    );
    expect(rows.map((r) => r.fk)).to.deep.equal(Object.keys(UNINDEXED).sort());
  });

  it('deleting persons reads the persons that name them as merged by the index, not by a scan of the table each', async () => {
    // Enough rows that a scan is the planner's dearer choice, as on a live database.
    await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, '', now(), now() from generate_series(1, 20000)`, [TREE]);
    await db.query('analyze persons');
    await db.query('begin');
    try {
      await db.query(`delete from persons where id in (select id from persons where tree_id = $1 order by id limit 200)`, [TREE]);
      const [scans] = (await db.query<{ seq_scan: string }>(`select seq_scan::text from pg_stat_xact_user_tables where relname = 'persons'`)).rows;
      // The delete's own plan may scan once; a scan per person deleted is the fault.
      expect(Number(scans!.seq_scan), 'scans of persons').to.be.at.most(2);
    } finally {
      await db.query('rollback');
    }
  });

  it('deleting places reads the events at them by the index, not by a scan of the table each', async () => {
    const places = (await db.query<{ id: string }>(
      `insert into places (id, tree_id, name) select gen_random_uuid(), $1, 'Place ' || i from generate_series(1, 200) i returning id`, [TREE],
    )).rows.map((r) => r.id);
    const persons = (await db.query<{ id: string }>(
      `insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, 'at a place', now(), now() from generate_series(1, 5000) returning id`, [TREE],
    )).rows.map((r) => r.id);
    await db.query(
      `insert into events (id, tree_id, type, person_id, place_id, notes, detail, created_at, updated_at)
       select gen_random_uuid(), $1, 'birth', p, ($3::uuid[])[(1 + i % 200)::int], '', '', now(), now() from unnest($2::uuid[]) with ordinality x(p, i)`,
      [TREE, persons, places],
    );
    await db.query('analyze events');
    await db.query('begin');
    try {
      await db.query(`delete from places where id = any($1::uuid[])`, [places.slice(0, 100)]);
      const [scans] = (await db.query<{ seq_scan: string }>(`select seq_scan::text from pg_stat_xact_user_tables where relname = 'events'`)).rows;
      expect(Number(scans!.seq_scan), 'scans of events').to.be.at.most(2);
      const [left] = (await db.query<{ n: number }>(`select count(*)::int as n from events where tree_id = $1 and place_id is null`, [TREE])).rows;
      expect(left!.n, 'the events at the deleted places keep no place').to.equal(2500);
    } finally {
      await db.query('rollback');
    }
  });
});
