import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { generateTree, type GeneratedTree } from '../bench/generate-tree.js';
import { pgPublicPageReads } from '../../adapters/postgres/public-pages.js';
import { TreeIndexes } from '../../adapters/postgres/tree-indexes.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';
import { rowsRead, type PlanNode } from '../support/plan-rows.js';

// A public tree's home (its surname index and counts) and the directory (each tree's counts) are
// computed from every person of the tree: 90-100 ms and 60 ms of PostgreSQL at 100,000 persons,
// for every visitor and crawler. Each instance keeps them by the tree's version (tree-indexes.ts):
// a visit while the tree is unchanged reads the tree's row alone, and the first visit after a change
// of its records reads them again. Each statement is run under EXPLAIN ANALYZE first, then for its answer.

describe('a public tree\'s surname index and counts are read once per change of the tree', function () {
  this.timeout(300_000);
  let url: string;
  let db: pg.Client;
  let tree: GeneratedTree;
  const now = new Date('2026-11-29T00:00:00Z');
  let read = new Map<string, number>();
  /** The tables the last statement read rows of, with how many. */
  const readOf = (): Record<string, number> => Object.fromEntries([...read].filter(([, n]) => n > 0));
  const explaining: Sql = {
    rows: async <R>(sql: string, params: readonly unknown[] = []): Promise<R[]> => {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${numbered(sql)}`, [...params]);
      read = rowsRead(rows[0]!['QUERY PLAN'][0].Plan);
      return (await db.query(numbered(sql), [...params])).rows as R[];
    },
    run: () => Promise.reject(new Error('not used')),
    tx: () => Promise.reject(new Error('not used')),
    copy: () => Promise.reject(new Error('not used')),
    bytes: () => Promise.reject(new Error('not used')),
  };
  /** The same reads without anything kept: what the tree holds now. */
  const fresh = pgPublicPageReads(explaining);
  const all = { letter: null, offset: 0, limit: 100_000 } as const;
  const version = async (): Promise<string> => String((await db.query('select change_seq from trees where id = $1', [tree.treeId])).rows[0].change_seq);
  /** Makes one person the engine shows redacted public (so shown in full): a change of the tree's records. */
  const publish = async (): Promise<void> => {
    const before = await version();
    await db.query(
      `update persons set privacy = 'public' where id = (select p.id from persons p where p.tree_id = $1 and p.is_living is true and p.privacy = 'default' order by p.id limit 1)`,
      [tree.treeId],
    );
    expect(await version(), 'the change drew a new version').to.not.equal(before);
  };

  before(async () => {
    url = await freshDatabaseUrl();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    tree = await generateTree(db, { persons: 3000, seed: 27 });
    await db.query('analyze');
  });
  after(async () => {
    await db?.end();
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  it('surnames: read from the persons once, then from the tree\'s row alone while the tree is unchanged', async () => {
    const reads = pgPublicPageReads(explaining, new TreeIndexes());
    const first = await reads.surnames(tree.treeId, now, all);
    expect(read.get('persons'), 'the first read').to.be.at.least(3000);
    expect(first.surnames.length).to.be.greaterThan(10);
    expect(first).to.deep.equal(await fresh.surnames(tree.treeId, now, all));

    expect(await reads.surnames(tree.treeId, now, all)).to.deep.equal(first);
    expect(readOf(), 'read again, unchanged').to.deep.equal({ trees: 1 });
    // A letter's page, from what is kept, is the one read from the persons.
    const letter = first.letters[1]!.letter;
    const page = await reads.surnames(tree.treeId, now, { letter, offset: 1, limit: 2 });
    expect(readOf()).to.deep.equal({ trees: 1 });
    expect(page).to.deep.equal(await fresh.surnames(tree.treeId, now, { letter, offset: 1, limit: 2 }));
    expect(page.surnames).to.have.length(2);

    // A change of the tree's records: read again, and what it shows now.
    await publish();
    const changed = await reads.surnames(tree.treeId, now, all);
    expect(read.get('persons'), 'the first read after a change').to.be.at.least(3000);
    expect(changed).to.deep.equal(await fresh.surnames(tree.treeId, now, all));
    expect(changed.letters.reduce((n, l) => n + l.persons, 0)).to.equal(first.letters.reduce((n, l) => n + l.persons, 0) + 1);
    await reads.surnames(tree.treeId, now, all);
    expect(readOf()).to.deep.equal({ trees: 1 });

    // Another year is another reading of who is shown.
    await reads.surnames(tree.treeId, new Date('2027-01-01T00:00:00Z'), all);
    expect(read.get('persons'), 'another year').to.be.at.least(3000);
    // An unknown tree has no index.
    expect(await reads.surnames('00000000-0000-7000-8000-000000000000', now, all)).to.deep.equal({ letters: [], surnames: [] });
  });

  it('personCounts: read from the persons once per tree, then from the trees\' rows alone while unchanged', async () => {
    const reads = pgPublicPageReads(explaining, new TreeIndexes());
    const unknown = '00000000-0000-7000-8000-000000000000';
    const first = await reads.personCounts([tree.treeId, unknown], now);
    expect(read.get('persons')).to.be.at.least(3000);
    expect(first).to.deep.equal(await fresh.personCounts([tree.treeId, unknown], now));
    expect(first.get(unknown)).to.deep.equal({ shown: 0, full: 0 });

    expect(await reads.personCounts([tree.treeId, unknown], now)).to.deep.equal(first);
    expect(readOf(), 'read again, unchanged').to.deep.equal({ trees: 1 });

    await publish();
    const changed = await reads.personCounts([tree.treeId], now);
    expect(read.get('persons')).to.be.at.least(3000);
    expect(changed.get(tree.treeId)).to.deep.equal({ ...first.get(tree.treeId)!, full: first.get(tree.treeId)!.full + 1 });
    await reads.personCounts([tree.treeId], now);
    expect(readOf()).to.deep.equal({ trees: 1 });
  });
});
