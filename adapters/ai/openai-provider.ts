import OpenAI from 'openai';
import { left, right } from 'fp-ts/lib/Either.js';
import type { ChatMessage, ModelProvider, ProviderFailure, ToolCall } from '../../core/ai/ports.js';

export type OpenAiProviderConfig = {
  readonly name: string;
  readonly model: string;
  /** Up to, not including, `/chat/completions` (e.g. `http://localhost:11434/v1` for Ollama); absent: OpenAI. */
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
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
 * answers 502/504 at once); a failure names its status or kind, never the request or the key.
 */
export const openAiProvider = (config: OpenAiProviderConfig): ModelProvider => {
  const client = new OpenAI({
    // Local servers need no key, but the client insists on one.
    apiKey: config.apiKey ?? 'none',
    ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }),
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  const failure = (err: unknown): ProviderFailure => {
    if (err instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout', detail: `${config.name} did not answer within ${config.timeoutMs} ms` };
    if (err instanceof OpenAI.APIError && err.status !== undefined) return { kind: 'unavailable', detail: `${config.name} answered HTTP ${err.status}` };
    return { kind: 'unavailable', detail: `${config.name} could not be reached` };
  };
  return {
    name: config.name,
    model: config.model,
    complete: async ({ messages, tools }) => {
      try {
        const reply = await client.chat.completions.create({
          model: config.model,
          messages: messages.map(wireMessage),
          ...(tools.length === 0 ? {} : { tools: tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })) }),
        });
        const message = reply.choices[0]?.message;
        if (message === undefined) return left({ kind: 'unavailable', detail: `${config.name} answered no choice` });
        const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((c) =>
          c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []);
        return right({ text: message.content ?? null, toolCalls });
      } catch (err) {
        return left(failure(err));
      }
    },
  };
};
