// `node --import tsx spec/bench/charts.ts` (issue 15): 10-generation pedigree and descendant charts on
// the 100,000-person tree over HTTP, the service in a process of its own, beside a bare Koa + pg
// process (this file run with CHARTS_BARE=1) that runs the service's own chart statement for a
// non-member (the root, the recursive CTE and the boxes, recorded from adapters/postgres/charts.ts so
// the two cannot drift) and answers its row as JSON: no session, no privacy decision, no nesting.
// CLIENTS closed-loop clients for BENCH_SECONDS each, after a short warm-up: pedigrees of random
// persons of the youngest generation (the deepest lines up), descendants of random persons of generation 2 (deep lines down, several
// generations below), and of founders (the largest, up to the 5,000-person cap); as a non-member of
// the public tree (the privacy path), pedigrees as a member too; then each with one client alone.
// The clients run in a load generator process of their own (loadgen.ts); each load reports its CPU
// (client, service, bare, PostgreSQL, the rest of the machine) and is INVALID when the client used
// more than half a core.
// Environment: BENCH_PERSONS (default 100000), BENCH_SECONDS (default 10), BENCH_SEED, DATABASE_URL.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pgChartReads } from '../../adapters/postgres/charts.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';
import { CHART_PERSON_CAP, type LineageDirection } from '../../core/charts/ports.js';
import { vitalTypes } from '../../core/people/vitals.js';
import { isMain, serveBare, startBareProcess } from './bare-process.js';
import { postgresMeter, processMeter } from './cpu.js';
import { generateTree, seededRandom, type GeneratedTree } from './generate-tree.js';
import { log, mb, median, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { startLoadGenerator } from './loadgen.js';
import { cpuRow, invalidRuns, latency, rate, verdict, type LoadOptions, type LoadResult } from './reads-measure.js';
import { startServiceProcess } from './service-process.js';

const GENERATIONS = 10;
const BARE_POOL_MAX = 10;

/** The chart statement and its parameters exactly as the service's adapter sends them, for a non-member. */
const chartStatement = async (rootId: string, direction: LineageDirection) => {
  let seen: { text: string; values: unknown[] } | undefined;
  const refuse = (): never => {
    throw new Error('the chart only reads');
  };
  const recorder: Sql = {
    rows: async <R>(sql: string, params: readonly unknown[] = []) => {
      seen = { text: numbered(sql), values: [...params] };
      return [] as R[];
    },
    run: refuse, tx: refuse, copy: refuse, bytes: refuse,
  };
  await pgChartReads(recorder).chart(rootId, null, direction, GENERATIONS, CHART_PERSON_CAP, vitalTypes, { byRole: false, now: new Date() });
  return seen!;
};

const serveChart = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, BARE_POOL_MAX, async (ctx, pool) => {
    // /{up|down}/{personId}
    const [, direction, personId] = ctx.path.split('/');
    if ((direction !== 'up' && direction !== 'down') || !personId) {
      ctx.status = 404;
      return;
    }
    const s = await chartStatement(personId, direction);
    ctx.type = 'application/json';
    // Named, so each connection plans it once, as the service's Sql does (adapters/postgres/sql.ts).
    ctx.body = JSON.stringify((await pool.query({ name: `chart-${direction}`, text: s.text, values: s.values })).rows);
  });

