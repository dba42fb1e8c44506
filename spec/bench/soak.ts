// `npm run bench -- soak`: the real service (bootstrap/server.ts in a process of its own) over a
// scratch PostgreSQL with a synthetic public tree, under a mixed load (reads as owner, non-member and
// anonymous; typo searches; writes). Phase 1 finds the peak: SOAK_CLIENTS clients in a closed loop.
// Phase 2 holds SOAK_LOAD x peak as a fixed arrival rate for SOAK_SECONDS and reports errors, latency
// percentiles and the service's resident set at the start, every SOAK_RSS_EVERY seconds, and the end.
// Goal (issue 9): 0 errors and RSS growth under 10%. Exits 1 when any request failed or was shed.
// Both loops run in a load generator process of their own (soak-driver.ts: the mix's fetch calls);
// each phase reports the CPU of the client, the service, PostgreSQL and the rest of the machine, and
// is INVALID when the client used more than half a core (then the client may have set the pace).
// Environment:
//   BENCH_SOAK_PERSONS  tree size (default 5000)      SOAK_SECONDS       phase 2 length (default 600)
//   SOAK_PEAK_SECONDS   phase 1 length (default 20)    SOAK_CLIENTS       phase 1 clients (default 32)
//   SOAK_LOAD           share of the peak (default 0.8) SOAK_RSS_EVERY    seconds between RSS samples (30)
//   SOAK_RESULT         JSON result file (default: $TMPDIR/genealogy-soak-<time>.json)
//   BENCH_SEED, DATABASE_URL as for the other benches.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChannel } from './child-channel.js';
import { benchMeter, postgresMeter, processMeter, startCpuWindow, type CpuMeter } from './cpu.js';
import { generateTree, type GeneratedTree } from './generate-tree.js';
import { log, mb, ms, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { percentiles, Recorder } from './load.js';
import { cpuVerdict } from './loadgen.js';
import { startServiceProcess } from './service-process.js';
import type { FromDriver, ToDriver } from './soak-driver.js';
import { latencyRows, summary } from './soak-report.js';

const num = (name: string, fallback: number, ok: (n: number) => boolean): number => {
  const n = Number(process.env[name] ?? fallback);
  if (!ok(n)) throw new Error(`${name} is out of range: ${process.env[name]}`);
  return n;
};
const PERSONS = num('BENCH_SOAK_PERSONS', 5000, (n) => Number.isInteger(n) && n >= 10);
const SECONDS = num('SOAK_SECONDS', 600, (n) => n > 0);
const PEAK_SECONDS = num('SOAK_PEAK_SECONDS', 20, (n) => n > 0);
const CLIENTS = num('SOAK_CLIENTS', 32, (n) => Number.isInteger(n) && n >= 1);
const LOAD = num('SOAK_LOAD', 0.8, (n) => n > 0 && n <= 1);
const RSS_EVERY = num('SOAK_RSS_EVERY', 30, (n) => n > 0);
const SEED = num('BENCH_SEED', 20261122, Number.isInteger);
const RESULT = process.env['SOAK_RESULT'] ?? path.join(os.tmpdir(), `genealogy-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const TIMEOUT_MS = 30_000;
const RSS_GOAL = 0.1;

const main = async (): Promise<void> => {
  let tree: GeneratedTree | undefined;
  const scratch = await startScratchDatabase({
    seed: async (db) => {
      log(`generating ${PERSONS} persons`);
      tree = await generateTree(db, { persons: PERSONS, seed: SEED });
    },
  });
  // Ctrl-C or a kill: stop the service and the database and remove the temporary directory first.
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return; // a terminal's Ctrl-C reaches this process twice: directly and through `npm run bench`
    stopping = true;
    log(`${signal}: cleaning up`);
    void scratch.close().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  try {
    if (tree === undefined) throw new Error('the tree was not generated');
    const { treeId } = tree;
    log('starting the service process');
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir: path.join(scratch.dir, 'data') });
    scratch.onClose(() => svc.stop());
    const rssBoot = await svc.rss();
    const [owner, editor, stranger] = [await registerUser(svc.api, 'owner@soak.bench'), await registerUser(svc.api, 'editor@soak.bench'), await registerUser(svc.api, 'stranger@soak.bench')];
    await scratch.db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now()), ($1, $3, 'editor', now())`, [treeId, owner.id, editor.id]);
    await scratch.db.query(`update trees set visibility = 'public' where id = $1`, [treeId]);
    const driver = startChannel<ToDriver, FromDriver>(path.join(path.dirname(fileURLToPath(import.meta.url)), 'soak-driver.ts'), 'the soak driver');
    scratch.onClose(() => driver.stop());
    /** The driver's next answer of `type`, handing each progress tick on the way to `onTick`. */
    const expect = async <T extends FromDriver['type']>(type: T, onTick?: (t: Extract<FromDriver, { type: 'tick' }>) => void): Promise<Extract<FromDriver, { type: T }>> => {
      for (;;) {
        const m = await driver.next();
        if (m.type === 'tick') onTick?.(m);
        else if (m.type === 'failed') throw new Error(`the soak driver failed: ${m.error}`);
        else if (m.type !== type) throw new Error(`the soak driver answered ${m.type}, not ${type}`);
        else return m as Extract<FromDriver, { type: T }>;
      }
    };
    await expect('ready');
    driver.send({
      type: 'init',
      ctx: {
        api: svc.api, treeId, persons: tree.persons, ownerToken: owner.token, editorToken: editor.token, strangerToken: stranger.token,
        seed: SEED + 7, timeoutMs: TIMEOUT_MS,
      },
    });
    await expect('initialized');
    const meters = [processMeter('service', svc.pid), await postgresMeter(scratch.db), benchMeter].filter((m): m is CpuMeter => m !== null);

    log(`phase 1: peak, ${CLIENTS} clients in a closed loop for ${PEAK_SECONDS} s`);
    const peakWindow = await startCpuWindow(meters);
    driver.send({ type: 'closed', clients: CLIENTS, seconds: PEAK_SECONDS });
    const closed = await expect('closed');
    const peakCpu = cpuVerdict(closed.cpuSeconds, closed.wallSeconds, await peakWindow.end(), closed.recorder.completed);
    const peak = { recorder: Recorder.fromData(closed.recorder), perSecond: closed.perSecond };
    const rate = peak.perSecond * LOAD;
    if (!(rate > 0)) throw new Error(`no request completed in phase 1: ${peak.recorder.samples.slice(0, 3).join('; ')}`);
    log(`peak ${peak.perSecond.toFixed(0)} req/s (${peak.recorder.errors} errors); phase 2: ${rate.toFixed(0)} req/s for ${SECONDS} s`);

    const rssStart = await svc.rss();
    const rssSamples: { readonly second: number; readonly rss: number }[] = [{ second: 0, rss: rssStart }];
    const t0 = performance.now();
    const soakWindow = await startCpuWindow(meters);
    const ticks: Promise<void>[] = [];
    driver.send({ type: 'open', rate, seconds: SECONDS, maxInFlight: 1000, everyMs: RSS_EVERY * 1000 });
    const opened = await expect('open', ({ completed, errors, inFlight, shed }) =>
      ticks.push((async () => {
        const second = Math.round((performance.now() - t0) / 1000);
        const rss = await svc.rss();
        rssSamples.push({ second, rss });
        log(`${second} s: ${completed} done, ${errors} errors, ${inFlight} in flight, ${shed} shed, service RSS ${mb(rss)}${svc.exited() === null ? '' : `, service ${svc.exited()!}`}`);
      })()));
    const soakCpu = cpuVerdict(opened.cpuSeconds, opened.wallSeconds, await soakWindow.end(), opened.recorder.completed);
    await Promise.all(ticks);
    const soak = { recorder: Recorder.fromData(opened.recorder), sent: opened.sent, shed: opened.shed, peakInFlight: opened.peakInFlight, seconds: opened.seconds };
    const rssEnd = await svc.rss();
    rssSamples.push({ second: Math.round(soak.seconds), rss: rssEnd });
    const growth = (rssEnd - rssStart) / rssStart;
    const rssMax = Math.max(...rssSamples.map((s) => s.rss));
    const failed = soak.recorder.errors + peak.recorder.errors + soak.shed;
    const p99 = percentiles(soak.recorder.latencies()).p99;

    const result = {
      when: new Date().toISOString(), cores: os.cpus().length, node: process.version,
      database: process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded',
      tree: tree.counts, settings: { persons: PERSONS, seconds: SECONDS, peakSeconds: PEAK_SECONDS, clients: CLIENTS, load: LOAD, seed: SEED },
      peak: { perSecond: peak.perSecond, ...summary(peak.recorder), cpu: { valid: peakCpu.valid, client: peakCpu.client, processes: peakCpu.cpu } },
      soak: {
        targetPerSecond: rate, achievedPerSecond: soak.recorder.completed / soak.seconds, sent: soak.sent, shed: soak.shed, peakInFlight: soak.peakInFlight, ...summary(soak.recorder),
        cpu: { valid: soakCpu.valid, client: soakCpu.client, processes: soakCpu.cpu },
      },
      rss: { boot: rssBoot, start: rssStart, end: rssEnd, max: rssMax, growth, samples: rssSamples },
      serviceExited: svc.exited(),
      goals: { zeroErrors: failed === 0, rssGrowthUnder10Percent: growth < RSS_GOAL, clientUnderHalfACore: peakCpu.valid && soakCpu.valid },
    };
    await writeFile(RESULT, `${JSON.stringify(result, null, 2)}\n`);

    printTable(`Soak: ${PERSONS} persons, ${os.cpus().length} cores; phase 1 peak (${CLIENTS} clients, ${PEAK_SECONDS} s)`, [
      ['peak throughput', `${peak.perSecond.toFixed(1)} req/s | ${peakCpu.validity}`],
      ['CPU', peakCpu.cpuLine],
      ...latencyRows(peak.recorder),
    ]);
    printTable(`Soak: phase 2, ${(LOAD * 100).toFixed(0)}% of the peak as a fixed arrival rate for ${SECONDS} s (latency from the due time)`, [
      ['target / achieved rate', `${rate.toFixed(1)} / ${(soak.recorder.completed / soak.seconds).toFixed(1)} req/s (${soak.sent} sent, ${soak.shed} shed, at most ${soak.peakInFlight} in flight) | ${soakCpu.validity}`],
      ['CPU', soakCpu.cpuLine],
      ...latencyRows(soak.recorder),
      ['service RSS: boot / start / end / max', `${mb(rssBoot)} / ${mb(rssStart)} / ${mb(rssEnd)} / ${mb(rssMax)}`],
      ['service RSS samples (MB)', rssSamples.map((s) => `${s.second}s:${(s.rss / 1024 / 1024).toFixed(0)}`).join(' ')],
      ['RSS growth start -> end', `${(growth * 100).toFixed(1)}% (goal < ${RSS_GOAL * 100}%: ${growth < RSS_GOAL ? 'met' : 'NOT met'})`],
      ['errors (peak + soak + shed)', `${failed} (goal 0: ${failed === 0 ? 'met' : 'NOT met'}); p99 ${ms(p99)}`],
      ['result file', RESULT],
    ]);
    for (const s of [...peak.recorder.samples, ...soak.recorder.samples].slice(0, 10)) console.log(`  error: ${s}`);
    if (failed > 0) throw new Error(`${failed} requests failed or were shed (see above)`);
  } finally {
    await scratch.close();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
};

runMain(main);
