// `npm run bench -- cleanup` (issue 10): the six cleanup previews and the three applies over HTTP on
// the generated tree (BENCH_PERSONS, default 100,000), the service in a process of its own (its RSS
// is its alone). Goals: every preview under 2 s, an apply of 10,000 rows under 5 s.
// The generated tree is clean (every sex set, tidy names, most old people with a death fact), so
// before timing it is exported as "the original GEDCOM" and then, in SQL, roughed up as an import
// would be, by a hash of each id (deterministic): sex cleared for ~30% of persons, the death facts of
// ~15% deleted, and ~20% of primary names broken (a year in the surname or given name, no surname,
// two people in the given name). SQL statements per request are counted in the service process by a
// preload that wraps pg's Client#query (every statement, BEGIN and COMMIT included).
// Beside each preview, alternating run by run, a bare Koa + pg baseline (bare-baseline.ts, a process of
// its own on the same database) runs the same read statements and answers their rows unprocessed;
// the ratio is the service's median over the baseline's.
import { createWriteStream } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { startBareBaseline } from './bare-baseline.js';
import { log, mb, median, ms, printTable, registerUser, runMain, startScratchTree } from './harness.js';
import { processRss, startServiceProcess } from './service-process.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
if (!Number.isInteger(N) || N < 10) throw new Error('BENCH_PERSONS must be an integer >= 10');
const RUNS = 3;
const APPLY_ROWS = 10_000;
const PREVIEW_GOAL_MS = 2_000;
const APPLY_GOAL_MS = 5_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Runs inside the service process (NODE_OPTIONS --import): counts pg statements, answers the count over HTTP.
const counterSource = (port: number) => `import { createRequire } from 'node:module';
import http from 'node:http';
const pg = createRequire(${JSON.stringify(path.join(root, 'package.json'))})('pg');
let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) { count += 1; return query.apply(this, args); };
http.createServer((_req, res) => res.end(String(count))).listen(${port}, '127.0.0.1').unref();
`;

// The roughing-up of the clean tree; byte(n) is a stable number 0..255 from a person's id.
const byte = (n: number, col = 'p.id') => `get_byte(decode(md5(${col}::text), 'hex'), ${n})`;
const roughUp = [
  `update persons p set sex = null where p.tree_id = $1 and ${byte(0)} < 77`,
  `delete from events e using persons p where e.person_id = p.id and p.tree_id = $1 and e.type = 'death' and ${byte(1)} < 38`,
  `update names n set surname = n.surname || ' ' || (1750 + ${byte(3, 'n.person_id')}) from persons p where p.id = n.person_id and p.tree_id = $1 and n.is_primary and ${byte(2)} < 13`,
  `update names n set given_name = n.given_name || ' ' || (1750 + ${byte(3, 'n.person_id')}) from persons p where p.id = n.person_id and p.tree_id = $1 and n.is_primary and ${byte(2)} between 13 and 25`,
  `update names n set surname = '' from persons p where p.id = n.person_id and p.tree_id = $1 and n.is_primary and ${byte(2)} between 26 and 38`,
  `update names n set given_name = n.given_name || (array[' and Mary', ' & Anna', ' u. Grete'])[1 + ${byte(3, 'n.person_id')} % 3] from persons p where p.id = n.person_id and p.tree_id = $1 and n.is_primary and ${byte(2)} between 39 and 51`,
];

type Row = { person_id: string; proposed: unknown; given_name?: string; surname?: string };
type Result = { label: string; value: string; baseline: string; ratio: string; goal: string };

