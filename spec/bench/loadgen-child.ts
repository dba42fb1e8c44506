// The load generator's own process (issue 27): started by spec/bench/loadgen.ts, it runs closed loops
// of HTTP requests sent to it over IPC and answers what they measured. It is its own process so that
// the client's CPU is neither the bench's nor the service's, and it measures that CPU itself.
//
// The client is a keep-alive HTTP/1.1 client over `node:net` (one socket per client, one request in
// flight on it), built for a low cost per request: each request's bytes are built once before the
// window; an answer's head is read for its status, Content-Length or chunked framing and
// Connection: close, and its body is skipped unread, except for a sample of 200 answers whose JSON
// array rows are counted and the first unexpected answers, kept verbatim. Every latency is kept (exact
// percentiles). Measured against bare-reads.ts on 2 cores (32 clients), client CPU per 1000 requests:
// this 19-23 ms, autocannon 9 (JS parser, every body decoded into a string) 41 ms, `node:http` with a
// keep-alive agent 56-60 ms, `fetch` (undici, the benches' former in-process client) 172 ms.
//
// Protocol (IPC): the child says `ready`; the parent sends `{ type: 'prepare', job }` (the request list
// can be megabytes: it is taken in before the window starts), the child answers `prepared`; the parent
// reads the other processes' CPU and sends `go`; the child runs the loop and answers `done` with its
// report (or `failed`). One job at a time. The child exits when the IPC channel closes.
import net from 'node:net';

export type LoadJob = {
  /** `http://host:port`. */
  readonly origin: string;
  /** Path and query of each request, sent in turn (round-robin over the list, shared by the clients). */
  readonly paths: readonly string[];
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly clients: number;
  readonly seconds: number;
  /** Statuses that are right; any other, or no answer, counts as an error. */
  readonly expected: readonly number[];
  /** Count the elements of every `countRowsEvery`-th 200 answer (a JSON array); 0: never. */
  readonly countRowsEvery: number;
  /** Per request; a slower answer is an error (status 0). */
  readonly timeoutMs: number;
};

export type LoadReport = {
  readonly completed: number;
  readonly wallSeconds: number;
  /** This process's user + system CPU over the loaded window (every thread of it). */
  readonly cpuSeconds: number;
  readonly latency: { readonly count: number; readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number };
  readonly statuses: readonly (readonly [number, number])[];
  readonly errors: number;
  /** The first few unexpected answers, verbatim (cut). */
  readonly samples: readonly string[];
  /** Rows of the sampled 200 answers. */
  readonly rows: readonly number[];
  readonly bytes: number;
};

export type ToChild = { readonly type: 'prepare'; readonly job: LoadJob } | { readonly type: 'go' };
export type FromChild =
  | { readonly type: 'ready' | 'prepared' }
  | { readonly type: 'done'; readonly report: LoadReport }
  | { readonly type: 'failed'; readonly error: string };

/** The same definition as harness.ts's `quantile`: the smallest value at or above the q-th share. */
const quantileOfSorted = (s: Float64Array, q: number): number => (s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!);

/** What became of one request: its status (0: no answer) and, when it was asked to be kept, its body. */
type Done = (status: number, body: Buffer | null, error: string | null) => void;

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One keep-alive HTTP/1.1 connection with one request in flight at a time: writes a request built
 * once, reads the answer's head (status, Content-Length or chunked, Connection: close) and skips its
 * body, or keeps it when `keep(status)` says so. Reconnects on the next request after a close.
 */
class Connection {
  private socket: net.Socket | null = null;
  private pending: Buffer | null = null;
  private done: Done | null = null;
  private keep: ((status: number) => boolean) | null = null;
  private phase: 'head' | 'length' | 'size' | 'data' | 'data-end' | 'trailer' | 'until-close' = 'head';
  private status = 0;
  private remaining = 0;
  private kept: Buffer[] | null = null;
  private closeAfter = false;
  bytes = 0;

