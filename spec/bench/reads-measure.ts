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
    // The body is counted as it passes, never held: a client holding 60 MB of chunks spent its time in
    // full garbage collections (about ten during the owner's list, 70-180 ms each), which the list's
    // time then included. Rows are counted by their opening `{"id":"` (inside a JSON string a quote is
    // escaped, so only a row starts so), a redacted one by `"redacted":true`; the last 14 characters of
    // a chunk (one fewer than the longer token) are carried over so a token cut between two chunks is
    // counted once.
    let firstByteMs = NaN;
    let bytes = 0;
    let persons = 0;
    let redacted = 0;
    let head = '';
    let carry = '';
    const decoder = new TextDecoder();
    const count = (text: string, token: string): number => {
      let n = 0;
      for (let i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + token.length)) n++;
      return n;
    };
    for await (const chunk of res.body ?? []) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
      const text = carry + decoder.decode(chunk as Uint8Array, { stream: true });
      if (head.length < 300) head += text.slice(0, 300);
      // What lies wholly in the carried characters was counted with the chunk before.
      persons += count(text, '{"id":"') - count(carry, '{"id":"');
      redacted += count(text, '"redacted":true') - count(carry, '"redacted":true');
      carry = text.slice(-14);
    }
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${head.slice(0, 300)}`);
    if (!head.startsWith('[')) throw new Error(`GET ${url}: not a JSON list: ${head.slice(0, 300)}`);
    const rssAfter = await rss();
    return { status: res.status, ms: elapsed, firstByteMs, bytes, persons, redacted, rssBefore, rssPeak: Math.max(rssPeak, rssAfter), rssAfter };
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
