import { actorId, type Actor } from '../../shared/actor.js';
import { auditEntry } from '../../shared/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { conflict, upstream } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../../shared/tree-access.js';
import type { ChatMessage, ModelProvider } from '../ports.js';
import { assistantTools, runTool, type ToolDeps } from '../tools.js';

/** Most model rounds one request makes (API.md); tool calls past them are not run. */
export const MAX_ROUNDS = 8;

export type AssistantDeps = ToolDeps & {
  /** The configured providers by name (AI_PROVIDERS). */
  readonly providers: ReadonlyMap<string, ModelProvider>;
};

export type AssistantReply = { readonly reply: string; readonly proposalIds: readonly Id[]; readonly provider: string; readonly model: string };

const SYSTEM = [
  'You help the members of one family tree with their genealogy research.',
  'Read the tree only through the tools search_persons and get_person.',
  'You cannot change the tree. To suggest a change, call propose_changes: it stores a proposal that a human editor reviews.',
  'Never claim a change was made; say that it was proposed.',
].join(' ');

/**
 * The members' assistant (any member): the tree's `ai_member_provider` answers, with at most
 * MAX_ROUNDS rounds of tool calls. Nothing the model answers writes to the tree: `propose_changes`
 * stores a pending proposal (origin `assistant`, proposer: the caller) and that is all. 409
 * `ai_disabled` when the tree names no provider or one that is no longer configured; 502/504 when the
 * provider fails. One `assistant.request` audit entry: provider, model, the tool calls by name and
 * the proposals, never a message's text.
 */
export const askAssistant =
  (deps: AssistantDeps) =>
  async (actor: Actor, treeId: Id, conversation: readonly { readonly role: 'user' | 'assistant'; readonly content: string }[]): AsyncResult<AssistantReply> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const name = access.right.tree.aiMemberProvider;
    const provider = name === null ? undefined : deps.providers.get(name);
    if (provider === undefined) return fail(conflict('ai_disabled', name === null ? 'This tree has no assistant.' : `The provider ${name} is not configured on this service.`));
    const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM }, ...conversation.map((m) => ({ role: m.role, content: m.content }) as ChatMessage)];
    const toolNames: string[] = [];
    const proposalIds: Id[] = [];
    let reply = '';
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const answer = await provider.complete({ messages, tools: assistantTools });
      if (E.isLeft(answer)) return fail(upstream(answer.left.kind === 'timeout' ? 'provider_timeout' : 'provider_unavailable', answer.left.detail));
      reply = answer.right.text ?? reply;
      if (answer.right.toolCalls.length === 0) break;
      messages.push({ role: 'assistant', content: answer.right.text, toolCalls: answer.right.toolCalls });
      for (const call of answer.right.toolCalls) {
        toolNames.push(call.name.slice(0, 100));
        const outcome = await runTool(deps, actor, treeId, call.name, call.arguments);
        if (outcome.proposalId !== undefined) proposalIds.push(outcome.proposalId);
        messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(outcome.content) });
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
