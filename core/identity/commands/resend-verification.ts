import { sessionAccount, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { unauthenticated } from '../../kernel/errors.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { checkAuthRateLimit } from '../rate-limit.js';
import { issueEmailToken, verificationMail } from '../session-issue.js';

/** Sends a fresh verification link to the signed-in user; earlier links stop working. Verified users get none. */
export const resendVerification =
  (deps: QueryDeps<'rateLimits'> & CommandDeps<'users' | 'emailTokens' | 'audit'> & Pick<IdentityDeps, 'mailer' | 'identity'>) =>
  async (caller: Actor): AsyncResult<void> => {
    const signedIn = sessionAccount(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const limited = await checkAuthRateLimit(deps, 'resend', actor.clientAddress, actor.email);
    if (limited) return fail(limited);
    const result = await deps.storage.uow.run(async (tx) => {
      const user = await tx.users.byId(actor.userId);
      if (user === null) return fail(unauthenticated());
      if (user.emailVerifiedAt !== null) return ok(null);
      const token = await issueEmailToken(tx, deps.clock, deps.identity.verificationTtlMs, user.id, 'verify_email');
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.resend_verification', { type: 'user', id: user.id, treeId: null }));
      return ok({ to: user.email, token });
    });
    if (E.isLeft(result)) return result;
    if (result.right !== null) await deps.mailer.send(verificationMail(deps.identity.baseUrl, result.right.to, result.right.token));
    return ok(undefined);
  };
