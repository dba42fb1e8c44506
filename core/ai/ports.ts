import type { Either } from 'fp-ts/lib/Either.js';

// A model provider as the assistant and the recommender use it (issue 11): messages and tool
// definitions in, text or tool calls out. Nothing a provider answers can write to a tree: the core
// only ever turns a `propose_changes` call into a pending proposal.

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly toolCalls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/** A function the model may call: its name and the JSON Schema of its arguments. */
export type ToolDefinition = { readonly name: string; readonly description: string; readonly parameters: { readonly [k: string]: unknown } };

/** A call as the model wrote it: `arguments` is the raw JSON text (it may be invalid). */
export type ToolCall = { readonly id: string; readonly name: string; readonly arguments: string };

export type ModelReply = { readonly text: string | null; readonly toolCalls: readonly ToolCall[] };

/**
 * `unavailable`: the provider could not be reached or answered an error (502 provider_unavailable);
 * `invalid`: its answer is not a chat completion as the protocol defines it, or is longer than the
 * configured size, read no further than that (502 provider_invalid); `timeout`: no whole answer,
 * headers and body, within the configured time (504 provider_timeout). `detail` never holds a key.
 */
export type ProviderFailure = { readonly kind: 'unavailable' | 'invalid' | 'timeout'; readonly detail: string };

export type ModelProvider = {
  readonly name: string;
  readonly model: string;
  /**
   * `round`: the same object for every call of one request (the assistant's rounds); the provider
   * notes there when the first call began, so that its time limit bounds all the rounds together,
   * not each one (eight slow rounds would otherwise take eight times the limit).
   */
  readonly complete: (request: { readonly messages: readonly ChatMessage[]; readonly tools: readonly ToolDefinition[]; readonly rounds?: RoundClock }) => Promise<Either<ProviderFailure, ModelReply>>;
};

/** Filled by the provider on the first call of a request (a monotonic time in ms); see `complete`. */
export type RoundClock = { startedAt?: number };
