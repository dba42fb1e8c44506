// `npm run bench`: the real service over PostgreSQL with a large synthetic tree, measured over HTTP.
// Never part of `npm test` (no *.spec.ts here). Environment:
//   BENCH_PERSONS   tree size (default 100000)
//   BENCH_SEED      PRNG seed of the tree and of the samples (default 20261122)
//   DATABASE_URL    an existing server (a scratch database is created and dropped); else an embedded one
import os from 'node:os';
import { loadConfig } from '../../bootstrap/config.js';
import { generateTree, seededRandom, type GeneratedTree } from './generate-tree.js';
import { withTypo } from './typos.js';
import { log, mb, median, ms, printTable, quantile, runMain, startBenchService, withPeakRss } from './harness.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
if (!Number.isInteger(N) || N < 10) throw new Error('BENCH_PERSONS must be an integer >= 10');

type Timed = { readonly ms: number; readonly bytes: number; readonly status: number; readonly body: Buffer };

const main = async (): Promise<void> => {
  const rows: [string, string][] = [];
  const row = (label: string, value: string) => {
    rows.push([label, value]);
    log(`${label}: ${value}`);
  };
  let generated: GeneratedTree | undefined;
  let databaseBytes = 0;
  // 1. A scratch database with the synthetic tree, and the real service on a loopback port.
  const svc = await startBenchService({
    seed: async (db) => {
      log(`generating ${N} persons`);
      generated = await generateTree(db, { persons: N, seed: SEED });
      databaseBytes = Number((await db.query<{ bytes: string }>(`select pg_database_size(current_database())::text as bytes`)).rows[0]!.bytes);
    },
  });
  try {
    if (generated === undefined) throw new Error('the tree was not generated');
    const tree = generated;
    const c = tree.counts;
    const { api, db } = svc;
    const config = loadConfig({});
    const owner = await svc.register('owner@bench.example');
    const stranger = await svc.register('stranger@bench.example');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [tree.treeId, owner.id]);
    await db.query(`update trees set visibility = 'public' where id = $1`, [tree.treeId]);

    const get = async (pathAndQuery: string, token: string): Promise<Timed> => {
      const t0 = performance.now();
      const res = await fetch(`${api}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
      const body = Buffer.from(await res.arrayBuffer());
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
      return { ms: elapsed, bytes: body.length, status: res.status, body };
    };

    // (a) The whole person list, as a member and as a non-member of the public tree.
    const listRuns = async (who: string, token: string) => {
      await get(`/trees/${tree.treeId}/persons`, token); // warm-up
      const { result, peakRss } = await withPeakRss(async () => {
        const out: Timed[] = [];
        for (let i = 0; i < 5; i++) out.push(await get(`/trees/${tree.treeId}/persons`, token));
        return out;
      });
      const times = result.map((r) => r.ms);
      const count = JSON.parse(result[0]!.body.toString('utf8')) as { redacted?: boolean }[];
      const redacted = count.filter((p) => p.redacted === true).length;
      row(`(a) list all persons, ${who}: median / min`, `${ms(median(times))} / ${ms(Math.min(...times))}`);
      row(`(a) list all persons, ${who}: response`, `${mb(result[0]!.bytes)}, ${count.length} persons (${redacted} redacted), peak RSS ${mb(peakRss)}`);
    };
    log('(a) list');
    await listRuns('member', owner.token);
    await listRuns('non-member', stranger.token);

    // (b) One person by id, 200 random ids, as a member.
    log('(b) single reads');
    const sample = seededRandom(SEED + 1);
    const randomPerson = () => tree.persons[Math.floor(sample() * tree.persons.length)]!;
    await get(`/persons/${randomPerson().id}`, owner.token);
    const singles: number[] = [];
    for (let i = 0; i < 200; i++) singles.push((await get(`/persons/${randomPerson().id}`, owner.token)).ms);
    row('(b) GET /persons/{id}, member (200 ids): median / p95', `${ms(median(singles))} / ${ms(quantile(singles, 0.95))}`);

    // (c, d) Fuzzy search with typos, as a member and as a non-member.
    const queries = Array.from({ length: 100 }, () => withTypo(sample, randomPerson()));
    const search = async (who: string, token: string) => {
      await get(`/trees/${tree.treeId}/persons?q=${encodeURIComponent(queries[0]!)}`, token);
      const times: number[] = [];
      const hits: number[] = [];
      let bytes = 0;
      for (const q of queries) {
        const r = await get(`/trees/${tree.treeId}/persons?q=${encodeURIComponent(q)}`, token);
        times.push(r.ms);
        hits.push((JSON.parse(r.body.toString('utf8')) as unknown[]).length);
        bytes += r.bytes;
      }
      row(`(${who === 'member' ? 'c' : 'd'}) search ?q= (100 typo queries), ${who}: median / p95`, `${ms(median(times))} / ${ms(quantile(times, 0.95))} (max ${ms(Math.max(...times))})`);
      row(`(${who === 'member' ? 'c' : 'd'}) search hits per query, ${who}: median / max`, `${median(hits)} / ${Math.max(...hits)} (avg body ${(bytes / queries.length / 1024).toFixed(1)} KB)`);
    };
    log('(c) search as member');
    await search('member', owner.token);
    log('(d) search as non-member');
    await search('non-member', stranger.token);

    // The search SQL of adapters/postgres/people.ts (pgNames.search), explained once.
    const q = queries[1]!;
    await db.query('begin');
    await db.query(`select set_config('pg_trgm.similarity_threshold', $1, true)`, [String(config.searchThreshold)]);
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) select n.person_id, max(similarity(lower(n.given_name || ' ' || n.surname), lower($1))) as score
       from names n join persons p on p.id = n.person_id
       where n.tree_id = $2 and n.deleted_at is null and p.deleted_at is null
         and lower(n.given_name || ' ' || n.surname) % lower($1)
       group by n.person_id
       having max(similarity(lower(n.given_name || ' ' || n.surname), lower($1))) >= $3
       order by score desc, n.person_id`,
      [q, tree.treeId, config.searchThreshold],
    );
    await db.query('commit');
    const planText = plan.rows.map((r) => r['QUERY PLAN']);
    const execution = planText.find((l) => l.startsWith('Execution Time')) ?? '';
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the search SQL for ${JSON.stringify(q)} (threshold ${config.searchThreshold}):`);
    for (const l of planText) console.log(`  ${l}`);

    // The report.
    const header: [string, string][] = [
      ['CPU cores (os.cpus().length)', String(os.cpus().length)],
      ['Node', process.version],
      ['PostgreSQL', `${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${(await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version}`],
      ['N (persons)', String(c.persons)],
      ['rows', `${c.names} names, ${c.events} events, ${c.relationships} relationships, ${c.places} places, ${c.generations} generations`],
      ['generation: build rows in memory', ms(tree.buildMs)],
      ['generation: bulk insert + analyze', ms(tree.insertMs)],
      ['database size', mb(databaseBytes)],
      ['search plan uses names_words_index', `${planText.some((l) => l.includes('names_words_index')) ? 'yes' : 'NO'} (${execution})`],
    ];
    printTable('Benchmark: GET /trees/{id}/persons, /persons/{id}, ?q= search over HTTP', [...header, ...rows]);
  } finally {
    await svc.close();
  }
};

runMain(main);
