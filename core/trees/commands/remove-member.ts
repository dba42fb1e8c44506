import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import { isDomainError, membershipLosingOwner } from '../last-owner.js';

/** Owner removes a member; any member may also leave (remove themselves). The only owner cannot go. */
export const removeMember =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'>) =>
  async (actor: Actor, treeId: Id, userId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const leaving = actor.kind === 'user' && actor.userId === userId;
      const access = await accessTree(tx, actor, treeId, leaving ? 'viewer' : 'owner');
      if (E.isLeft(access)) return access;
      const target = await membershipLosingOwner(tx, treeId, userId, false);
      if (isDomainError(target)) return fail(target);
      await tx.memberships.remove(treeId, userId);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'member.remove', { type: 'membership', id: userId, treeId }, { user_id: userId, role: target.role }));
      return ok(undefined);
    });