const main = async (): Promise<void> => {
  const { scratch, tree } = await startScratchTree({ persons: N, seed: SEED });
  try {
    const { treeId } = tree;
    const { db } = scratch;
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    const counterPort = await freePort();
    const counterFile = path.join(scratch.dir, 'count-statements.mjs');
    await writeFile(counterFile, counterSource(counterPort));
    log('starting the service process');
    const svc = await startServiceProcess({
      databaseUrl: scratch.url, dataDir,
      env: { MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024), NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${pathToFileURL(counterFile).href}`.trim() },
    });
    scratch.onClose(() => svc.stop());
    log('starting the bare Koa + pg baseline process');
    const bare = await startBareBaseline(scratch.url);
    scratch.onClose(() => bare.stop());
    const statements = async () => Number(await (await fetch(`http://127.0.0.1:${counterPort}/`)).text());
    const owner = await registerUser(svc.api, 'owner@cleanup.bench');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [treeId, owner.id]);
    const auth = { authorization: `Bearer ${owner.token}` };
    const base = `${svc.api}/trees/${treeId}`;

    // One request, timed, with its statements and the service's peak RSS (sampled every 20 ms).
    const call = async (what: string, init: () => Promise<RequestInit> | RequestInit) => {
      const req = await init();
      const before = await statements();
      let peak = await svc.rss();
      const timer = setInterval(() => void processRss(svc.pid).then((r) => (peak = Math.max(peak, r))), 20);
      const t0 = performance.now();
      const res = await fetch(`${base}${what}`, { ...req, headers: { ...auth, ...(req.headers as Record<string, string> | undefined) } });
      const text = await res.text();
      const elapsed = performance.now() - t0;
      clearInterval(timer);
      if (res.status !== 200) throw new Error(`${req.method ?? 'GET'} ${what}: ${res.status} ${text.slice(0, 500)}`);
      return { ms: elapsed, body: JSON.parse(text) as unknown, bytes: Buffer.byteLength(text), statements: (await statements()) - before, peakRss: Math.max(peak, await svc.rss()) };
    };
    // The same request to the baseline, timed the same way (to the last byte of the answer).
    const callBare = async (what: string, init: () => Promise<RequestInit> | RequestInit) => {
      const req = await init();
      const t0 = performance.now();
      const res = await fetch(`${bare.url}/trees/${treeId}${what}`, req);
      const text = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`baseline ${req.method ?? 'GET'} ${what}: ${res.status} ${text.slice(0, 500)}`);
      return { ms: elapsed, rows: (JSON.parse(text) as unknown[]).length, bytes: Buffer.byteLength(text) };
    };

    log('exporting the clean tree as its original GEDCOM');
    const gedcom = path.join(dataDir, 'original.ged');
    const exported = await fetch(`${base}/gedcom/export`, { headers: auth });
    if (exported.status !== 200 || exported.body === null) throw new Error(`export: ${exported.status}`);
    await pipeline(Readable.fromWeb(exported.body as never), createWriteStream(gedcom));

    log('roughing the tree up in SQL');
    const touched: number[] = [];
    for (const sql of roughUp) touched.push((await db.query(sql, [treeId])).rowCount ?? 0);
    await db.query('analyze persons, names, events');

    const results: Result[] = [];
    const previews: Record<string, Row[]> = {};
    const preview = async (label: string, what: string, init: () => Promise<RequestInit> | RequestInit = () => ({})) => {
      log(`preview ${label}`);
      const runs = [];
      const bareRuns = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await call(what, init));
        bareRuns.push(await callBare(what, init));
      }
      const times = runs.map((r) => r.ms);
      const bareMedian = median(bareRuns.map((r) => r.ms));
      const rows = runs[0]!.body as Row[];
      previews[label] = rows;
      const worst = Math.max(...times);
      results.push({
        label: `preview ${label}`,
        value: `median ${ms(median(times))}, max ${ms(worst)}; ${rows.length} rows, ${mb(runs[0]!.bytes)}; ${runs.map((r) => r.statements).join('/')} statements; RSS peak ${mb(Math.max(...runs.map((r) => r.peakRss)))}`,
        baseline: `median ${ms(bareMedian)}, max ${ms(Math.max(...bareRuns.map((r) => r.ms)))}; ${bareRuns[0]!.rows} rows, ${mb(bareRuns[0]!.bytes)}`,
        ratio: `${(median(times) / bareMedian).toFixed(1)}x`,
        goal: `< ${PREVIEW_GOAL_MS} ms: ${worst < PREVIEW_GOAL_MS ? 'met' : 'NOT met'}`,
      });
    };
    const rssBefore = await svc.rss();
    await preview('deceased-by-birth-year (default 1930)', '/cleanup/deceased-by-birth-year');
    await preview('deceased-by-child (1900)', '/cleanup/deceased-by-child?born_on_or_before=1900');
    await preview('gender/from-first-name', '/cleanup/gender/from-first-name');
    await preview('gender/from-spouse', '/cleanup/gender/from-spouse');
    await preview('broken-names', '/cleanup/broken-names');
    await preview('gender/from-gedcom', '/cleanup/gender/from-gedcom', async () => {
      const form = new FormData();
      form.append('file', await openAsBlob(gedcom), 'original.ged');
      return { method: 'POST', body: form };
    });

    const apply = async (label: string, what: string, body: unknown, requested: number) => {
      log(`apply ${label}`);
      const r = await call(what, () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      const out = r.body as { updated: number; skipped: unknown[] };
      results.push({
        label: `apply ${label} (${requested} rows)`,
        value: `${ms(r.ms)}; updated ${out.updated}, skipped ${out.skipped.length}; ${r.statements} statements; RSS peak ${mb(r.peakRss)}, after ${mb(await svc.rss())}`,
        baseline: '-', ratio: '-',
        goal: requested < APPLY_ROWS ? `< ${APPLY_GOAL_MS} ms (only ${requested} rows)` : `< ${APPLY_GOAL_MS} ms: ${r.ms < APPLY_GOAL_MS ? 'met' : 'NOT met'}`,
      });
    };
    const deceased = previews['deceased-by-birth-year (default 1930)']!.slice(0, APPLY_ROWS).map((r) => r.person_id);
    await apply('deceased', '/cleanup/deceased', { person_ids: deceased }, deceased.length);
    // Sex: the first-name proposals, topped up from the spouse proposals (one row per person).
    const sex = new Map<string, unknown>();
    for (const r of [...previews['gender/from-first-name']!, ...previews['gender/from-spouse']!, ...previews['gender/from-gedcom']!])
      if (r.proposed !== null && !sex.has(r.person_id) && sex.size < APPLY_ROWS) sex.set(r.person_id, r.proposed);
    await apply('gender', '/cleanup/gender', { changes: [...sex].map(([person_id, s]) => ({ person_id, sex: s })) }, sex.size);
    const names = previews['broken-names']!.slice(0, APPLY_ROWS).map((r) => ({ person_id: r.person_id, ...(r.proposed as { given_name: string; surname: string }) }));
    await apply('names', '/cleanup/names', { changes: names }, names.length);

    const c = tree.counts;
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const pad = (k: 'value' | 'baseline' | 'ratio') => Math.max(...results.map((r) => r[k].length));
    const widths = { value: pad('value'), baseline: pad('baseline'), ratio: pad('ratio') };
    printTable(`Benchmark: cleanup previews (${RUNS} runs each, beside a bare Koa + pg baseline) and applies over HTTP, ${os.cpus().length} cores`, [
      ['Node / PostgreSQL', `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}`],
      ['tree', `${c.persons} persons, ${c.names} names, ${c.events} events, ${c.relationships} relationships`],
      ['roughed up in SQL', `sex cleared ${touched[0]}, death facts deleted ${touched[1]}; names: year in surname ${touched[2]}, year in given ${touched[3]}, no surname ${touched[4]}, packed ${touched[5]}`],
      ['original GEDCOM (export of the clean tree)', mb((await stat(gedcom)).size)],
      ['service RSS before the previews', mb(rssBefore)],
      ['bare baseline', 'Koa 3 + pg Pool, own process: the same read statements, all rows as one JSON array (upload discarded); no rules, ORM, codecs, auth'],
      ['', `${'service'.padEnd(widths.value)}  | ${'bare baseline'.padEnd(widths.baseline)}  | ${'ratio'.padEnd(widths.ratio)}  | goal`],
      ...results.map((r): [string, string] => [r.label, `${r.value.padEnd(widths.value)}  | ${r.baseline.padEnd(widths.baseline)}  | ${r.ratio.padEnd(widths.ratio)}  | goal ${r.goal}`]),
    ]);
    const missed = results.filter((r) => r.goal.includes('NOT met'));
    if (missed.length > 0) console.log(`\nMissed goals: ${missed.map((r) => r.label).join('; ')}`);
  } finally {
    await scratch.close();
  }
};

runMain(main);
