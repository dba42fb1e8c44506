// The closed-loop load of every bench (issue 27): a load generator in a process of its own
// (loadgen-child.ts: keep-alive HTTP/1.1 over node:net, about 20 us of CPU a request), so that the
// client is not the bottleneck and its CPU is not counted as anyone else's. The request list is made
// here ahead of each run (`next`, up to 50,000 URLs, sent round-robin). Each run reports, beside the latencies, the CPU cores each
// process used over the loaded window (the client's own figure; the service's, the bare baseline's
// and PostgreSQL's from /proc; the rest of the machine's) and is INVALID when the client used more
// than half of the one core it had (it is single-threaded): then the client, not the service, may
// have set the pace.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChannel } from './child-channel.js';
import { benchMeter, startCpuWindow, type CpuMeter, type CpuWindow } from './cpu.js';
import type { FromChild, LoadJob, LoadReport, ToChild } from './loadgen-child.js';
import type { Percentiles } from './load.js';

/** A run is invalid when the client used more than this share of each core it had. */
export const CLIENT_CORE_LIMIT = 0.5;
/** The client is one Node thread: one core. */
export const CLIENT_CORES = 1;
/** How many requests are generated ahead of a run; a longer run sends them again, in the same order. */
const DEFAULT_PATHS = 50_000;

export type LoadSpec = {
  /** The full URL of the next request (all of one origin). */
  readonly next: () => string;
  readonly headers: Readonly<Record<string, string>>;
  readonly clients: number;
  readonly seconds: number;
  /** Statuses that are right (a hidden person answers a non-member 404). */
  readonly expected: readonly number[];
  /** Count the elements of a sample of the 200 answers (JSON arrays): every `countRowsEvery`-th (default 10). */
  readonly countRows?: boolean;
  readonly countRowsEvery?: number;
  readonly method?: string;
  readonly body?: string;
  /** How many URLs `next` is asked for ahead of the run (default 50,000). */
  readonly requests?: number;
  readonly timeoutMs?: number;
};

export type CpuShare = { readonly label: string; readonly seconds: number; readonly cores: number };

/** Where the CPU went over a loaded window, and whether the client stayed under its limit. */
export type CpuVerdict = {
  /** The load generator's CPU over its run. */
  readonly client: CpuShare;
  /** Every meter's CPU over the window, then `other`: the machine's busy time that none of them used. */
  readonly cpu: readonly CpuShare[];
  readonly valid: boolean;
  /** `client 0.31 core (valid)` or `INVALID: client 0.62 core > 0.5`. */
  readonly validity: string;
  /** The validity, every process's cores and the CPU per request, for a report line. */
  readonly cpuLine: string;
};

export type LoadRun = CpuVerdict & {
  readonly p: Percentiles;
  readonly perSecond: number;
  readonly completed: number;
  /** Rows of the sampled 200 answers (when asked for). */
  readonly rows: readonly number[];
  /** `status: count` of every answer. */
  readonly statuses: string;
  readonly statusCounts: readonly (readonly [number, number])[];
  readonly errors: number;
  /** The first unexpected answers, verbatim (cut). */
  readonly samples: readonly string[];
  readonly wallSeconds: number;
};

export type LoadGenerator = {
  readonly run: (spec: LoadSpec) => Promise<LoadRun>;
  readonly stop: () => Promise<void>;
};

const childPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loadgen-child.ts');

const cores = (seconds: number, wall: number) => seconds / wall;
const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
/** CPU time per request, in the unit that reads best. */
const perRequest = (seconds: number, completed: number): string => {
  if (!Number.isFinite(seconds) || completed === 0) return 'n/a';
  const us = (seconds / completed) * 1e6;
  return us < 1000 ? `${us.toFixed(0)} us` : `${(us / 1000).toFixed(2)} ms`;
};

/**
 * Starts the load generator's process. `meters` are read before and after each run (null ones, e.g.
 * a PostgreSQL whose processes are not visible here, are left out); the bench's own process is added.
 */
