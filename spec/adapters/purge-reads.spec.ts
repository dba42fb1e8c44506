import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { generateTree, type GeneratedTree } from '../bench/generate-tree.js';
import { pgPurges } from '../../adapters/postgres/purge.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';
import { rowsRead, type PlanNode } from '../support/plan-rows.js';

// The purge worker runs every hour on every instance, over every tree of the database. It must read
// the rows it removes (and the rows that go with them), found by index, never every row of the
// tables: at 100,000 persons with nothing to purge it read every person, name, event, relationship
// and citation (173-324 ms an hour; at a host's 10,000,000 persons, minutes). This runs the purge's
// statement under EXPLAIN ANALYZE in a transaction it rolls back and sums the rows each scan of a
// table read (kept and filtered out), on a 4,000-person tree with a handful of soft-deleted records.

/**
 * A Sql that runs each statement under EXPLAIN ANALYZE (inside a savepoint it rolls back: the
 * statement deletes), hands its plan to `plan`, and runs it again for its rows, all in the caller's
 * transaction on `db`.
 */
const explainingSql = (db: pg.Client, plan: (root: PlanNode) => void): Sql => ({
  rows: async <R>(sql: string, params: readonly unknown[] = []): Promise<R[]> => {
    await db.query('savepoint explained');
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${numbered(sql)}`, [...params]);
    await db.query('rollback to savepoint explained');
    plan(rows[0]!['QUERY PLAN'][0].Plan);
    return (await db.query(numbered(sql), [...params])).rows as R[];
  },
  run: () => Promise.reject(new Error('not used')),
  tx: () => Promise.reject(new Error('not used')),
  copy: () => Promise.reject(new Error('not used')),
  bytes: () => Promise.reject(new Error('not used')),
});

/**
 * A generated 4,000-person tree with a source per 100 persons and a citation of every person and of
 * every event, each of one of the first 39 sources (the 40th is cited by none).
 */
const citedTree = async (db: pg.Client, seed: number): Promise<GeneratedTree> => {
  const tree = await generateTree(db, { persons: 4000, seed });
  const t = tree.treeId;
  await db.query(
    `insert into sources (id, tree_id, title, author, publication, notes, created_at, updated_at)
     select gen_random_uuid(), $1, 'Register ' || g, '', '', '', now(), now() from generate_series(1, 40) g`, [t]);
  await db.query(
    `with cited as (select array_agg(id order by id) as ids from (select id from sources where tree_id = $1 order by id limit 39) x)
     insert into citations (id, tree_id, source_id, target_kind, target_id, page, detail, created_at, updated_at)
     select gen_random_uuid(), $1, cited.ids[1 + abs(hashtext(g.id::text)) % 39], g.kind, g.id, '', '', now(), now()
     from cited, (select 'person' as kind, id from persons where tree_id = $1 union all select 'event', id from events where tree_id = $1) g`, [t]);
  return tree;
};

/**
 * Soft-deletes at `at`, in `table` of the tree, the `n` live rows last by id that meet `where`; and the
 * condition (for `where`) that `column` names a person not soft-deleted.
 */
const deleter = (db: pg.Client, treeId: string, at: Date) => ({
  del: async (table: string, n: number, where = ''): Promise<void> => {
    await db.query(`update ${table} set deleted_at = $2 where id in (select id from ${table} where tree_id = $1 and deleted_at is null ${where} order by id desc limit ${n})`, [treeId, at.toISOString()]);
  },
  alive: (column: string): string => `and ${column} not in (select id from persons where deleted_at is not null)`,
});

describe('the purge reads the rows it removes, not the tables', function () {
  this.timeout(300_000);
  let url: string;
  let db: pg.Client;
  let tree: GeneratedTree;
  const old = new Date('2026-01-01T00:00:00Z');
  const cutoff = new Date('2026-06-01T00:00:00Z');

  /** The purge's statement as pgPurges runs it, under EXPLAIN ANALYZE, rolled back: its counts' row and the rows read per table. */
  const explainedPurge = async (): Promise<{ readonly read: Map<string, number>; readonly counts: Record<string, number> }> => {
    let read = new Map<string, number>();
    const explaining = explainingSql(db, (plan) => (read = rowsRead(plan, new Map())));
    await db.query('begin');
    try {
      const counts = await pgPurges(explaining).purgeDeletedBefore(cutoff);
      return { read, counts: { ...counts } };
    } finally {
      await db.query('rollback');
    }
  };

  before(async () => {
    url = await freshDatabaseUrl();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    tree = await citedTree(db, 27);
    // Soft-deleted before the cutoff: two persons (their names, events, edges and citations go with
    // them), a name, an event, an edge, a citation and a source of the others.
    const { del } = deleter(db, tree.treeId, old);
    await del('persons', 2);
    await del('names', 1, 'and person_id not in (select id from persons where deleted_at is not null)');
    await del('events', 1, 'and person_id not in (select id from persons where deleted_at is not null)');
    await del('relationships', 1, 'and person_a_id not in (select id from persons where deleted_at is not null) and person_b_id not in (select id from persons where deleted_at is not null)');
    await del('citations', 1, "and target_kind = 'person' and target_id not in (select id from persons where deleted_at is not null)");
    await del('sources', 1, 'and id not in (select source_id from citations)');
    await db.query('analyze');
  });
  after(async () => {
    await db?.end();
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  it('removes what was soft-deleted before the cutoff (the statement measured is the one that purges)', async () => {
    const { counts } = await explainedPurge();
    expect(counts).to.include({ persons: 2, names: 1, events: 1, relationships: 1, citations: 1, sources: 1, trees: 0, users: 0, media: 0, repositories: 0 });
  });

  it('reads, per table, rows in proportion to what it removes, however many rows the tables hold', async () => {
    const { rows: [size] } = await db.query<{ persons: number; names: number; events: number; relationships: number; citations: number }>(
      `select (select count(*) from persons)::int as persons, (select count(*) from names)::int as names, (select count(*) from events)::int as events,
              (select count(*) from relationships)::int as relationships, (select count(*) from citations)::int as citations`);
    expect(size!.persons).to.equal(4000);
    expect(size!.events).to.be.greaterThan(6000);
    expect(size!.citations).to.be.greaterThan(10000);
    const { read } = await explainedPurge();
    const total = [...read.values()].reduce((a, b) => a + b, 0);
    // Two persons with a few names, events, edges and citations each, and six records of others: a
    // few dozen rows, and the tables hold some 40,000.
    expect(Object.fromEntries([...read].filter(([, n]) => n > 100)), 'tables read past 100 rows').to.deep.equal({});
    expect(total, `rows read: ${JSON.stringify(Object.fromEntries(read))}`).to.be.at.most(400);
  });
});

// The purge tells what counts under its own kind by testing each row against the sets it removes
// (the persons, edges and records that go): `x not in (select id from p)` is a hashed subplan only
// while the set fits work_mem (times hash_mem_multiplier); past it PostgreSQL plans a plain subplan,
// which scans the set again for every row. A tree of 100,000 persons whose import was undone (or
// deleted person by person) is a set of more than 560,000 records, past what the default work_mem
// holds: a purge that compares each citation with all of them does not end, and runs in every
// instance's hourly worker. Here the sets pass work_mem by a 4,000-person tree and a work_mem of 64 kB.
describe('the purge of many records reads each set it removes once, whatever work_mem', function () {
  this.timeout(300_000);
  let url: string;
  let db: pg.Client;
  const old = new Date('2026-01-01T00:00:00Z');
  const cutoff = new Date('2026-06-01T00:00:00Z');

  /** Rows read from the statement's CTEs (kept plus filtered out, over every loop). */
  const cteRowsRead = (node: PlanNode): number =>
    (node['Node Type'] === 'CTE Scan' ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'] : 0)
    + (node.Plans ?? []).reduce((n, child) => n + cteRowsRead(child), 0);

  before(async () => {
    url = await freshDatabaseUrl();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    const { treeId } = await citedTree(db, 28);
    // Three quarters of the persons soft-deleted before the cutoff (as an undone import leaves them:
    // their names, events, edges and citations go with them), and of the others a name, an event,
    // an edge, a citation and a source.
    const { del, alive } = deleter(db, treeId, old);
    await del('persons', 3000);
    await del('names', 1, alive('person_id'));
    await del('events', 1, `${alive('person_id')} and person_id is not null`);
    await del('relationships', 1, `${alive('person_a_id')} ${alive('person_b_id')}`);
    await del('citations', 1, `and target_kind = 'person' ${alive('target_id')}`);
    await del('sources', 1, 'and id not in (select source_id from citations)');
    await db.query('analyze');
  });
  after(async () => {
    await db?.end();
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  it('counts what it removes, and reads its sets in proportion to them, not once per row tested', async () => {
    let plan: PlanNode | undefined;
    const explaining = explainingSql(db, (root) => (plan = root));
    const { rows: [going] } = await db.query<{ n: number }>(
      `select ((select count(*) from persons where deleted_at is not null) + (select count(*) from names n join persons p on p.id = n.person_id where p.deleted_at is not null)
        + (select count(*) from events e join persons p on p.id = e.person_id where p.deleted_at is not null)
        + (select count(*) from relationships r join persons a on a.id = r.person_a_id join persons b on b.id = r.person_b_id where a.deleted_at is not null or b.deleted_at is not null))::int as n`);
    expect(going!.n).to.be.greaterThan(10_000);
    await db.query('begin');
    let counts: Record<string, number>;
    try {
      await db.query(`set local work_mem = '64kB'`);
      counts = { ...(await pgPurges(explaining).purgeDeletedBefore(cutoff)) };
    } finally {
      await db.query('rollback');
    }
    expect(counts).to.include({ persons: 3000, names: 1, events: 1, relationships: 1, citations: 1, sources: 1, trees: 0, users: 0, media: 0, repositories: 0 });
    // Each set is read a few times (to build it, to delete it, to count, to test against it), not
    // once for each row tested against it (a plain subplan: tens of millions of rows here).
    const read = cteRowsRead(plan!);
    expect(read, `rows read from the CTEs, for ${going!.n} records going`).to.be.at.most(20 * going!.n);
  });
});
