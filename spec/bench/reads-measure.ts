import { mb, ms } from './harness.js';
import type { LoadRun, LoadSpec } from './loadgen.js';

// The two measurements of the reads bench (spec/bench/reads.ts): a read under a closed loop of
// clients (driven by the load generator's own process, spec/bench/loadgen.ts), and one whole-list
// request timed to its first and last byte while the resident set of the process that answers it is
// sampled.

/** A closed loop of GETs: `clients` clients, each sending its next request when the last one answered. */
export type LoadOptions = LoadSpec;
/** Its latencies, rate, statuses, sampled rows and the CPU of every process over its window. */
export type LoadResult = LoadRun;

export type ListResult = {
  readonly status: number;
  readonly ms: number;
  readonly firstByteMs: number;
  readonly bytes: number;
  readonly persons: number;
  readonly redacted: number;
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly rssAfter: number;
};

/** One GET of a whole list, read chunk by chunk, with the answering process's RSS sampled every 20 ms. */
export const wholeList = async (url: string, headers: Readonly<Record<string, string>>, rss: () => Promise<number>): Promise<ListResult> => {
  const rssBefore = await rss();
  let rssPeak = rssBefore;
  const timer = setInterval(() => void rss().then((r) => (rssPeak = Math.max(rssPeak, r))), 20);
  try {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const chunks: Buffer[] = [];
    let firstByteMs = NaN;
    for await (const chunk of res.body ?? []) {
      if (chunks.length === 0) firstByteMs = performance.now() - t0;
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
    const elapsed = performance.now() - t0;
    const body = Buffer.concat(chunks);
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
    const persons = JSON.parse(body.toString('utf8')) as { redacted?: boolean }[];
    const rssAfter = await rss();
    return {
      status: res.status, ms: elapsed, firstByteMs, bytes: body.length,
      persons: persons.length, redacted: persons.filter((p) => p.redacted === true).length,
      rssBefore, rssPeak: Math.max(rssPeak, rssAfter), rssAfter,
    };
  } finally {
    clearInterval(timer);
  }
};

/** `met` or `NOT met`, for the goal beside a number. */
export const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
export const rate = (r: LoadResult): string => `${r.perSecond.toFixed(0)} req/s`;
export const latency = (r: LoadResult, qs: readonly ('p50' | 'p95' | 'p99')[]): string => qs.map((q) => `${q} ${ms(r.p[q])}`).join(', ');
/** The report row under a loaded one: whether the client was fast enough, and every process's CPU. */
export const cpuRow = (r: LoadResult, indent = '    '): [string, string] => [`${indent}CPU`, r.cpuLine];
/** The labels of the runs whose client used more than half a core, for the report's last line. */
export const invalidRuns = (runs: readonly (readonly [string, LoadResult])[]): string[] => runs.filter(([, r]) => !r.valid).map(([label, r]) => `${label} (${r.validity})`);
export const listLine = (l: ListResult): string =>
  `${ms(l.ms)} (first byte ${ms(l.firstByteMs)}), ${mb(l.bytes)}, ${l.persons} persons (${l.redacted} redacted); ` +
  `service RSS ${mb(l.rssBefore)} -> peak ${mb(l.rssPeak)} -> after ${mb(l.rssAfter)} (+${mb(l.rssPeak - l.rssBefore)} at peak)`;
