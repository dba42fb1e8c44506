import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { forbidden } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { roleAtLeast } from '../../trees/model.js';
import type { Proposal } from '../model.js';
import { proposalFor } from '../access.js';
import type { CommandDeps } from '../../deps.js';

/** The proposal, when the actor may delete it: its proposer, or an editor of its tree (deleteProposal's check, before it changes anything). */
export const deletableProposal = async (
  tx: Pick<Stores, 'trees' | 'memberships' | 'proposals'>,
  actor: Actor,
  treeId: Id,
  proposalId: Id,
): Promise<Result<Proposal>> => {
  const found = await proposalFor(tx, actor, treeId, proposalId, 'viewer');
  if (E.isLeft(found)) return found;
  const { proposal, access } = found.right;
  const editor = access.role !== null && roleAtLeast(access.role, 'editor');
  return !editor && proposal.proposerId !== actorId(actor) ? fail(forbidden('Only the proposer or an editor may delete a proposal.')) : ok(proposal);
};

/**
 * Removes a proposal in any state (SPEC: "any -> removed"): its proposer, or an editor. What an
 * apply already changed stays changed; the audit trail keeps both.
 */
export const deleteProposal =
  (deps: CommandDeps<'trees' | 'memberships' | 'proposals' | 'audit'>) =>
  async (actor: Actor, treeId: Id, proposalId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await deletableProposal(tx, actor, treeId, proposalId);
      if (E.isLeft(found)) return found;
      const proposal = found.right;
      await tx.proposals.remove(proposal.id);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'proposal.delete', { type: 'proposal', id: proposal.id, treeId }, { status: proposal.status }));
      return ok(undefined);
    });
