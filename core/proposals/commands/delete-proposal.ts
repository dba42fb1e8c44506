import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { roleAtLeast } from '../../trees/model.js';
import { proposalFor } from '../access.js';
import type { CommandDeps } from '../../deps.js';

/**
 * Removes a proposal in any state (SPEC: "any -> removed"): its proposer, or an editor. What an
 * apply already changed stays changed; the audit trail keeps both.
 */
export const deleteProposal =
  (deps: CommandDeps<'trees' | 'memberships' | 'proposals' | 'audit'>) =>
  async (actor: Actor, treeId: Id, proposalId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await proposalFor(tx, actor, treeId, proposalId, 'viewer');
      if (E.isLeft(found)) return found;
      const { proposal, access } = found.right;
      const editor = access.role !== null && roleAtLeast(access.role, 'editor');
      if (!editor && proposal.proposerId !== actorId(actor)) return fail(forbidden('Only the proposer or an editor may delete a proposal.'));
      await tx.proposals.remove(proposal.id);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'proposal.delete', { type: 'proposal', id: proposal.id, treeId }, { status: proposal.status }));
      return ok(undefined);
    });
