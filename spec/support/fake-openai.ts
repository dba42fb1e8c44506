import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible chat-completions server on loopback: each POST /v1/chat/completions
 * is recorded (body and headers) and answered by the next scripted reply. Never the internet.
 */
export type ScriptedReply =
  | { readonly kind: 'message'; readonly content: string | null; readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly arguments: string }[] }
  | { readonly kind: 'status'; readonly status: number; readonly body?: string }
  | { readonly kind: 'hang' };

export type FakeOpenAi = {
  readonly baseUrl: string;
  readonly requests: { readonly body: Record<string, unknown>; readonly headers: IncomingMessage['headers'] }[];
  readonly script: (...replies: ScriptedReply[]) => void;
  /** Forgets the recorded requests and any reply not yet used. */
  readonly reset: () => void;
  readonly close: () => Promise<void>;
};

const completion = (r: Extract<ScriptedReply, { kind: 'message' }>) => ({
  id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model: 'fake',
  choices: [{
    index: 0, finish_reason: r.toolCalls?.length ? 'tool_calls' : 'stop',
    message: {
      role: 'assistant', content: r.content,
      ...(r.toolCalls?.length ? { tool_calls: r.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
    },
  }],
});

export const startFakeOpenAi = async (): Promise<FakeOpenAi> => {
  const queue: ScriptedReply[] = [];
  const requests: FakeOpenAi['requests'] = [];
  const hanging: ServerResponse[] = [];
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
      if (next.kind === 'hang') {
        hanging.push(res);
        return;
      }
      if (next.kind === 'status') {
        res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body ?? '{"error":{"message":"scripted failure"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(next)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const r of hanging) r.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
