import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import { accessTree } from '../../trees/access.js';
import type { CommandDeps } from '../../deps.js';
import type { Proposal, ProposalOperation, ProposalOrigin } from '../model.js';
import { MAX_SUMMARY_LENGTH, operationErrors } from '../rules.js';

export type ProposeInput = { readonly summary: string; readonly operations: readonly ProposalOperation[] };

/**
 * Stores a pending proposal and changes nothing else (SPEC: "only stores the row"). Any member may
 * propose, viewers included; `origin` is `contributor` for a person and `assistant` only when the
 * assistant or the recommender proposes for the calling user. Operations are checked for what their
 * shape can say (the wire codec checked each entity's fields); ids are checked when applied.
 */
export const proposeChanges =
  (deps: CommandDeps<'trees' | 'memberships' | 'proposals' | 'audit'>) =>
  async (actor: Actor, treeId: Id, input: ProposeInput, origin: ProposalOrigin = 'contributor'): AsyncResult<Proposal> => {
    const errors = operationErrors(input.operations);
    if ([...input.summary].length > MAX_SUMMARY_LENGTH) errors.unshift({ path: 'summary', message: `at most ${MAX_SUMMARY_LENGTH} characters` });
    if (errors.length > 0) return fail(invalidInput('invalid_operations', 'The operations cannot be proposed as they are.', errors));
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'viewer');
      if (E.isLeft(access)) return access;
      const proposal: Proposal = {
        id: newId(), treeId, status: 'pending', origin, summary: input.summary.trim(), operations: input.operations,
        proposerId: actorId(actor), reviewerId: null, applyError: null, appliedCount: 0, refs: new Map(), createdAt: deps.clock.now(), decidedAt: null,
      };
      await tx.proposals.insert(proposal);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'proposal.create', { type: 'proposal', id: proposal.id, treeId }, {
        origin, operations: input.operations.length,
      }));
      return ok(proposal);
    });
  };
