import { auditEntry } from '../../kernel/audit-entry.js';
import { fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import type { CommandDeps } from '../../deps.js';
import { hashToken } from '../tokens.js';

export const invalidToken = () => invalidInput('invalid_token', 'The link is unknown, used or expired.');

/** Consumes a verification token from a mail link; unknown, used or expired tokens are rejected. */
export const verifyEmail =
  (deps: CommandDeps<'emailTokens' | 'users' | 'audit'>) =>
  async (input: { readonly token: string }): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const now = deps.clock.now();
      const found = await tx.emailTokens.byTokenHash(hashToken(input.token));
      if (found === null || found.purpose !== 'verify_email' || found.usedAt !== null || found.expiresAt <= now) return fail(invalidToken());
      const user = await tx.users.byId(found.userId);
      if (user === null) return fail(invalidToken());
      await tx.emailTokens.consumeAllForUser(user.id, 'verify_email', now);
      if (user.emailVerifiedAt === null) await tx.users.update({ ...user, emailVerifiedAt: now });
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.verify_email', { type: 'user', id: user.id, treeId: null }));
      return ok(undefined);
    });
