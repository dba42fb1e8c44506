import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { normaliseEmail } from '../model.js';
import { checkAuthRateLimit } from '../rate-limit.js';
import { issueEmailToken, resetMail } from '../session-issue.js';

/**
 * Mails a reset link when the email belongs to an account. The answer is the same either way, so
 * the endpoint never reveals whether an email exists (only the rate limit can refuse).
 */
export const requestPasswordReset =
  (deps: QueryDeps<'rateLimits'> & CommandDeps<'users' | 'emailTokens' | 'audit'> & Pick<IdentityDeps, 'mailer' | 'identity'>) =>
  async (actor: Actor, input: { readonly email: string }): AsyncResult<void> => {
    const email = normaliseEmail(input.email);
    const limited = await checkAuthRateLimit(deps, 'reset', actor.clientAddress, email);
    if (limited) return fail(limited);
    const result = await deps.storage.uow.run(async (tx) => {
      const user = await tx.users.byEmail(email);
      if (user === null) return ok(null);
      const token = await issueEmailToken(tx, deps.clock, deps.identity.resetTtlMs, user.id, 'password_reset');
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'user.request_password_reset', { type: 'user', id: user.id, treeId: null }));
      return ok({ to: user.email, token });
    });
    if (E.isLeft(result)) return result;
    // Not awaited: how long delivery takes must not tell a caller that the email exists. The mailer
    // adapter reports failed deliveries (adapters/mail/reporting-mailer.ts).
    if (result.right !== null) deps.mailer.send(resetMail(deps.identity.baseUrl, result.right.to, result.right.token)).catch(() => undefined);
    return ok(undefined);
  };
