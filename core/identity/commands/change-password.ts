import { signedInUser, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput, unauthenticated } from '../../kernel/errors.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { checkPassword } from '../policy.js';
import { checkUserRateLimit } from '../rate-limit.js';

/**
 * Re-verifies the current password, sets the new one, and revokes the user's other sessions.
 * Limited per user and per client address before any hashing: each attempt costs a scrypt, and a
 * stolen session could otherwise guess the current password at will.
 */
export const changePassword =
  (deps: QueryDeps<'users' | 'rateLimits'> & CommandDeps<'users' | 'sessions' | 'audit'> & Pick<IdentityDeps, 'hasher' | 'identity'>) =>
  async (caller: Actor, input: { readonly currentPassword: string; readonly newPassword: string }): AsyncResult<void> => {
    const signedIn = signedInUser(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const limited = await checkUserRateLimit(deps, 'change-password', actor.clientAddress, actor.userId);
    if (limited) return fail(limited);
    const user = await deps.storage.users.byId(actor.userId);
    if (user === null) return fail(unauthenticated());
    if (!(await deps.hasher.verify(input.currentPassword, user.passwordHash)))
      return fail(invalidInput('wrong_password', 'The current password is wrong.', [{ path: 'current_password', message: 'wrong password' }]));
    const bad = checkPassword(input.newPassword, 'new_password');
    if (bad) return fail(bad);
    const passwordHash = await deps.hasher.hash(input.newPassword);
    return deps.storage.uow.run(async (tx) => {
      const now = deps.clock.now();
      const current = await tx.users.byId(user.id);
      if (current === null) return fail(unauthenticated());
      await tx.users.update({ ...current, passwordHash });
      const revoked = await tx.sessions.revokeAllForUser(user.id, now, actor.sessionId);
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.change_password', { type: 'user', id: user.id, treeId: null }, { sessions_revoked: revoked }));
      return ok(undefined);
    });
  };
