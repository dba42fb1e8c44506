import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import { normaliseEmail } from '../../identity/model.js';
import type { CommandDeps } from '../../deps.js';
import type { MemberRead, Role } from '../model.js';

/** Owner adds an existing account by email with a role. */
export const addMember =
  (deps: CommandDeps<'trees' | 'memberships' | 'users' | 'audit'>) =>
  async (actor: Actor, treeId: Id, input: { readonly email: string; readonly role: Role }): AsyncResult<MemberRead> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner');
      if (E.isLeft(access)) return access;
      const user = await tx.users.byEmail(normaliseEmail(input.email));
      if (user === null) return fail(notFound('user', normaliseEmail(input.email)));
      const membership = { treeId, userId: user.id, role: input.role, createdAt: deps.clock.now() };
      if ((await tx.memberships.insert(membership)) === 'exists') return fail(conflict('already_member', 'That account is already a member of this tree.'));
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'member.add', { type: 'membership', id: user.id, treeId }, { user_id: user.id, role: input.role }));
      return ok({ ...membership, email: user.email });
    });
