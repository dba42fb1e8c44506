// `npm run bench -- duplicates` (issue 15): the duplicate finder, GET /trees/{id}/duplicates, on the
// generated tree (BENCH_PERSONS, default 100,000) with planted duplicates: PLANTED persons (by a hash
// of their id) get a copy in SQL, without relationships, each with one of four changes: the same name
// born a year later; the surname's i and y swapped; the given name's last letter dropped; the
// surname's last letter dropped and born a year earlier. Recall is the planted pairs found; every
// other pair is counted as a false one (the generated tree has no duplicates of its own, though it
// has look-alikes by chance), so the precision printed is a lower bound. The service runs in a
// process of its own (its RSS sampled every 20 ms); beside each run, a bare Koa + pg baseline
// (bare-duplicates.ts) reads the same rows. Goal: under 10 s.
import os from 'node:os';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { startBareDuplicates } from './bare-duplicates.js';
import { log, mb, median, ms, printTable, registerUser, runMain, startScratchTree } from './harness.js';
import { processRss, startServiceProcess } from './service-process.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
const PLANTED = Number(process.env['BENCH_PLANTED'] ?? 1_000);
if (!Number.isInteger(N) || N < 10) throw new Error('BENCH_PERSONS must be an integer >= 10');
const RUNS = 3;
const GOAL_MS = 10_000;

const byte = (n: number, col = 'p.id') => `get_byte(decode(md5(${col}::text), 'hex'), ${n})`;
const plant = [
  `create temp table planted as
     select p.id as original, gen_random_uuid() as copy, (row_number() over (order by p.id))::int % 4 as change
     from persons p where p.tree_id = $1 and exists (select 1 from names n where n.person_id = p.id) order by ${byte(0)}, p.id limit ${PLANTED}`,
  `insert into persons (id, tree_id, sex, is_living, privacy, notes, birth_year, has_death_fact, created_at, updated_at)
     select pl.copy, p.tree_id, p.sex, p.is_living, p.privacy, '', p.birth_year, p.has_death_fact, now(), now() from planted pl join persons p on p.id = pl.original`,
  `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
     select gen_random_uuid(), n.tree_id, pl.copy, n.name_type,
       case when pl.change = 2 and length(n.given_name) > 3 then left(n.given_name, -1) else n.given_name end,
       case pl.change when 1 then translate(n.surname, 'iyIY', 'yiYI') when 3 then case when length(n.surname) > 3 then left(n.surname, -1) else n.surname end else n.surname end,
       n.is_primary, now()
     from planted pl join names n on n.person_id = pl.original and n.deleted_at is null`,
  `insert into events (id, tree_id, type, person_id, partnership_id, date, place_id, notes, detail, created_at, updated_at)
     select gen_random_uuid(), e.tree_id, e.type, pl.copy, null,
       case when e.type = 'birth' and e.date ? 'year' and pl.change in (0, 3) then jsonb_set(e.date, '{year}', to_jsonb((e.date->>'year')::int + case pl.change when 0 then 1 else -1 end)) else e.date end,
       e.place_id, '', '', now(), now()
     from planted pl join events e on e.person_id = pl.original and e.deleted_at is null and e.type in ('birth', 'death')`,
];

const main = async (): Promise<void> => {
  const { scratch, tree } = await startScratchTree({ persons: N, seed: SEED });
  try {
    const { treeId } = tree;
    const { db } = scratch;
    log(`planting ${PLANTED} duplicates`);
    for (const sql of plant) await db.query(sql, sql.includes('$1') ? [treeId] : []);
    const pairs = new Map((await db.query<{ original: string; copy: string; change: number }>('select original, copy, change from planted')).rows.map((r) => [[r.original, r.copy].sort().join('|'), r.change]));
    await db.query('analyze persons, names, events');
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    log('starting the service process and the bare baseline');
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir });
    scratch.onClose(() => svc.stop());
    const bare = await startBareDuplicates(scratch.url);
    scratch.onClose(() => bare.stop());
    const owner = await registerUser(svc.api, 'owner@duplicates.bench');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [treeId, owner.id]);
    const rssBefore = await svc.rss();

    type Pair = { person_ids: [string, string]; score: 'high' | 'medium' };
    const runs: { ms: number; peak: number; bytes: number; pairs: Pair[] }[] = [];
    const bareRuns: { ms: number; rows: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`finder run ${i + 1}`);
      let peak = await svc.rss();
      const timer = setInterval(() => void processRss(svc.pid).then((r) => (peak = Math.max(peak, r))), 20);
      const t0 = performance.now();
      const res = await fetch(`${svc.api}/trees/${treeId}/duplicates`, { headers: { authorization: `Bearer ${owner.token}` } });
      const text = await res.text();
      const elapsed = performance.now() - t0;
      clearInterval(timer);
      if (res.status !== 200) throw new Error(`duplicates: ${res.status} ${text.slice(0, 300)}`);
      runs.push({ ms: elapsed, peak: Math.max(peak, await svc.rss()), bytes: Buffer.byteLength(text), pairs: JSON.parse(text) as Pair[] });
      const b0 = performance.now();
      const bareRes = await fetch(`${bare.url}/trees/${treeId}/duplicates`);
      const bareText = await bareRes.text();
      bareRuns.push({ ms: performance.now() - b0, rows: (JSON.parse(bareText) as unknown[]).length });
    }
    const found = runs[0]!.pairs;
    const key = (p: Pair) => [...p.person_ids].sort().join('|');
    const hits = found.filter((p) => pairs.has(key(p)));
    const byChange = [0, 1, 2, 3].map((c) => {
      const planted = [...pairs.values()].filter((x) => x === c).length;
      const got = hits.filter((p) => pairs.get(key(p)) === c).length;
      return `${got}/${planted}`;
    });
    const times = runs.map((r) => r.ms);
    const worst = Math.max(...times);
    const bareMedian = median(bareRuns.map((r) => r.ms));
    const c = tree.counts;
    printTable(`Benchmark: duplicate finder over HTTP (${RUNS} runs), ${os.cpus().length} cores`, [
      ['tree', `${c.persons} generated persons + ${pairs.size} planted copies, ${c.names} names, ${c.events} events, ${c.relationships} relationships`],
      ['service RSS before', mb(rssBefore)],
      ['finder time', `median ${ms(median(times))}, max ${ms(worst)} (runs ${times.map((t) => ms(t)).join(', ')}); goal < ${GOAL_MS} ms: ${worst < GOAL_MS ? 'met' : 'NOT met'}`],
      ['service RSS peak', mb(Math.max(...runs.map((r) => r.peak)))],
      ['bare Koa + pg baseline (the same statements and pages, rows as JSON)', `median ${ms(bareMedian)}, ${bareRuns[0]!.rows} rows; ratio ${(median(times) / bareMedian).toFixed(1)}x`],
      ['pairs proposed', `${found.length} (${found.filter((p) => p.score === 'high').length} high, ${found.filter((p) => p.score === 'medium').length} medium), ${mb(runs[0]!.bytes)}`],
      ['recall of planted pairs', `${hits.length}/${pairs.size} = ${(hits.length / pairs.size).toFixed(3)} (by change: year+1 ${byChange[0]}, i/y swapped ${byChange[1]}, given cut ${byChange[2]}, surname cut and year-1 ${byChange[3]}); at high ${hits.filter((p) => p.score === 'high').length}`],
      ['precision (lower bound)', `${(hits.length / Math.max(1, found.length)).toFixed(3)}`],
    ]);
    if (worst >= GOAL_MS) console.log('\nMissed goal: finder under 10 s');
  } finally {
    await scratch.close();
  }
};

runMain(main);
