import { auditEntry } from '../../kernel/audit-entry.js';
import { fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { checkPassword } from '../policy.js';
import { hashToken } from '../tokens.js';
import { invalidToken } from './verify-email.js';

/** Sets a new password from a reset link and revokes every prior session of the user. */
export const confirmPasswordReset =
  (deps: QueryDeps<'emailTokens'> & CommandDeps<'emailTokens' | 'users' | 'sessions' | 'audit'> & Pick<IdentityDeps, 'hasher'>) =>
  async (input: { readonly token: string; readonly newPassword: string }): AsyncResult<void> => {
    const bad = checkPassword(input.newPassword, 'new_password');
    if (bad) return fail(bad);
    const found = await deps.storage.emailTokens.byTokenHash(hashToken(input.token));
    const now = deps.clock.now();
    if (found === null || found.purpose !== 'password_reset' || found.usedAt !== null || found.expiresAt <= now) return fail(invalidToken());
    const passwordHash = await deps.hasher.hash(input.newPassword);
    return deps.storage.uow.run(async (tx) => {
      // Read again inside the transaction: two confirms of one token must not both succeed.
      const token = await tx.emailTokens.byTokenHash(found.tokenHash);
      const user = token && token.usedAt === null ? await tx.users.byId(token.userId) : null;
      if (user === null) return fail(invalidToken());
      await tx.emailTokens.consumeAllForUser(user.id, 'password_reset', now);
      // Proving control of the mailbox also verifies the email.
      await tx.users.update({ ...user, passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now });
      const revoked = await tx.sessions.revokeAllForUser(user.id, now);
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.reset_password', { type: 'user', id: user.id, treeId: null }, { sessions_revoked: revoked }));
      return ok(undefined);
    });
  };
