import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import type { IdentityDeps } from '../deps.js';
import { normaliseEmail } from '../model.js';
import { checkAuthRateLimit } from '../rate-limit.js';
import { issueEmailToken, resetMail } from '../session-issue.js';

/**
 * Mails a reset link when the email belongs to an account. The answer is the same either way, so
 * the endpoint never reveals whether an email exists (only the rate limit can refuse).
 */
export const requestPasswordReset =
  (deps: IdentityDeps) =>
  async (actor: Actor, input: { readonly email: string }): AsyncResult<void> => {
    const email = normaliseEmail(input.email);
    const limited = await checkAuthRateLimit(deps, 'reset', actor.clientAddress, email);
    if (limited) return fail(limited);
    const result = await deps.storage.uow.run(async (tx) => {
      const user = await tx.users.byEmail(email);
      if (user === null) return ok(null);
      return ok({ to: user.email, token: await issueEmailToken(tx, deps.clock, deps.identity.resetTtlMs, user.id, 'password_reset') });
    });
    if (E.isLeft(result)) return result;
    if (result.right !== null) await deps.mailer.send(resetMail(deps.identity.baseUrl, result.right.to, result.right.token));
    return ok(undefined);
  };
