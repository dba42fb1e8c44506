import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible chat-completions server on loopback: each POST /v1/chat/completions
 * is recorded (body and headers) and answered by the next scripted reply. Never the internet.
 * Besides faithful answers it sends hostile ones, as a provider the service does not control may:
 * any JSON (`json`, `choice`: shapes the protocol does not allow), any text (`raw`), a body sent
 * slowly after its headers (`slow`), and a body of any size (`huge`).
 */
export type ScriptedMessage = { readonly kind: 'message'; readonly content: string | null; readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly arguments: string }[] };

export type ScriptedReply =
  | ScriptedMessage
  | { readonly kind: 'status'; readonly status: number; readonly body?: string }
  | { readonly kind: 'hang' }
  /** This JSON value as the whole answer (status 200, application/json). */
  | { readonly kind: 'json'; readonly body: unknown }
  /** A completion whose `choices[0].message` is this value, whatever it is. */
  | { readonly kind: 'choice'; readonly message: unknown }
  /** This text as the whole answer (status 200), with this content type (default application/json). */
  | { readonly kind: 'raw'; readonly body: string; readonly contentType?: string }
  /** The headers at once, then `reply`'s body in `chunks` parts, `intervalMs` apart. */
  | { readonly kind: 'slow'; readonly reply: ScriptedMessage; readonly chunks: number; readonly intervalMs: number }
  /**
   * A well-formed completion of `bytes` bytes (its text is padding), streamed as fast as the reader
   * takes it; `declareLength` sends a Content-Length header, else the body is chunked.
   */
  | { readonly kind: 'huge'; readonly bytes: number; readonly declareLength?: boolean };

/** What one streamed answer (`slow`, `huge`) sent before it ended or the reader went away. */
export type Streamed = {
  readonly kind: 'slow' | 'huge'; readonly total: number; written: number; cut: boolean;
  /** Resolves once the connection has ended (`written` and `cut` are settled then): wait on it, not on a clock. */
  readonly closed: Promise<void>;
};

export type FakeOpenAi = {
  readonly baseUrl: string;
  readonly requests: { readonly body: Record<string, unknown>; readonly headers: IncomingMessage['headers'] }[];
  /** The streamed answers, in order; `written` and `cut` settle once the connection ends. */
  readonly streamed: Streamed[];
  readonly script: (...replies: ScriptedReply[]) => void;
  /** Forgets the recorded requests and any reply not yet used. */
  readonly reset: () => void;
  readonly close: () => Promise<void>;
};

/** A chat completion whose first choice's message is `message`. */
export const completionOf = (message: unknown, finishReason = 'stop') => ({
  id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model: 'fake',
  choices: [{ index: 0, finish_reason: finishReason, message }],
});

const completion = (r: ScriptedMessage) => completionOf({
  role: 'assistant', content: r.content,
  ...(r.toolCalls?.length ? { tool_calls: r.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
}, r.toolCalls?.length ? 'tool_calls' : 'stop');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes `parts` one after another, waiting for the reader (and `intervalMs` between parts); stops when the connection ends. */
const stream = async (res: ServerResponse, record: Streamed, parts: Iterable<Buffer>, intervalMs: number): Promise<void> => {
  let first = true;
  for (const part of parts) {
    if (!first && intervalMs > 0) await sleep(intervalMs);
    first = false;
    if (res.destroyed) return;
    record.written += part.length;
    if (!res.write(part)) {
      await new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go).off('close', go);
          resolve();
        };
        res.on('drain', go).on('close', go);
      });
    }
  }
  if (!res.destroyed) res.end();
};

function* split(text: Buffer, count: number): Generator<Buffer> {
  const size = Math.ceil(text.length / count);
  for (let at = 0; at < text.length; at += size) yield text.subarray(at, at + size);
}

/** A completion of exactly `bytes` bytes: the envelope around an assistant text of `a`s. */
function* hugeCompletion(bytes: number): Generator<Buffer> {
  const [head, tail] = JSON.stringify(completionOf({ role: 'assistant', content: '\u0001' })).split('\\u0001').map((s) => Buffer.from(s)) as [Buffer, Buffer];
  let left = Math.max(0, bytes - head.length - tail.length);
  yield head;
  const block = Buffer.alloc(64 * 1024, 'a');
  while (left > 0) {
    const n = Math.min(left, block.length);
    yield block.subarray(0, n);
    left -= n;
  }
  yield tail;
}

export const startFakeOpenAi = async (): Promise<FakeOpenAi> => {
  const queue: ScriptedReply[] = [];
  const requests: FakeOpenAi['requests'] = [];
  const streamed: Streamed[] = [];
  const hanging: ServerResponse[] = [];
  /** Sends the headers of a streamed answer at once and records what follows. */
  const begin = (res: ServerResponse, kind: Streamed['kind'], total: number, declareLength: boolean): Streamed => {
    let closed!: () => void;
    const record: Streamed = { kind, total, written: 0, cut: false, closed: new Promise<void>((resolve) => (closed = resolve)) };
    streamed.push(record);
    res.on('close', () => {
      record.cut = !res.writableFinished;
      closed();
    });
    res.on('error', () => undefined); // the reader went away: `cut` says so
    res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
    res.flushHeaders();
    return record;
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>, headers: req.headers });
      const next = queue.shift() ?? { kind: 'status', status: 500, body: '{"error":{"message":"no scripted reply"}}' };
      switch (next.kind) {
        case 'hang':
          hanging.push(res);
          return;
        case 'status':
          res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body ?? '{"error":{"message":"scripted failure"}}');
          return;
        case 'message':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(next)));
          return;
        case 'json':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
          return;
        case 'choice':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionOf(next.message)));
          return;
        case 'raw':
          res.writeHead(200, { 'content-type': next.contentType ?? 'application/json' }).end(next.body);
          return;
        case 'slow': {
          const body = Buffer.from(JSON.stringify(completion(next.reply)));
          void stream(res, begin(res, 'slow', body.length, false), split(body, next.chunks), next.intervalMs);
          return;
        }
        case 'huge':
          void stream(res, begin(res, 'huge', next.bytes, next.declareLength === true), hugeCompletion(next.bytes), 0);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    streamed,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      streamed.length = 0;
    },
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
