import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import { isDomainError, membershipLosingOwner } from '../last-owner.js';
import type { MemberRead, Role } from '../model.js';

/** Owner changes a member's role; demoting the only owner is a conflict. */
export const changeMemberRole =
  (deps: CommandDeps<'trees' | 'memberships' | 'users' | 'audit'>) =>
  async (actor: Actor, treeId: Id, userId: Id, input: { readonly role: Role }): AsyncResult<MemberRead> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner');
      if (E.isLeft(access)) return access;
      const target = await membershipLosingOwner(tx, treeId, userId, input.role === 'owner');
      if (isDomainError(target)) return fail(target);
      const user = await tx.users.byId(userId);
      if (user === null) return fail(notFound('member', userId));
      await tx.memberships.updateRole(treeId, userId, input.role);
      await tx.audit.record(
        auditEntry(deps.clock, actorId(actor), 'member.change_role', { type: 'membership', id: userId, treeId }, { user_id: userId, from: target.role, to: input.role }),
      );
      return ok({ ...target, role: input.role, email: user.email });
    });
