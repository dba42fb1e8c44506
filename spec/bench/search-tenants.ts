// `npm run bench -- search-tenants`: the name search's word lookup in a database of many tenants
// (migration 20270120090000), the shape before against the shape now, alternated in one run on one
// connection, as the service runs it (a prepared statement, the connection's similarity threshold).
//
// - before: a GIN index on the word alone, the unique key (tree_id, word), the words matched in a
//   join, pg_trgm's `%` at its own cost (1);
// - now: one GIN index of (tree_id, word), the unique key (word, tree_id), each query word's matches
//   in a subquery the planner may not pull up, `%` costed as 100.
//
// Both are tables of their own in the scratch database holding the same rows: the bench vocabulary's
// 1,273 distinct given names and surnames (the words of a 100,000-person bench tree), for the tree
// searched and for each of BENCH_TENANTS other trees (default 300). The queries are 1,000 surnames
// with one typo, as the reads bench sends (typos.ts). Reported: the lookup's wall time per query on
// the database's side of one connection (round trip included), per round, and the words found (equal).
// A statement-level A/B, not an HTTP load: the search's HTTP figures are the reads bench's.
import pg from 'pg';
import { log, printTable, runMain, startScratchDatabase } from './harness.js';
import { femaleGivenNames, maleGivenNames, surnames } from './vocabulary.js';
import { withTypo } from './typos.js';

const TENANTS = Number(process.env['BENCH_TENANTS'] ?? 300);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const QUERIES = 1000;
const TREE = '11111111-1111-1111-1111-111111111111';

const BEFORE = `select count(*)::int as n from unnest(array[$1::text]) q(w)
  join words_before d on d.tree_id = $2::uuid and d.word % q.w where similarity(d.word, q.w) >= 0.2`;
const NOW = `select count(*)::int as n from unnest(array[$1::text]) q(w)
  cross join lateral (select similarity(d.word, q.w) as s from words_now d where d.tree_id = $2::uuid and d.word % q.w offset 0) d where d.s >= 0.2`;

const main = async (): Promise<void> => {
  const scratch = await startScratchDatabase({ closeOnSignal: true });
  try {
    const db: pg.Client = scratch.db;
    const words = [...new Set([...maleGivenNames, ...femaleGivenNames, ...surnames].map((w) => w.toLowerCase()))];
    log(`filling two tables with ${words.length} words for each of ${TENANTS + 1} trees`);
    for (const t of ['words_before', 'words_now']) {
      await db.query(`create table ${t} (id bigserial primary key, tree_id uuid not null, word text not null)`);
      await db.query(`insert into ${t} (tree_id, word) select $1::uuid, w from unnest($2::text[]) w`, [TREE, words]);
      await db.query(
        `insert into ${t} (tree_id, word) select ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, w from generate_series(1, $2::int) g, unnest($1::text[]) w`,
        [words, TENANTS],
      );
    }
    await db.query('alter table words_before add unique (tree_id, word)');
    await db.query('create index on words_before using gin (word gin_trgm_ops)');
    await db.query('alter table words_now add unique (word, tree_id)');
    await db.query('create index on words_now using gin (tree_id, word gin_trgm_ops)');
    await db.query('analyze words_before; analyze words_now');
    await db.query(`set pg_trgm.similarity_threshold = 0.2`);
    // The cost of `%` is the database's (the migration set 100 where it could): each shape runs with its own.
    const costOf = async (): Promise<number> => Number((await db.query(`select procost from pg_proc where proname = 'similarity_op'`)).rows[0].procost);
    const migrated = await costOf();
    const setCost = async (c: number): Promise<boolean> => {
      try {
        await db.query(`alter function similarity_op(text, text) cost ${c}`);
        return true;
      } catch {
        return false;
      }
    };
    let seed = 7;
    const rng = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const queries = Array.from({ length: QUERIES }, () => withTypo(rng, { id: '', given: '', surname: surnames[Math.floor(rng() * surnames.length)]! }).trim().toLowerCase());
    const run = async (name: string, text: string, cost: number): Promise<{ us: number; found: number; costed: boolean }> => {
      const costed = await setCost(cost);
      const t0 = process.hrtime.bigint();
      let found = 0;
      for (const w of queries) found += Number((await db.query({ name, text, values: [w, TREE] })).rows[0].n);
      return { us: Number(process.hrtime.bigint() - t0) / 1e3 / QUERIES, found, costed };
    };
    const rows: [string, string][] = [
      ['trees, words', `${TENANTS + 1} trees of ${words.length} words (${(TENANTS + 1) * words.length} rows a table)`],
      ['queries', `${QUERIES} surnames with one typo, ${ROUNDS} rounds, the two shapes alternated`],
    ];
    const before: number[] = [];
    const now: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      log(`round ${round + 1} of ${ROUNDS}`);
      const a = await run('before', BEFORE, 1);
      const b = await run('now', NOW, 100);
      if (a.found !== b.found) throw new Error(`the shapes found different words: ${a.found} and ${b.found}`);
      before.push(a.us);
      now.push(b.us);
      rows.push([`round ${round + 1}`, `before ${a.us.toFixed(0)} us, now ${b.us.toFixed(0)} us a lookup (${a.found} words found by each)${a.costed && b.costed ? '' : '; the cost of % could not be set here'}`]);
    }
    await setCost(migrated);
    const med = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    rows.push(['median', `before ${med(before).toFixed(0)} us, now ${med(now).toFixed(0)} us a lookup: ${(med(before) / med(now)).toFixed(1)}x`]);
    printTable(`Benchmark: the name search's word lookup among ${TENANTS} other tenants, before and after migration 20270120090000`, rows);
  } finally {
    await scratch.close();
  }
};

runMain(main);
