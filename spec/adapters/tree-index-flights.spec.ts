import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { generateTree, type GeneratedTree } from '../bench/generate-tree.js';
import { pgPublicPageReads } from '../../adapters/postgres/public-pages.js';
import { TreeIndexes } from '../../adapters/postgres/tree-indexes.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';

// The first visits of a public tree's home (or of the directory) after a change of the tree, or after
// the instance starts, all find nothing kept. Each used to read the whole tree (every person and a
// name each: 180 ms of PostgreSQL at 100,000 persons), so 32 visitors at that moment cost 32 such
// reads after every edit. Now the visits of one instance share the read in flight, and a visit that
// saw a newer version than the one that read is reading reads again, so no visitor is answered from
// before a change it could already see.

describe('a public tree\'s surname index and counts: concurrent visits share one read', function () {
  this.timeout(300_000);
  let url: string;
  /** Ten connections, taken in turn: statements of concurrent visits run at once. */
  let clients: pg.Client[] = [];
  let turn = 0;
  const pool = { query: (text: string, params: unknown[] = []) => clients[turn++ % clients.length]!.query(text, params) };
  let tree: GeneratedTree;
  const now = new Date('2026-11-29T00:00:00Z');
  /** Statements that read the tree's persons (the index's or the counts'), by kind. */
  let reads = { index: 0, counts: 0 };
  /** When set, a statement that read persons waits for this before it answers. */
  let gate: Promise<void> | null = null;
  const kind = (sql: string): 'index' | 'counts' | null => (/btrim\(n\.surname/.test(sql) ? 'index' : /count\(\*\) filter/.test(sql) ? 'counts' : null);
  const sql: Sql = {
    rows: async <R>(text: string, params: readonly unknown[] = []): Promise<R[]> => {
      const k = kind(text);
      const { rows } = await pool.query(numbered(text), [...params]);
      if (k !== null) {
        reads[k] += 1;
        if (gate !== null) await gate;
      }
      return rows as R[];
    },
    run: () => Promise.reject(new Error('not used')),
    tx: () => Promise.reject(new Error('not used')),
    copy: () => Promise.reject(new Error('not used')),
    bytes: () => Promise.reject(new Error('not used')),
  };
  const fresh = pgPublicPageReads(sql);
  const all = { letter: null, offset: 0, limit: 100_000 } as const;
  const version = async (): Promise<string> => String((await pool.query('select change_seq from trees where id = $1', [tree.treeId])).rows[0].change_seq);
  /** Makes one more person public (so shown in full): a change of the tree's records. */
  const publish = async (): Promise<void> => {
    const before = await version();
    await pool.query(
      `update persons set privacy = 'public' where id = (select p.id from persons p where p.tree_id = $1 and p.is_living is true and p.privacy = 'default' order by p.id limit 1)`,
      [tree.treeId],
    );
    expect(await version(), 'the change drew a new version').to.not.equal(before);
  };
  const persons = (s: { letters: readonly { persons: number }[] }): number => s.letters.reduce((n, l) => n + l.persons, 0);

  before(async () => {
    url = await freshDatabaseUrl();
    clients = Array.from({ length: 10 }, () => new pg.Client({ connectionString: url }));
    await Promise.all(clients.map((c) => c.connect()));
    tree = await generateTree(clients[0]!, { persons: 2000, seed: 29 });
    await clients[0]!.query('analyze');
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.end()));
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });
  beforeEach(() => {
    reads = { index: 0, counts: 0 };
    gate = null;
  });

  it('eight visits with nothing kept read the index once, and eight after a change once more', async () => {
    const kept = pgPublicPageReads(sql, new TreeIndexes());
    const first = await Promise.all(Array.from({ length: 8 }, () => kept.surnames(tree.treeId, now, all)));
    expect(reads.index, 'statements that read the persons').to.equal(1);
    const expected = await fresh.surnames(tree.treeId, now, all);
    for (const answer of first) expect(answer).to.deep.equal(expected);

    await publish();
    reads.index = 0;
    const changed = await Promise.all(Array.from({ length: 8 }, () => kept.surnames(tree.treeId, now, all)));
    expect(reads.index, 'after the change').to.equal(1);
    for (const answer of changed) expect(persons(answer)).to.equal(persons(expected) + 1);
  });

  it('a visit that saw a newer version than the read in flight reads again, and the older read does not replace it', async () => {
    const indexes = new TreeIndexes();
    const kept = pgPublicPageReads(sql, indexes);
    const before = await fresh.surnames(tree.treeId, now, all);
    reads.index = 0;
    let open = (): void => undefined;
    gate = new Promise<void>((resolve) => (open = resolve));
    // The first visit reads, and its answer waits; a change commits meanwhile.
    const early = kept.surnames(tree.treeId, now, all);
    while (reads.index === 0) await new Promise((r) => setTimeout(r, 5));
    await publish();
    gate = null;
    // A visit after the change waits for the read in flight (it cannot know that read's version before
    // it ends), then must show the change, not that read (from before it).
    const later = kept.surnames(tree.treeId, now, all);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads.index, 'the later visit waits for the read in flight').to.equal(1);
    open();
    const late = await later;
    expect(reads.index, 'the later visit read again').to.equal(2);
    expect(persons(late)).to.equal(persons(before) + 1);
    expect(persons(await early), 'the first visit, begun before the change').to.equal(persons(before));
    // What is kept is the newer one: the next visit reads the tree's row alone.
    expect(persons(await kept.surnames(tree.treeId, now, all))).to.equal(persons(before) + 1);
    expect(reads.index).to.equal(2);
  });

  it('the directory\'s counts: eight visits with nothing kept count each tree once', async () => {
    const kept = pgPublicPageReads(sql, new TreeIndexes());
    const unknown = '00000000-0000-7000-8000-000000000000';
    const answers = await Promise.all(Array.from({ length: 8 }, () => kept.personCounts([tree.treeId, unknown], now)));
    expect(reads.counts, 'statements that counted persons').to.equal(1);
    const expected = await fresh.personCounts([tree.treeId, unknown], now);
    for (const answer of answers) expect(answer).to.deep.equal(expected);

    await publish();
    reads.counts = 0;
    const changed = await Promise.all(Array.from({ length: 8 }, () => kept.personCounts([tree.treeId], now)));
    expect(reads.counts, 'after the change').to.equal(1);
    for (const answer of changed) expect(answer.get(tree.treeId)!.full).to.equal(expected.get(tree.treeId)!.full + 1);
  });

  it('a directory visit that saw a newer version than the count in flight counts again', async () => {
    const kept = pgPublicPageReads(sql, new TreeIndexes());
    const before = (await fresh.personCounts([tree.treeId], now)).get(tree.treeId)!;
    reads.counts = 0;
    let open = (): void => undefined;
    gate = new Promise<void>((resolve) => (open = resolve));
    const early = kept.personCounts([tree.treeId], now);
    while (reads.counts === 0) await new Promise((r) => setTimeout(r, 5));
    await publish();
    gate = null;
    const later = kept.personCounts([tree.treeId], now);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads.counts, 'the later visit waits for the count in flight').to.equal(1);
    open();
    const late = await later;
    expect(reads.counts, 'the later visit counted again').to.equal(2);
    expect(late.get(tree.treeId)!.full).to.equal(before.full + 1);
    expect((await early).get(tree.treeId)!.full).to.equal(before.full);
    expect((await kept.personCounts([tree.treeId], now)).get(tree.treeId)!.full).to.equal(before.full + 1);
    expect(reads.counts).to.equal(2);
  });
});
