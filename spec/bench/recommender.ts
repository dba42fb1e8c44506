// `npm run bench -- recommender` (issue 11): the relationship calculator and the recommendations over
// HTTP on the generated tree (BENCH_PERSONS, default 100,000), the service in a process of its own.
// Goals: relationship between two random persons p95 < 50 ms; recommendations p95 < 200 ms (no provider).
// Each endpoint runs PAIRS requests one after another (random persons from a seeded PRNG), then
// CLIENTS closed-loop clients for SECONDS. The generated tree is a forest (each founder couple's
// descendants marry newly made spouses), so random pairs are almost never related: the relationship
// runs once with random pairs and once with pairs a random walk connected. A preload in the service process wraps pg's Client#query
// and counts statements, rows answered and time spent waiting for them (SQL time: sent until
// answered, pool queueing inside pg included), so a request's time splits into SQL and the rest;
// for the slowest request it lists each statement as UUIDs in it -> rows answered, ms.
// Beside them, a bare Koa + pg process (bare-kinship.ts) reads one person's edges under the same load.
// The clients run in a load generator process of their own (loadgen.ts); each load reports its CPU
// (client, service, bare, PostgreSQL, the rest of the machine) and is INVALID when the client used
// more than half a core.
import os from 'node:os';
import path from 'node:path';
import { writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { BARE_STATEMENT, startBareKinship } from './bare-kinship.js';
import { seededRandom } from './generate-tree.js';
import { log, median, ms, printTable, registerUser, runMain, startScratchTree } from './harness.js';
import { postgresMeter, processMeter } from './cpu.js';
import { percentiles, type Percentiles } from './load.js';
import { startLoadGenerator, type LoadRun } from './loadgen.js';
import { startServiceProcess } from './service-process.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
if (!Number.isInteger(N) || N < 10) throw new Error('BENCH_PERSONS must be an integer >= 10');
const PAIRS = Number(process.env['BENCH_PAIRS'] ?? 300);
const CLIENTS = 32;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const RELATIONSHIP_GOAL_MS = 50;
const RECOMMENDATIONS_GOAL_MS = 200;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Runs inside the service process (NODE_OPTIONS --import): answers the running totals over HTTP.
const counterSource = (port: number) => `import { createRequire } from 'node:module';
import http from 'node:http';
const pg = createRequire(${JSON.stringify(path.join(root, 'package.json'))})('pg');
const totals = { statements: 0, rows: 0, sqlMs: 0, recent: [] };
const textOf = (args) => String(typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? ''));
// How many ids a statement was asked about: the UUIDs in its text (MikroORM inlines parameters) and parameters.
const idsOf = (args) => {
  const values = Array.isArray(args[1]) ? args[1] : (args[0]?.values ?? []);
  return (\`\${textOf(args)} \${values.join(' ')}\`.match(/[0-9a-f]{8}-[0-9a-f]{4}-/g) ?? []).length;
};
const rowsOf = (r) => (Array.isArray(r) ? r.reduce((n, x) => n + (x?.rows?.length ?? 0), 0) : (r?.rows?.length ?? 0));
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  totals.statements += 1;
  const t0 = performance.now();
  const entry = { sql: textOf(args).replace(/\\s+/g, ' ').slice(0, 50), ids: idsOf(args), rows: 0, ms: 0 };
  if (totals.recent.length < 400) totals.recent.push(entry);
  const done = (r) => { entry.ms = performance.now() - t0; entry.rows = rowsOf(r); totals.sqlMs += entry.ms; totals.rows += entry.rows; };
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const cb = args[last];
    args[last] = function (err, res) { done(res); return cb.call(this, err, res); };
    return query.apply(this, args);
  }
  const out = query.apply(this, args);
  if (out && typeof out.then === 'function') out.then(done, () => done(undefined));
  return out;
};
http.createServer((req, res) => {
  res.end(JSON.stringify(totals));
  if (req.url === '/reset') totals.recent = [];
}).listen(${port}, '127.0.0.1').unref();
`;

type Statement = { sql: string; ids: number; rows: number; ms: number };
type Totals = { statements: number; rows: number; sqlMs: number; recent: Statement[] };
type Sample = { url: string; ms: number; statements: number; rows: number; sqlMs: number; log: Statement[]; body: unknown };
type KinshipBody = { relationship: string | null; path: { person_id: string; step: string | null }[] };

const spread = (xs: readonly number[]) => `${Math.min(...xs)}/${median(xs)}/${Math.max(...xs)}`;
const pct = (p: Percentiles) => `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)}, max ${ms(p.max)}`;
const goal = (p95: number, limit: number) => `p95 < ${limit} ms: ${p95 < limit ? 'met' : 'NOT met'}`;

const main = async (): Promise<void> => {
  const { scratch, tree } = await startScratchTree({ persons: N, seed: SEED });
  try {
    const { treeId, persons } = tree;
    const { db } = scratch;
    // As a live database is after autovacuum: hint bits set, GIN pending lists merged, statistics fresh.
    // Without it the first read of each freshly inserted page costs several times the later ones.
    await db.query('vacuum analyze');
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    const counterPort = await freePort();
    const counterFile = path.join(scratch.dir, 'count-statements.mjs');
    await writeFile(counterFile, counterSource(counterPort));
    log('starting the service process');
    const svc = await startServiceProcess({
      databaseUrl: scratch.url, dataDir,
      env: { NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${pathToFileURL(counterFile).href}`.trim() },
    });
    scratch.onClose(() => svc.stop());
    log('starting the bare Koa + pg baseline process');
    const bare = await startBareKinship(scratch.url);
    scratch.onClose(() => bare.stop());
    const load = await startLoadGenerator([processMeter('service', svc.pid), processMeter('bare', bare.pid), await postgresMeter(db)]);
    scratch.onClose(() => load.stop());
    const totals = async (what = '') => (await (await fetch(`http://127.0.0.1:${counterPort}/${what}`)).json()) as Totals;
    const owner = await registerUser(svc.api, 'owner@recommender.bench');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [treeId, owner.id]);
    const auth = { authorization: `Bearer ${owner.token}` };
    const base = `${svc.api}/trees/${treeId}`;
    const rng = seededRandom(SEED ^ 0x4b1d);
    const randomId = () => persons[Math.floor(rng() * persons.length)]!.id;
    const relationshipUrl = () => {
      const from = randomId();
      let to = randomId();
      while (to === from) to = randomId();
      return `${base}/relationship?from=${from}&to=${to}`;
    };
    const recommendationsUrl = () => `${base}/recommendations?person_id=${randomId()}`;
    const bareUrl = () => `${bare.url}/relationships/${randomId()}`;

    const fetchText = async (url: string, headers: Record<string, string>) => {
      const res = await fetch(url, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
      return text;
    };
    // One request at a time, with what the service's pg connections did for it.
    const sequential = async (count: number, next: () => string, headers: Record<string, string>, counted: boolean): Promise<Sample[]> => {
      const out: Sample[] = [];
      for (let i = 0; i < count; i++) {
        const before = counted ? await totals('reset') : null;
        const url = next();
        const t0 = performance.now();
        const text = await fetchText(url, headers);
        const elapsed = performance.now() - t0;
        const after = counted ? await totals() : null;
        out.push({
          url, ms: elapsed, body: JSON.parse(text) as unknown,
          statements: after && before ? after.statements - before.statements : 0,
          rows: after && before ? after.rows - before.rows : 0,
          sqlMs: after && before ? after.sqlMs - before.sqlMs : 0,
          log: after?.recent ?? [],
        });
      }
      return out;
    };
    const loads: [string, LoadRun][] = [];
    const loaded = async (kind: string, next: () => string, headers: Record<string, string>, counted = true) => {
      const before = await totals();
      const r = await load.run({ next, headers, clients: CLIENTS, seconds: SECONDS, expected: [200] });
      const after = await totals();
      loads.push([kind, r]);
      const n = Math.max(1, r.completed);
      const extra = r.errors > 0 ? `; ${r.errors} errors (${r.samples.slice(0, 2).join('; ')})` : '';
      const counts = counted ? `; ${((after.statements - before.statements) / n).toFixed(1)} statements, ${((after.rows - before.rows) / n).toFixed(0)} rows per request` : '';
      return { p: r.p, line: `${pct(r.p)}; ${r.completed} requests, ${r.perSecond.toFixed(0)}/s${counts}${extra} | ${r.validity}`, cpu: r.cpuLine };
    };
    const profile = (s: readonly Sample[]) =>
      `statements min/median/max ${spread(s.map((x) => x.statements))}; rows read ${spread(s.map((x) => x.rows))}; SQL share of the time: median ${(median(s.map((x) => x.sqlMs / x.ms)) * 100).toFixed(0)}%`;

    // The slowest of `samples` once more, statement by statement: ids asked about -> rows answered, ms.
    // The slowest of `samples`, statement by statement (UUIDs in the statement -> rows answered, ms),
    // and the same request once more (a cold cache or a neighbour's load shows as a difference).
    const detail = (log: readonly Statement[]) => {
      const worst = [...log].sort((a, b) => b.ms - a.ms).slice(0, 2).map((e) => `${e.ms.toFixed(1)} ms "${e.sql}"`);
      return `${log.map((e) => `${e.ids}->${e.rows} ${e.ms.toFixed(1)}`).join(', ')}; longest ${worst.join(', ')}`;
    };
    const trace = async (samples: readonly Sample[]) => {
      const worst = [...samples].sort((a, b) => b.ms - a.ms)[0]!;
      const [again] = await sequential(1, () => worst.url, auth, true);
      return [`${ms(worst.ms)}: ${detail(worst.log)}`, `${ms(again!.ms)}: ${detail(again!.log)}`] as const;
    };
    const kinship = (s: Sample) => s.body as KinshipBody;
    const steps = (s: Sample) => kinship(s).path.length - 1;
    // Sequential, traced, then under load: the table rows of one source of pairs.
    const relationships = async (label: string, next: () => string): Promise<{ p95: number; load: Percentiles; rows: [string, string][] }> => {
      log(`relationship, ${label}: ${PAIRS} one at a time`);
      const rel = await sequential(PAIRS, next, auth, true);
      const p = percentiles(rel.map((s) => s.ms));
      const connected = rel.filter((s) => kinship(s).relationship !== null);
      const unconnected = rel.filter((s) => kinship(s).relationship === null);
      const lengths = new Map<number, number>();
      for (const s of connected) lengths.set(steps(s), (lengths.get(steps(s)) ?? 0) + 1);
      const p95Of = (xs: readonly Sample[]) => (xs.length === 0 ? '-' : ms(percentiles(xs.map((x) => x.ms)).p95));
      const slowest = [...rel].sort((a, b) => b.ms - a.ms).slice(0, 4)
        .map((s) => `${ms(s.ms)} (${kinship(s).relationship === null ? 'not connected' : `${steps(s)} steps`}, ${s.statements} st, ${s.rows} rows, SQL ${ms(s.sqlMs)})`);
      const traced = await trace(rel);
      log(`relationship, ${label}: ${CLIENTS} clients for ${SECONDS} s`);
      const underLoad = await loaded(`relationship, ${label}`, next, auth);
      return {
        p95: p.p95,
        load: underLoad.p,
        rows: [
          [`relationship, ${label}, sequential`, `${pct(p)}  | goal ${goal(p.p95, RELATIONSHIP_GOAL_MS)}`],
          ['  connected pairs', `${connected.length} of ${rel.length}; p95 connected ${p95Of(connected)}, not connected ${p95Of(unconnected)}`],
          ['  path length (steps:pairs)', [...lengths].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ')],
          ['  per request', profile(rel)],
          ['  slowest', slowest.join('; ')],
          ['  slowest, per statement', traced[0]],
          ['  the same again', traced[1]],
          [`relationship, ${label}, ${CLIENTS} clients`, `${underLoad.line}  | goal ${goal(underLoad.p.p95, RELATIONSHIP_GOAL_MS)}`],
          ['    CPU', underLoad.cpu],
        ],
      };
    };
    // Pairs known to be connected: the far end of a seeded random walk of 2 to 12 edges, never back to a
    // person it has been at (read here, in SQL).
    const walked: string[] = [];
    while (walked.length < PAIRS) {
      const from = randomId();
      let at = from;
      const visited = new Set([from]);
      for (let i = 2 + Math.floor(rng() * 11); i > 0; i--) {
        const { rows } = await db.query<{ other: string }>(
          `select case when person_a_id = $1 then person_b_id else person_a_id end as other from relationships
           where (person_a_id = $1 or person_b_id = $1) and deleted_at is null order by id`, [at]);
        const onward = rows.filter((r) => !visited.has(r.other));
        if (onward.length === 0) break;
        at = onward[Math.floor(rng() * onward.length)]!.other;
        visited.add(at);
      }
      if (at !== from) walked.push(`${base}/relationship?from=${from}&to=${at}`);
    }
    let walk = 0;

    await sequential(20, relationshipUrl, auth, false); // warm-up: plans, JIT, the pool's connections
    const random = await relationships('random pairs', relationshipUrl);
    const near = await relationships('connected pairs (random walk of 2-12 edges)', () => walked[walk++ % walked.length]!);

    log(`recommendations: ${PAIRS} random persons, one at a time`);
    const rec = await sequential(PAIRS, recommendationsUrl, auth, true);
    const recP = percentiles(rec.map((s) => s.ms));
    const returned = rec.map((s) => (s.body as unknown[]).length);
    const recSlowest = [...rec].sort((a, b) => b.ms - a.ms).slice(0, 3).map((s) => `${ms(s.ms)} (${s.statements} st, ${s.rows} rows, SQL ${ms(s.sqlMs)})`);
    const recTrace = await trace(rec);
    log(`recommendations: ${CLIENTS} clients for ${SECONDS} s`);
    const recLoad = await loaded('recommendations', recommendationsUrl, auth);

    log('bare baseline: one at a time, then under load');
    const bareP = percentiles((await sequential(PAIRS, bareUrl, {}, false)).map((s) => s.ms));
    const bareLoad = await loaded('bare', bareUrl, {}, false);

    const c = tree.counts;
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const ratio = (a: Percentiles, b: Percentiles) => `p50 ${(a.p50 / b.p50).toFixed(1)}x, p95 ${(a.p95 / b.p95).toFixed(1)}x`;
    printTable(`Benchmark: relationship calculator and recommendations over HTTP, ${os.cpus().length} cores (${PAIRS} sequential requests each, then ${CLIENTS} clients for ${SECONDS} s)`, [
      ['Node / PostgreSQL', `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}`],
      ['tree', `${c.persons} persons, ${c.relationships} relationships, ${c.generations} generations`],
      ...random.rows,
      ...near.rows,
      ['recommendations, sequential', `${pct(recP)}  | goal ${goal(recP.p95, RECOMMENDATIONS_GOAL_MS)}`],
      ['  rows returned', `min/median/max ${spread(returned)}; ${returned.filter((n) => n === 0).length} persons with none`],
      ['  per request', profile(rec)],
      ['  slowest', recSlowest.join('; ')],
      ['  slowest, per statement', recTrace[0]],
      ['  the same again', recTrace[1]],
      [`recommendations, ${CLIENTS} clients`, `${recLoad.line}  | goal ${goal(recLoad.p.p95, RECOMMENDATIONS_GOAL_MS)}`],
      ['    CPU', recLoad.cpu],
      ['bare Koa + pg baseline', `own process, pg Pool max 10 (as the service's), no auth: ${BARE_STATEMENT}`],
      ['  sequential', pct(bareP)],
      [`  ${CLIENTS} clients`, bareLoad.line],
      ['    CPU', bareLoad.cpu],
      ['load generator', 'own process (loadgen.ts: keep-alive HTTP/1.1 over node:net, one core); a load is INVALID when it used more than half of it'],
      [`ratio at ${CLIENTS} clients`, `relationship / baseline: random ${ratio(random.load, bareLoad.p)}, connected ${ratio(near.load, bareLoad.p)}; recommendations / baseline: ${ratio(recLoad.p, bareLoad.p)}`],
    ]);
    const missed = [
      random.p95 >= RELATIONSHIP_GOAL_MS ? 'relationship, random pairs (sequential)' : null,
      near.p95 >= RELATIONSHIP_GOAL_MS ? 'relationship, connected pairs (sequential)' : null,
      recP.p95 >= RECOMMENDATIONS_GOAL_MS ? 'recommendations (sequential)' : null,
    ].filter((x) => x !== null);
    if (missed.length > 0) console.log(`\nMissed goals: ${missed.join('; ')}`);
    const invalid = loads.filter(([, r]) => !r.valid).map(([kind, r]) => `${kind} (${r.validity})`);
    console.log(invalid.length === 0 ? 'Every load valid (client <= 0.5 core).' : `INVALID loads (the client may have set the pace): ${invalid.join('; ')}`);
  } finally {
    await scratch.close();
  }
};

runMain(main);
