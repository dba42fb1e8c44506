import OpenAI from 'openai';
import * as t from 'io-ts';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ChatMessage, ModelProvider, ProviderFailure, ToolCall } from '../../core/ai/ports.js';

export type OpenAiProviderConfig = {
  readonly name: string;
  readonly model: string;
  /** Up to, not including, `/chat/completions` (e.g. `http://localhost:11434/v1` for Ollama); absent: OpenAI. */
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** AI_TIMEOUT_MS: the whole answer, headers and body, arrives within this or is a timeout. */
  readonly timeoutMs: number;
  /** AI_MAX_ANSWER_BYTES: an answer (error answers too) is read up to this many bytes, never further. */
  readonly maxAnswerBytes: number;
};

/**
 * A chat completion as far as the service reads it (ARCHITECTURE.md rule 5: a provider's answer is
 * untrusted input, decoded like a client's): the first choice's message, its text a string or null
 * (absent: null) and its tool calls function calls with string ids, names and argument texts.
 */
const WireToolCall = t.type({ id: t.string, type: t.literal('function'), function: t.type({ name: t.string, arguments: t.string }) });
const WireCompletion = t.type({
  choices: t.array(t.type({ message: t.partial({ content: t.union([t.string, t.null]), tool_calls: t.union([t.array(WireToolCall), t.null]) }) })),
});

/** The error an answer's body raises once it passes the size cap (recognised by its class). */
class AnswerTooLong extends Error {}

/**
 * `fetch` that reads at most `maxBytes` of a response: a longer declared length is refused before the
 * body is read, and the body stream errors once it passes the cap (the rest is never downloaded).
 */
const boundedFetch = (maxBytes: number) => async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLong();
  }
  if (response.body === null) return response;
  let read = 0;
  const counted = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform: (chunk, controller) => {
      read += chunk.byteLength;
      if (read > maxBytes) controller.error(new AnswerTooLong());
      else controller.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

/** Whether `err`, or an error it was wrapped around, is `AnswerTooLong`. */
const tooLong = (err: unknown): boolean => {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof AnswerTooLong) return true;
  return false;
};

type WireMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const wireMessage = (m: ChatMessage): WireMessage => {
  switch (m.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    case 'assistant':
      return {
        role: 'assistant', content: m.content,
        ...(m.toolCalls === undefined || m.toolCalls.length === 0 ? {} : {
          tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
        }),
      };
    default:
      return { role: m.role, content: m.content };
  }
};

/**
 * Any server that speaks OpenAI's chat-completions protocol with tool calls (OpenAI, Ollama, vLLM,
 * llama.cpp server, LM Studio), through the maintained `openai` client. No retries (the caller
 * answers 502/504 at once); a failure names its status or kind, never the request or the key. The
 * client's own timeout ends at the headers, so a deadline of our own aborts the body's reading too.
 */
export const openAiProvider = (config: OpenAiProviderConfig): ModelProvider => {
  const client = new OpenAI({
    // Local servers need no key, but the client insists on one.
    apiKey: config.apiKey ?? 'none',
    ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }),
    timeout: config.timeoutMs,
    maxRetries: 0,
    fetch: boundedFetch(config.maxAnswerBytes),
  });
  const invalid = (why: string): ProviderFailure => ({ kind: 'invalid', detail: `${config.name} ${why}` });
  const failure = (err: unknown, late: boolean): ProviderFailure => {
    if (tooLong(err)) return invalid(`answered more than ${config.maxAnswerBytes} bytes`);
    if (late || err instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout', detail: `${config.name} did not answer within ${config.timeoutMs} ms` };
    if (err instanceof OpenAI.APIError && err.status !== undefined) return { kind: 'unavailable', detail: `${config.name} answered HTTP ${err.status}` };
    // A body that is not JSON at all, where JSON was announced.
    if (err instanceof SyntaxError) return invalid('answered something that is not a chat completion');
    return { kind: 'unavailable', detail: `${config.name} could not be reached` };
  };
  return {
    name: config.name,
    model: config.model,
    complete: async ({ messages, tools, rounds }) => {
      const deadline = new AbortController();
      // One request's rounds share AI_TIMEOUT_MS: the time left since its first call began.
      const now = performance.now();
      if (rounds !== undefined) rounds.startedAt ??= now;
      const remaining = config.timeoutMs - (now - (rounds?.startedAt ?? now));
      if (remaining <= 0) return left({ kind: 'timeout', detail: `${config.name} did not answer within ${config.timeoutMs} ms` });
      const timer = setTimeout(() => deadline.abort(), remaining);
      try {
        const reply: unknown = await client.chat.completions.create({
          model: config.model,
          messages: messages.map(wireMessage),
          ...(tools.length === 0 ? {} : { tools: tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })) }),
        }, { signal: deadline.signal });
        const decoded = WireCompletion.decode(reply);
        const message = isLeft(decoded) ? undefined : decoded.right.choices[0]?.message;
        if (message === undefined) return left(invalid('answered something that is not a chat completion'));
        const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments }));
        return right({ text: message.content ?? null, toolCalls });
      } catch (err) {
        return left(failure(err, deadline.signal.aborted));
      } finally {
        clearTimeout(timer);
      }
    },
  };
};