export const startLoadGenerator = async (meters: readonly (CpuMeter | null)[]): Promise<LoadGenerator> => {
  const watched = [...meters.filter((m): m is CpuMeter => m !== null), benchMeter];
  const child = startChannel<ToChild, FromChild>(childPath, 'the load generator');
  const expect = async (type: FromChild['type']): Promise<FromChild> => {
    const m = await child.next();
    if (m.type === 'failed') throw new Error(`the load generator failed: ${m.error}`);
    if (m.type !== type) throw new Error(`the load generator answered ${m.type}, not ${type}`);
    return m;
  };
  await expect('ready');

  const run = async (spec: LoadSpec): Promise<LoadRun> => {
    const urls = Array.from({ length: spec.requests ?? DEFAULT_PATHS }, spec.next);
    const origin = new URL(urls[0]!).origin;
    const paths = urls.map((u) => {
      if (!u.startsWith(origin)) throw new Error(`one load, one origin: ${u} is not on ${origin}`);
      return u.slice(origin.length);
    });
    const job: LoadJob = {
      origin, paths, method: spec.method ?? 'GET', headers: spec.headers, ...(spec.body === undefined ? {} : { body: spec.body }),
      clients: spec.clients, seconds: spec.seconds, expected: spec.expected,
      countRowsEvery: spec.countRows === true ? (spec.countRowsEvery ?? 10) : 0, timeoutMs: spec.timeoutMs ?? 30_000,
    };
    child.send({ type: 'prepare', job });
    await expect('prepared');
    const window = await startCpuWindow(watched);
    child.send({ type: 'go' });
    const r = ((await expect('done')) as { report: LoadReport }).report;
    return summarize(r, await window.end());
  };
  return { run, stop: child.stop };
};

/**
 * The CPU of a loaded window: the client's own figure (`clientSeconds` over `clientWallSeconds`, as it
 * measured them) and the meters' and the machine's from `window`; per request over `completed`.
 */
export const cpuVerdict = (clientSeconds: number, clientWallSeconds: number, window: CpuWindow, completed: number): CpuVerdict => {
  const wall = window.wallSeconds;
  const client: CpuShare = { label: 'client', seconds: clientSeconds, cores: cores(clientSeconds, clientWallSeconds) };
  const shares = window.measured.map((m): CpuShare => ({ ...m, cores: cores(m.seconds, wall) }));
  const accounted = clientSeconds + window.measured.reduce((sum, m) => sum + (Number.isFinite(m.seconds) ? m.seconds : 0), 0);
  const other = Math.max(0, window.machineBusy - accounted);
  const cpu = [...shares, { label: 'other', seconds: other, cores: cores(other, wall) }];
  const limit = CLIENT_CORE_LIMIT * CLIENT_CORES;
  const valid = client.cores <= limit;
  const validity = valid ? `client ${fixed(client.cores)} core (valid)` : `INVALID: client ${fixed(client.cores)} core > ${limit}`;
  const cpuLine =
    `${validity}; cores of ${os.cpus().length}: ${cpu.map((s) => `${s.label} ${fixed(s.cores)}`).join(', ')}; ` +
    `CPU per request: ${[client, ...shares.filter((s) => s.label !== 'bench')].map((s) => `${s.label} ${perRequest(s.seconds, completed)}`).join(', ')}`;
  return { client, cpu, valid, validity, cpuLine };
};

const summarize = (r: LoadReport, window: CpuWindow): LoadRun => ({
  ...cpuVerdict(r.cpuSeconds, r.wallSeconds, window, r.completed),
  p: r.latency,
  perSecond: r.completed / r.wallSeconds,
  completed: r.completed,
  rows: r.rows,
  statuses: r.statuses.map(([status, n]) => `${status}: ${n}`).join(', '),
  statusCounts: r.statuses,
  errors: r.errors,
  samples: r.samples,
  wallSeconds: r.wallSeconds,
});