  constructor(private readonly host: string, private readonly port: number, private readonly timeoutMs: number) {}

  send(request: Buffer, keep: (status: number) => boolean, done: Done): void {
    this.done = done;
    this.keep = keep;
    this.phase = 'head';
    this.pending = null;
    this.kept = null;
    if (this.socket === null) this.connect();
    this.socket!.write(request);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): void {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    socket.setTimeout(this.timeoutMs, () => this.fail(socket, `no answer in ${this.timeoutMs} ms`));
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (e) => this.fail(socket, e.message));
    socket.on('close', () => {
      if (this.phase === 'until-close' && this.socket === socket) this.finish();
      else this.fail(socket, 'connection closed before the answer ended');
    });
  }

  private fail(socket: net.Socket, error: string): void {
    socket.destroy();
    if (this.socket !== socket) return;
    this.socket = null;
    const done = this.done;
    this.done = null;
    done?.(0, null, error);
  }

  private finish(): void {
    const done = this.done;
    this.done = null;
    if (this.closeAfter || this.phase === 'until-close') this.close();
    done?.(this.status, this.kept === null ? null : Buffer.concat(this.kept), null);
  }

  /** Takes body bytes [i, i + n) of `buf`. */
  private take(buf: Buffer, i: number, n: number): void {
    this.bytes += n;
    this.kept?.push(buf.subarray(i, i + n));
  }

  private read(chunk: Buffer): void {
    if (this.done === null) return; // nothing asked: stray bytes (none, with one request at a time)
    const buf = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    this.pending = null;
    let i = 0;
    while (i < buf.length || this.phase === 'trailer') {
      switch (this.phase) {
        case 'head': {
          const end = buf.indexOf(HEAD_END, i);
          if (end < 0) return void (this.pending = buf.subarray(i));
          const head = buf.toString('latin1', i, end).toLowerCase();
          i = end + 4;
          this.status = Number(head.slice(9, 12));
          if (this.status >= 100 && this.status < 200) continue; // an interim answer: the real one follows
          this.closeAfter = head.includes('\r\nconnection: close');
          this.kept = this.keep!(this.status) ? [] : null;
          const te = head.indexOf('\r\ntransfer-encoding:');
          const cl = head.indexOf('\r\ncontent-length:');
          if (te >= 0 && head.slice(te, head.indexOf('\r\n', te + 2) >>> 0).includes('chunked')) this.phase = 'size';
          else if (cl >= 0) {
            this.remaining = Number.parseInt(head.slice(cl + 17), 10);
            this.phase = 'length';
            if (this.remaining === 0) return this.finish();
          } else if (this.status === 204 || this.status === 304) return this.finish();
          else this.phase = 'until-close';
          break;
        }
        case 'length':
        case 'data': {
          const n = Math.min(this.remaining, buf.length - i);
          this.take(buf, i, n);
          i += n;
          this.remaining -= n;
          if (this.remaining > 0) break;
          if (this.phase === 'length') return this.finish();
          this.phase = 'data-end';
          break;
        }
        case 'data-end': // the CRLF after a chunk's data
          if (buf.length - i < 2) return void (this.pending = buf.subarray(i));
          i += 2;
          this.phase = 'size';
          break;
        case 'size': {
          const eol = buf.indexOf('\r\n', i);
          if (eol < 0) return void (this.pending = buf.subarray(i));
          const size = Number.parseInt(buf.toString('latin1', i, eol), 16); // stops at a `;` extension
          i = eol + 2;
          if (size > 0) {
            this.remaining = size;
            this.phase = 'data';
          } else this.phase = 'trailer';
          break;
        }
        case 'trailer': {
          // Trailer lines, none as a rule, then an empty line.
          const eol = buf.indexOf('\r\n', i);
          if (eol < 0) return void (this.pending = buf.subarray(i));
          if (eol === i) return this.finish();
          i = eol + 2;
          break;
        }
        case 'until-close':
          this.take(buf, i, buf.length - i);
          i = buf.length;
          break;
      }
    }
  }
}

