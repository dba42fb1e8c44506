import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { aTree } from '../contracts/fixtures.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';

// A bulk write's creations (an import: `genealogy.history = lean` for its transaction) are carried
// by the rows it creates, not written as a history row each (migration 20270122090000): a third of
// PostgreSQL's part of a GEDCOM import went to those rows. What the history reads of them is held by
// spec/contracts/history.contract.ts (both adapters alike); this spec holds the storage itself.

describe('PostgreSQL: an import\'s creations carried by its rows', function () {
  this.timeout(120_000);
  const TREE = '0190a1b2-c3d4-7e5f-8a6b-0000000000a1';
  const OTHER = '0190a1b2-c3d4-7e5f-8a6b-0000000000a2';
  let url: string;
  let db: pg.Client;
  before(async () => {
    url = await freshDatabaseUrl();
    const storage = await createPostgresStorage(url, {});
    await storage.trees.insert(aTree({ id: TREE }));
    await storage.trees.insert(aTree({ id: OTHER }));
    await storage.close();
    db = new pg.Client({ connectionString: url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  const count = async (sql: string, params: unknown[] = []): Promise<number> => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const stamp = async (tree = TREE): Promise<bigint> => BigInt((await db.query<{ s: string }>('select change_seq::text as s from trees where id = $1', [tree])).rows[0]!.s);

  it('a lean write of 1,000 persons and their names writes no history row, numbers each creation in the history\'s order with its transaction, and moves the tree\'s stamp', async () => {
    const before = await stamp();
    const [{ seq: seqBefore }] = (await db.query<{ seq: string }>(`select nextval('record_changes_seq_seq')::text as seq`)).rows as [{ seq: string }];
    await db.query('begin');
    await db.query(`select set_config('genealogy.history', 'lean', true)`);
    const xact = (await db.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x;
    await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, 'n', now(), now() from generate_series(1, 1000)`, [TREE]);
    await db.query(`insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
                    select gen_random_uuid(), tree_id, id, 'birth', 'Ann', 'Lee', true, now() from persons where tree_id = $1`, [TREE]);
    await db.query('commit');

    expect(await count('select count(*)::int as n from record_changes where tree_id = $1', [TREE]), 'history rows').to.equal(0);
    for (const table of ['persons', 'names']) {
      const r = (await db.query<{ n: number; distinct_seqs: number; low: string; xacts: string[] }>(
        `select count(*)::int as n, count(distinct created_seq)::int as distinct_seqs, min(created_seq)::text as low, array_agg(distinct created_xact::text) as xacts from ${table} where tree_id = $1`, [TREE])).rows[0]!;
      expect(r.n, table).to.equal(1000);
      expect(r.distinct_seqs, `${table}: a number each`).to.equal(1000);
      expect(BigInt(r.low) > BigInt(seqBefore), `${table}: numbered after the change before them`).to.equal(true);
      expect(r.xacts, `${table}: their transaction`).to.deep.equal([xact]);
    }
    // The names were written after the persons: numbered after them.
    expect(await count(`select count(*)::int as n from names n join persons p on p.id = n.person_id where n.created_seq < p.created_seq`)).to.equal(0);
    expect((await stamp()) > before, 'the tree\'s change stamp moved at the commit').to.equal(true);
  });

  it('one lean statement over two trees, some of its rows not carrying their creation: both trees\' stamps move, and only those rows get a history row', async () => {
    // The insert triggers read a statement's rows once (migration 20270127090000): the first tree of
    // the rows that carry their creation, whether another tree's rows carry theirs, whether any row does not.
    const before = [await stamp(TREE), await stamp(OTHER)];
    const historyBefore = await count('select count(*)::int as n from record_changes where tree_id = any($1::uuid[])', [[TREE, OTHER]]);
    await db.query('begin');
    await db.query(`select set_config('genealogy.history', 'lean', true)`);
    // 300 rows, every third of the other tree; every tenth of the first tree written without its
    // creation (as a write that names the columns would). The first row is the first tree's and
    // carries its creation, so the other tree, all of whose rows carry theirs, is marked only as another tree.
    await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at, created_seq, created_xact)
                    select gen_random_uuid(), case when i % 3 = 0 then $2::uuid else $1::uuid end, 'two trees', now(), now(),
                      case when i % 10 = 0 and i % 3 <> 0 then null else history_lean_seq() end, case when i % 10 = 0 and i % 3 <> 0 then null else history_lean_xact() end
                    from generate_series(1, 300) i`, [TREE, OTHER]);
    await db.query('commit');
    expect((await stamp(TREE)) > before[0]!, 'the first tree\'s stamp moved').to.equal(true);
    expect((await stamp(OTHER)) > before[1]!, 'the other tree\'s stamp moved').to.equal(true);
    const written = await db.query<{ tree_id: string; n: number; lean: number }>(
      `select tree_id, count(*)::int as n, count(*) filter (where changes = '[]'::jsonb and action = 'create')::int as lean
       from record_changes where tree_id = any($1::uuid[]) group by tree_id order by tree_id`, [[TREE, OTHER]]);
    expect(written.rows.reduce((n, r) => n + r.n, 0) - historyBefore, 'a history row for each of the 20 rows without their creation').to.equal(20);
    expect(written.rows.every((r) => r.lean === r.n), 'lean rows (no fields)').to.equal(true);
    const uncarried = await db.query<{ tree_id: string; n: number }>(
      `select p.tree_id, count(*)::int as n from persons p join record_changes c on c.record_id = p.id where p.notes = 'two trees' group by p.tree_id order by p.tree_id`);
    expect(uncarried.rows).to.deep.equal([{ tree_id: TREE, n: 20 }]);
  });

  it('a lean statement whose rows all carry their creation, of one tree, writes no history row and moves that tree\'s stamp alone', async () => {
    const before = [await stamp(TREE), await stamp(OTHER)];
    const historyBefore = await count('select count(*)::int as n from record_changes');
    await db.query('begin');
    await db.query(`select set_config('genealogy.history', 'lean', true)`);
    await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), $1, 'one tree', now(), now() from generate_series(1, 50)`, [OTHER]);
    await db.query('commit');
    expect(await count('select count(*)::int as n from record_changes'), 'no history row').to.equal(historyBefore);
    expect((await stamp(OTHER)) > before[1]!, 'its tree\'s stamp moved').to.equal(true);
    expect(await stamp(TREE), 'the other tree\'s did not').to.equal(before[0]);
  });

  it('any other write carries nothing and writes its history row with its fields, as before', async () => {
    const rows = await db.query<{ created_seq: string | null; created_xact: string | null }>(
      `insert into persons (id, tree_id, notes, created_at, updated_at) values (gen_random_uuid(), $1, 'by hand', now(), now()) returning id, created_seq, created_xact`, [TREE]);
    expect(rows.rows[0]).to.include({ created_seq: null, created_xact: null });
    const id = (rows.rows[0] as unknown as { id: string }).id;
    const h = await db.query<{ action: string; changes: unknown }>(`select action, changes from record_changes where record_id = $1`, [id]);
    expect(h.rows).to.deep.equal([{ action: 'create', changes: [{ field: 'notes', after: 'by hand', before: null }, { field: 'privacy', after: 'default', before: null }] }]);
  });

  it('a record removed for good takes its creation with it: nothing of it remains', async () => {
    const [victim] = (await db.query<{ id: string; created_seq: string }>(`select id, created_seq::text from persons where tree_id = $1 and created_seq is not null order by id limit 1`, [TREE])).rows;
    await db.query(`delete from names where person_id = $1`, [victim!.id]);
    await db.query(`delete from persons where id = $1`, [victim!.id]);
    expect(await count(`select count(*)::int as n from record_changes where record_id = $1 or person_id = $1`, [victim!.id])).to.equal(0);
    expect(await count(`select count(*)::int as n from persons where created_seq = $1::bigint`, [victim!.created_seq])).to.equal(0);
  });
});
