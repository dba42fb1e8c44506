import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { unstorableTextPath } from '../../kernel/decode.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, upstream } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import type { ChatMessage, ModelProvider, ProviderFailure, RoundClock, ToolCall } from '../ports.js';
import { assistantTools, runTool, type ToolDeps, type ToolOutcome } from '../tools.js';

/** Most model rounds one request makes (API.md); tool calls past them are not run. */
export const MAX_ROUNDS = 8;

/**
 * What one request may make a provider's answers do, whatever they ask for (issue 23). A tool call
 * past a call cap is not run; a `propose_changes` past the proposal cap is run no further than the
 * refusal: both answer the model with an `error` and never fail the request.
 */
export type AssistantLimits = {
  /** AI_MAX_TOOL_CALLS_PER_ROUND: tool calls run from one answer. */
  readonly toolCallsPerRound: number;
  /** AI_MAX_TOOL_CALLS: tool calls run over all the rounds of one request. */
  readonly toolCalls: number;
  /** AI_MAX_PROPOSALS: proposals one request stores. */
  readonly proposals: number;
};

export const defaultAssistantLimits: AssistantLimits = { toolCallsPerRound: 16, toolCalls: 64, proposals: 10 };

/** The tools' stores, the tree (its policy names the provider) and the audit entry of the request. */
export type AssistantDeps = ToolDeps & CommandDeps<'audit'> & QueryDeps<'trees' | 'memberships'> & {
  /** The configured providers by name (AI_PROVIDERS). */
  readonly providers: ReadonlyMap<string, ModelProvider>;
  readonly limits: AssistantLimits;
};

export type AssistantReply = { readonly reply: string; readonly proposalIds: readonly Id[]; readonly provider: string; readonly model: string };

const SYSTEM = [
  'You help the members of one family tree with their genealogy research.',
  'Read the tree only through the tools search_persons and get_person.',
  'You cannot change the tree. To suggest a change, call propose_changes: it stores a proposal that a human editor reviews.',
  'Never claim a change was made; say that it was proposed.',
].join(' ');

const failureCode = { unavailable: 'provider_unavailable', invalid: 'provider_invalid', timeout: 'provider_timeout' } as const satisfies Record<ProviderFailure['kind'], string>;

/**
 * The members' assistant (any member): the tree's `ai_member_provider` answers, with at most
 * MAX_ROUNDS rounds of tool calls and at most `limits` calls and proposals. Of an answer's calls the
 * first ones up to the caps run; the next is answered with the cap (so the model learns it) and the
 * rest are dropped unanswered; an answer asking for calls once none are left ends the loop. Nothing
 * the model answers writes to the tree: `propose_changes` stores a pending proposal (origin
 * `assistant`, proposer: the caller) and that is all. 409 `ai_disabled` when the tree names no
 * provider or one that is no longer configured; 502/504 when the provider fails or answers something
 * that is not a chat completion. One `assistant.request` audit entry: provider, model, the tool
 * calls run by name and the proposals, never a message's text.
 */
export const askAssistant =
  (deps: AssistantDeps) =>
  async (actor: Actor, treeId: Id, conversation: readonly { readonly role: 'user' | 'assistant'; readonly content: string }[]): AsyncResult<AssistantReply> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const name = access.right.tree.aiMemberProvider;
    const provider = name === null ? undefined : deps.providers.get(name);
    if (provider === undefined) return fail(conflict('ai_disabled', name === null ? 'This tree has no assistant.' : `The provider ${name} is not configured on this service.`));
    const { limits } = deps;
    const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM }, ...conversation.map((m) => ({ role: m.role, content: m.content }) as ChatMessage)];
    const toolNames: string[] = [];
    const proposalIds: Id[] = [];
    let reply = '';
    const run = async (call: ToolCall): Promise<ToolOutcome> => {
      // The name is stored in the audit entry: only as text the database can hold.
      const shown = call.name.slice(0, 100);
      toolNames.push(unstorableTextPath(shown) === null ? shown : '(not text)');
      if (call.name === 'propose_changes' && proposalIds.length >= limits.proposals)
        return { content: { error: `Not stored: one request stores at most ${limits.proposals} proposals. Tell the user what else you would propose.` } };
      const outcome = await runTool(deps, actor, treeId, call.name, call.arguments);
      if (outcome.proposalId !== undefined) proposalIds.push(outcome.proposalId);
      return outcome;
    };
    const rounds: RoundClock = {};
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const answer = await provider.complete({ messages, tools: assistantTools, rounds });
      if (E.isLeft(answer)) return fail(upstream(failureCode[answer.left.kind], answer.left.detail));
      reply = answer.right.text ?? reply;
      const calls = answer.right.toolCalls;
      if (calls.length === 0) break;
      const callsLeft = limits.toolCalls - toolNames.length;
      if (callsLeft <= 0) {
        if (reply === '') reply = `I stopped after ${limits.toolCalls} tool calls without an answer.`;
        break;
      }
      const runs = calls.slice(0, Math.min(limits.toolCallsPerRound, callsLeft));
      const over = calls[runs.length];
      messages.push({ role: 'assistant', content: answer.right.text, toolCalls: over === undefined ? runs : [...runs, over] });
      for (const call of runs) messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify((await run(call)).content) });
      if (over !== undefined) {
        const spent = runs.length === callsLeft;
        const error = `Not run, nor the ${calls.length - runs.length - 1} calls after it: ` + (spent
          ? `this request runs at most ${limits.toolCalls} tool calls. Answer the user now.`
          : `at most ${limits.toolCallsPerRound} tool calls per step. Call again for what you still need.`);
        messages.push({ role: 'tool', toolCallId: over.id, content: JSON.stringify({ error }) });
      }
      if (round === MAX_ROUNDS - 1 && reply === '') reply = `I stopped after ${MAX_ROUNDS} steps without an answer.`;
    }
    await deps.storage.uow.run(async (tx) => {
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'assistant.request', { type: 'tree', id: treeId, treeId }, {
        provider: provider.name, model: provider.model, tool_calls: toolNames, proposal_ids: proposalIds,
      }));
      return ok(undefined);
    });
    return ok({ reply, proposalIds, provider: provider.name, model: provider.model });
  };
