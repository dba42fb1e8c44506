import { quantile } from './stats.js';
import type { Call, Outcome } from './soak-mix.js';

// Two ways to drive a request mix: a closed loop (N clients, each sends its next request when the last
// one answered: finds the peak throughput) and an open loop (requests arrive at a fixed rate whatever
// the answers do: a steady load). Open-loop latency is counted from the moment a request was due, not
// from when it was sent, so a stalled service cannot hide its queue (no coordinated omission).

export type KindStats = {
  readonly latencies: number[];
  readonly statuses: Map<number, number>;
  errors: number;
};

/** A recorder as plain data, to cross a process boundary (soak-driver.ts). */
export type RecorderData = {
  readonly byKind: readonly (readonly [string, { readonly latencies: number[]; readonly statuses: readonly (readonly [number, number])[]; readonly errors: number }])[];
  readonly samples: readonly string[];
  readonly completed: number;
  readonly errors: number;
};

export class Recorder {
  readonly byKind = new Map<string, KindStats>();

  static fromData(d: RecorderData): Recorder {
    const r = new Recorder();
    for (const [kind, s] of d.byKind) r.byKind.set(kind, { latencies: s.latencies, statuses: new Map(s.statuses), errors: s.errors });
    r.samples.push(...d.samples);
    r.completed = d.completed;
    r.errors = d.errors;
    return r;
  }

  toData(): RecorderData {
    return {
      byKind: [...this.byKind].map(([kind, s]) => [kind, { latencies: s.latencies, statuses: [...s.statuses], errors: s.errors }] as const),
      samples: this.samples,
      completed: this.completed,
      errors: this.errors,
    };
  }
  /** The first few unexpected answers, verbatim, to show what went wrong. */
  readonly samples: string[] = [];
  completed = 0;
  errors = 0;

  record(o: Outcome, ms: number): void {
    let s = this.byKind.get(o.kind);
    if (s === undefined) this.byKind.set(o.kind, (s = { latencies: [], statuses: new Map(), errors: 0 }));
    s.latencies.push(ms);
    s.statuses.set(o.status, (s.statuses.get(o.status) ?? 0) + 1);
    this.completed += 1;
    if (!o.expected) {
      s.errors += 1;
      this.errors += 1;
      if (this.samples.length < 20 && o.detail !== undefined) this.samples.push(o.detail);
    }
  }

  /** Latencies of every kind whose name `select` accepts. */
  latencies(select: (kind: string) => boolean = () => true): number[] {
    return [...this.byKind].filter(([k]) => select(k)).flatMap(([, s]) => s.latencies);
  }
}

export type Percentiles = { readonly count: number; readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number };
export const percentiles = (xs: readonly number[]): Percentiles => ({
  count: xs.length,
  p50: quantile(xs, 0.5),
  p95: quantile(xs, 0.95),
  p99: quantile(xs, 0.99),
  max: xs.reduce((m, x) => Math.max(m, x), 0),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `clients` loops for `seconds`; answers the recorder and the completed requests per second. */
export const closedLoop = async (next: () => Call, clients: number, seconds: number): Promise<{ readonly recorder: Recorder; readonly perSecond: number }> => {
  const recorder = new Recorder();
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const call = next();
      const t0 = performance.now();
      const o = await call.run();
      recorder.record(o, performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { recorder, perSecond: recorder.completed / ((performance.now() - started) / 1000) };
};

export type OpenLoopResult = {
  readonly recorder: Recorder;
  readonly sent: number;
  /** Arrivals not sent because `maxInFlight` requests were already waiting: the service fell behind. */
  readonly shed: number;
  readonly peakInFlight: number;
  readonly seconds: number;
};

/**
 * Sends `rate` requests per second, evenly spaced, for `seconds`, then waits for the last answers.
 * `every` runs each `everyMs` while it lasts (progress, samples).
 */
export const openLoop = async (
  next: () => Call,
  o: { readonly rate: number; readonly seconds: number; readonly maxInFlight: number; readonly everyMs: number; readonly every: (r: { readonly recorder: Recorder; readonly inFlight: number; readonly shed: number }) => Promise<void> },
): Promise<OpenLoopResult> => {
  const recorder = new Recorder();
  const interval = 1000 / o.rate;
  const started = performance.now();
  const end = started + o.seconds * 1000;
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let shed = 0;
  let peakInFlight = 0;
  let due = started;
  let nextTick = started + o.everyMs;
  const ticks: Promise<void>[] = [];
  while (due < end) {
    const now = performance.now();
    for (; due <= now && due < end; due += interval) {
      if (pending.size >= o.maxInFlight) {
        shed += 1;
        continue;
      }
      const call = next();
      const scheduled = due;
      const p = call.run().then((out) => recorder.record(out, performance.now() - scheduled));
      pending.add(p);
      void p.finally(() => pending.delete(p));
      sent += 1;
      peakInFlight = Math.max(peakInFlight, pending.size);
    }
    if (now >= nextTick) {
      nextTick += o.everyMs;
      ticks.push(o.every({ recorder, inFlight: pending.size, shed }));
    }
    await sleep(Math.max(1, Math.min(due, nextTick) - performance.now()));
  }
  await Promise.all([...pending, ...ticks]);
  return { recorder, sent, shed, peakInFlight, seconds: (performance.now() - started) / 1000 };
};
