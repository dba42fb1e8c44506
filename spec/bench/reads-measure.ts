import { closedLoop, percentiles, type Percentiles } from './load.js';
import { mb, ms } from './harness.js';
import type { Call, Outcome } from './soak-mix.js';

// The two measurements of the reads bench (spec/bench/reads.ts): a read under a closed loop of
// clients, and one whole-list request timed to its first and last byte while the resident set of the
// process that answers it is sampled.

export type LoadResult = {
  readonly p: Percentiles;
  readonly perSecond: number;
  /** Rows per 200 answer (JSON arrays only, when asked for). */
  readonly rows: readonly number[];
  /** `status: count` of every answer, and the first unexpected ones verbatim. */
  readonly statuses: string;
  readonly errors: number;
  readonly samples: readonly string[];
};

export type LoadOptions = {
  readonly next: () => string;
  readonly headers: Readonly<Record<string, string>>;
  readonly clients: number;
  readonly seconds: number;
  /** Statuses that are right (a hidden person answers a non-member 404). */
  readonly expected: readonly number[];
  /** Count the elements of each 200 answer (a JSON array). */
  readonly countRows?: boolean;
};

/** `clients` clients, each sending its next GET when the last one answered, for `seconds`. */
export const underLoad = async (o: LoadOptions): Promise<LoadResult> => {
  const rows: number[] = [];
  const answer = async (url: string): Promise<Outcome> => {
    try {
      const res = await fetch(url, { headers: o.headers });
      const text = await res.text();
      if (res.status === 200 && o.countRows === true) rows.push((JSON.parse(text) as unknown[]).length);
      const expected = o.expected.includes(res.status);
      return { kind: 'read', status: res.status, expected, ...(expected ? {} : { detail: `${url}: ${res.status} ${text.slice(0, 200)}` }) };
    } catch (e) {
      return { kind: 'read', status: 0, expected: false, detail: `${url}: ${String(e)}` };
    }
  };
  const call = (): Call => {
    const url = o.next();
    return { kind: 'read', run: () => answer(url) };
  };
  const { recorder, perSecond } = await closedLoop(call, o.clients, o.seconds);
  const counts = [...(recorder.byKind.get('read')?.statuses ?? new Map<number, number>())].sort(([a], [b]) => a - b);
  return {
    p: percentiles(recorder.latencies()),
    perSecond,
    rows,
    statuses: counts.map(([status, n]) => `${status}: ${n}`).join(', '),
    errors: recorder.errors,
    samples: recorder.samples.slice(0, 3),
  };
};

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
export const listLine = (l: ListResult): string =>
  `${ms(l.ms)} (first byte ${ms(l.firstByteMs)}), ${mb(l.bytes)}, ${l.persons} persons (${l.redacted} redacted); ` +
  `service RSS ${mb(l.rssBefore)} -> peak ${mb(l.rssPeak)} -> after ${mb(l.rssAfter)} (+${mb(l.rssPeak - l.rssBefore)} at peak)`;