const int = (name: string, fallback: number, min: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min}`);
  return v;
};

const main = async (): Promise<void> => {
  const N = int('BENCH_PERSONS', 100_000, 10);
  const SECONDS = int('BENCH_SECONDS', 10, 1);
  const SEED = int('BENCH_SEED', 20261122, 0);
  const CLIENTS = 32;
  const WARM_SECONDS = Math.min(3, SECONDS);
  const GOAL_P95 = 50;
  let tree: GeneratedTree | undefined;
  const scratch = await startScratchDatabase({
    closeOnSignal: true,
    seed: async (db) => {
      log(`generating ${N} persons`);
      tree = await generateTree(db, { persons: N, seed: SEED });
      await db.query(`update trees set visibility = 'public' where id = $1`, [tree.treeId]);
      await db.query('vacuum analyze');
    },
  });
  try {
    if (tree === undefined) throw new Error('the tree was not generated');
    const big = tree;
    const { db } = scratch;
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    log('starting the service process (it fills kept privacy facts at start)');
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir, readyWithinMs: 30 * 60_000 });
    scratch.onClose(() => svc.stop());
    await db.query('vacuum analyze persons');
    log('starting the bare Koa + pg baseline process');
    process.env['CHARTS_BARE'] = '1';
    const bare = await startBareProcess(import.meta.url, scratch.url).finally(() => delete process.env['CHARTS_BARE']);
    scratch.onClose(() => bare.stop());
    const load = await startLoadGenerator([processMeter('service', svc.pid), processMeter('bare', bare.pid), await postgresMeter(db)]);
    scratch.onClose(() => load.stop());
    const owner = await registerUser(svc.api, 'owner@charts.bench');
    const stranger = await registerUser(svc.api, 'stranger@charts.bench');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [big.treeId, owner.id]);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });

    // Persons are generated generation by generation: slice the list by perGeneration.
    const gens = big.counts.perGeneration;
    const generation = (g: number) => {
      const start = gens.slice(0, g).reduce((a, b) => a + b, 0);
      return big.persons.slice(start, start + gens[g]!).map((p) => p.id);
    };
    const youngest = generation(gens.length - 1);
    const second = generation(Math.min(2, gens.length - 1));
    const founders = generation(0);
    const rng = seededRandom(SEED ^ 0xc4a27);
    const randomOf = (xs: readonly string[]) => () => xs[Math.floor(rng() * xs.length)]!;

    // The size of what each kind of chart answers, on a sample of roots (one request each, quiet service).
    const sizes = async (kind: string, roots: () => string, headers: Record<string, string>) => {
      const persons: number[] = [];
      const bytes: number[] = [];
      let truncated = 0;
      for (let i = 0; i < 30; i++) {
        const text = await (await fetch(`${svc.api}/persons/${roots()}/${kind}?generations=${GENERATIONS}`, { headers })).text();
        bytes.push(text.length);
        persons.push(text.split('"person":').length - 1);
        if (text.includes('"truncated":true')) truncated += 1;
      }
      return `persons per chart median ${median(persons)}, max ${Math.max(...persons)}; ${mb(median(bytes))} median body; ${truncated}/30 truncated`;
    };
    const shapes: [string, string][] = [
      ['pedigree, youngest generation', await sizes('pedigree', randomOf(youngest), as(owner.token))],
      ['descendants, generation 2', await sizes('descendants', randomOf(second), as(owner.token))],
      ['descendants, founders', await sizes('descendants', randomOf(founders), as(owner.token))],
    ];

    const loaded = async (label: string, o: Omit<LoadOptions, 'clients' | 'seconds'>): Promise<LoadResult> => {
      log(`${label}: warm-up, then ${CLIENTS} clients for ${SECONDS} s`);
      await load.run({ ...o, clients: CLIENTS, seconds: WARM_SECONDS });
      return load.run({ ...o, clients: CLIENTS, seconds: SECONDS });
    };
    const service = (kind: string, roots: () => string, token: string) => ({
      next: () => `${svc.api}/persons/${roots()}/${kind}?generations=${GENERATIONS}`, headers: as(token), expected: [200, 404],
    });
    const bareOf = (direction: LineageDirection, roots: () => string) => ({ next: () => `${bare.url}/${direction}/${roots()}`, headers: {}, expected: [200] });
    const runs: [string, LoadResult, LoadResult | null][] = [];
    const pair = async (label: string, kind: string, direction: LineageDirection, roots: () => string) => {
      const b = await loaded(`bare ${label}`, bareOf(direction, roots));
      runs.push([`${label}, non-member`, await loaded(`${label}, non-member`, service(kind, roots, stranger.token)), b]);
    };
    await pair('pedigree, youngest generation', 'pedigree', 'up', randomOf(youngest));
    runs.push(['pedigree, youngest generation, member', await loaded('pedigree, member', service('pedigree', randomOf(youngest), owner.token)), null]);
    await pair('descendants, generation 2', 'descendants', 'down', randomOf(second));
    await pair('descendants, founders (capped)', 'descendants', 'down', randomOf(founders));

    // One client alone: the latency of a chart without queueing behind 31 others on 2 cores.
    const aloneRuns: [string, LoadResult][] = [];
    const alone = async (label: string, o: Omit<LoadOptions, 'clients' | 'seconds'>): Promise<[string, string][]> => {
      log(`${label}: one client for ${Math.min(5, SECONDS)} s`);
      const r = await load.run({ ...o, clients: 1, seconds: Math.min(5, SECONDS), requests: 5_000 });
      aloneRuns.push([`${label}, one client`, r]);
      return [[`  ${label}, one client`, `${rate(r)}, ${latency(r, ['p50', 'p95', 'p99'])}${r.errors === 0 ? '' : `; ${r.errors} UNEXPECTED`} | ${r.validity}`], cpuRow(r)];
    };
    const single: [string, string][] = [
      ...(await alone('bare pedigree', bareOf('up', randomOf(youngest)))),
      ...(await alone('pedigree, non-member', service('pedigree', randomOf(youngest), stranger.token))),
      ...(await alone('pedigree, member', service('pedigree', randomOf(youngest), owner.token))),
      ...(await alone('descendants generation 2, non-member', service('descendants', randomOf(second), stranger.token))),
      ...(await alone('descendants of founders, non-member', service('descendants', randomOf(founders), stranger.token))),
    ];

    const missed: string[] = [];
    const problems = (r: LoadResult) => (r.errors === 0 ? '' : `; ${r.errors} UNEXPECTED (${r.samples.join('; ')})`);
    const c = big.counts;
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    printTable(`Benchmark: ${GENERATIONS}-generation charts over HTTP, ${os.cpus().length} cores, ${CLIENTS} closed-loop clients for ${SECONDS} s per load`, [
      ['Node / PostgreSQL', `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}`],
      ['tree', `${c.persons} persons, ${c.relationships} relationships, ${c.generations} generations (${gens.join(', ')})`],
      ['bare Koa + pg baseline', `own process, pg Pool max ${BARE_POOL_MAX}, no auth: the service's chart statement (non-member), its row as JSON`],
      ['load generator', 'own process (loadgen.ts: keep-alive HTTP/1.1 over node:net, one core); a load is INVALID when it used more than half of it'],
      ...shapes,
      ...runs.flatMap(([label, r, b]): [string, string][] => {
        const ok = r.p.p95 <= GOAL_P95 && r.errors === 0;
        if (!ok) missed.push(label);
        return [
          ...(b === null ? [] : [[`  bare ${label.replace(', non-member', '')}`, `${rate(b)}, ${latency(b, ['p50', 'p95'])}${problems(b)} | ${b.validity}`] as [string, string], cpuRow(b)]),
          [`  ${label}`, `${rate(r)}, ${latency(r, ['p50', 'p95'])}; ${r.statuses}${problems(r)}` +
            `${b === null ? '' : ` | ${(r.perSecond / b.perSecond).toFixed(2)}x of bare req/s, p95 ${(r.p.p95 / b.p.p95).toFixed(2)}x bare`} | goal p95 <= ${GOAL_P95} ms: ${verdict(ok)} | ${r.validity}`],
          cpuRow(r),
        ];
      }),
      ...single,
    ]);
    console.log(missed.length === 0 ? '\nEvery goal met.' : `\nMissed goals: ${missed.join('; ')}`);
    const invalid = invalidRuns([...runs.flatMap(([label, r, b]): [string, LoadResult][] => [[label, r], ...(b === null ? [] : [[`bare ${label}`, b] as [string, LoadResult]])]), ...aloneRuns]);
    console.log(invalid.length === 0 ? 'Every load valid (client <= 0.5 core).' : `INVALID loads (the client may have set the pace): ${invalid.join('; ')}`);
  } finally {
    await scratch.close();
  }
};

if (process.env['CHARTS_BARE'] === '1' && isMain(import.meta.url)) serveChart(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
else if (isMain(import.meta.url)) runMain(main);
