import { request, Agent } from 'node:http';

export type Sent = {
  readonly method: string;
  /** Path and query, already encoded. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
};

export type Received = {
  /** The HTTP status, or 0 when no response came (connection reset, timeout). */
  readonly status: number;
  readonly ms: number;
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Why no response came. */
  readonly error?: string;
};

const MAX_KEPT_BODY = 256 * 1024;

export const UNSENT = 'not sent';

/** node:http refuses other characters in a header value; a client cannot send them either. */
const sendable = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')]));

/** One request over node:http (not fetch: it lets us send any header a client could). Never throws. */
/** node:http refuses a path with spaces or non-ASCII characters: escape those (UTF-8), keep the rest as given. */
const sendablePath = (path: string): string =>
  path.replace(/[^\x21-\x7e]/gu, (c) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

export const send = (baseUrl: string, req: Sent, agent: Agent, timeoutMs: number): Promise<Received> =>
  new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const url = new URL(baseUrl);
    let done = false;
    const finish = (r: Omit<Received, 'ms'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, ms: elapsed() });
    };
    let status = 0;
    let headers: Received['headers'] = {};
    const chunks: Buffer[] = [];
    let kept = 0;
    let r: ReturnType<typeof request>;
    try {
      r = request(
        { host: url.hostname, port: url.port, method: req.method, path: sendablePath(req.path), headers: { ...sendable(req.headers), ...(req.body ? { 'Content-Length': String(req.body.length) } : {}) }, agent },
        (res) => {
          status = res.statusCode ?? 0;
          headers = res.headers;
          res.on('data', (c: Buffer) => {
            if (kept < MAX_KEPT_BODY) chunks.push(c);
            kept += c.length;
          });
          res.on('end', () => finish({ status, headers, body: Buffer.concat(chunks) }));
          res.on('error', (e) => finish({ status, headers, body: Buffer.concat(chunks), error: `response aborted: ${e.message}` }));
        },
      );
    } catch (e) {
      // Not the service's fault: this client refused to send it.
      resolve({ status: 0, ms: 0, headers: {}, body: Buffer.alloc(0), error: `${UNSENT}: ${(e as Error).message}` });
      return;
    }
    // An infinite timeout: no timer, the request waits for its answer (the caller's own bound, if any, ends it).
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => {
        r.destroy(new Error('timeout'));
        finish({ status: 0, headers, body: Buffer.alloc(0), error: `no answer in ${timeoutMs} ms` });
      }, timeoutMs)
      : undefined;
    // A server may answer (413, 403) and close before it read the whole upload: the answer counts.
    r.on('error', (e) => finish({ status, headers, body: Buffer.concat(chunks), error: status === 0 ? e.message : `response aborted: ${e.message}` }));
    r.end(req.body);
  });

export const newAgent = (): Agent => new Agent({ keepAlive: true, maxSockets: 4 });