/** `METHOD path HTTP/1.1` with the job's headers, once per path, before the window. */
const requestsOf = (job: LoadJob, host: string): Buffer[] => {
  const headers = { host, ...job.headers, ...(job.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(job.body)) }) };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return job.paths.map((p) => Buffer.from(`${job.method} ${p} HTTP/1.1\r\n${lines}\r\n${job.body ?? ''}`));
};

let requests: Buffer[] = [];

const run = async (job: LoadJob): Promise<LoadReport> => {
  const url = new URL(job.origin);
  const expected = new Set(job.expected);
  const statuses = new Map<number, number>();
  const samples: string[] = [];
  const rows: number[] = [];
  let latencies = new Float64Array(1 << 16);
  let completed = 0;
  let errors = 0;
  let oks = 0;
  let at = 0;
  const n = requests.length;

  const record = (status: number, ms: number, detail: string | null) => {
    if (completed === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[completed++] = ms;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (detail !== null) {
      errors += 1;
      if (samples.length < 5) samples.push(detail);
    }
  };
  // Which bodies to keep: a sample of the 200s (their rows are counted) and the first unexpected ones.
  const keep = (status: number): boolean =>
    expected.has(status) ? status === 200 && job.countRowsEvery > 0 && oks++ % job.countRowsEvery === 0 : samples.length < 5;

  const connections: Connection[] = [];
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const end = started + job.seconds * 1000;
  const client = () =>
    new Promise<void>((resolve) => {
      const conn = new Connection(url.hostname, Number(url.port || 80), job.timeoutMs);
      connections.push(conn);
      const step = () => {
        if (performance.now() >= end) return resolve();
        const i = at++ % n;
        const t0 = performance.now();
        conn.send(requests[i]!, keep, (status, body, error) => {
          const ms = performance.now() - t0;
          const what = `${job.method} ${job.paths[i]!}`;
          let detail: string | null = null;
          if (error !== null) detail = `${what}: ${error}`;
          else if (!expected.has(status)) detail = `${what}: ${status} ${body?.toString('utf8', 0, 200) ?? ''}`;
          else if (body !== null) {
            try {
              rows.push((JSON.parse(body.toString('utf8')) as unknown[]).length);
            } catch (e) {
              detail = `${what}: ${status}, not a JSON array: ${String(e)}`;
            }
          }
          record(status, ms, detail);
          step();
        });
      };
      step();
    });
  await Promise.all(Array.from({ length: job.clients }, client));
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  for (const c of connections) c.close();

  const sorted = latencies.subarray(0, completed).sort();
  return {
    completed,
    wallSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    latency: { count: completed, p50: quantileOfSorted(sorted, 0.5), p95: quantileOfSorted(sorted, 0.95), p99: quantileOfSorted(sorted, 0.99), max: completed === 0 ? 0 : sorted[completed - 1]! },
    statuses: [...statuses].sort(([a], [b]) => a - b),
    errors,
    samples,
    rows,
    bytes: connections.reduce((sum, c) => sum + c.bytes, 0),
  };
};

const send = (m: FromChild) => process.send?.(m);
let prepared: LoadJob | null = null;
process.on('message', (m: ToChild) => {
  if (m.type === 'prepare') {
    prepared = m.job;
    requests = requestsOf(m.job, new URL(m.job.origin).host);
    send({ type: 'prepared' });
    return;
  }
  const job = prepared;
  prepared = null;
  if (job === null) {
    send({ type: 'failed', error: 'go before prepare' });
    return;
  }
  run(job).then(
    (report) => send({ type: 'done', report }),
    (e: unknown) => send({ type: 'failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the whole process group: the bench cleans up and then closes the channel, on which this ends.
process.on('SIGINT', () => undefined);
send({ type: 'ready' });
