import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { proposalFor } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import type { Proposal } from '../model.js';

/** An editor rejects a pending proposal: nothing of it is applied. Not pending: 409 `proposal_not_pending`. */
export const rejectProposal =
  (deps: CommandDeps<'trees' | 'memberships' | 'proposals' | 'audit'>) =>
  async (actor: Actor, treeId: Id, proposalId: Id): AsyncResult<Proposal> =>
    deps.storage.uow.run(async (tx) => {
      const found = await proposalFor(tx, actor, treeId, proposalId, 'editor');
      if (E.isLeft(found)) return found;
      const p = found.right.proposal;
      if (p.status !== 'pending') return fail(conflict('proposal_not_pending', `This proposal is ${p.status}.`));
      const next: Proposal = { ...p, status: 'rejected', reviewerId: actorId(actor), decidedAt: deps.clock.now() };
      await tx.proposals.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'proposal.reject', { type: 'proposal', id: p.id, treeId }, { applied_count: p.appliedCount }));
      return ok(next);
    });
