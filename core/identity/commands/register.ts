import type { Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict } from '../../kernel/errors.js';
import { newId } from '../../kernel/ids.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { normaliseEmail } from '../model.js';
import { checkEmail, checkPassword } from '../policy.js';
import { checkAuthRateLimit } from '../rate-limit.js';
import { issueEmailToken, issueSession, verificationMail } from '../session-issue.js';
import { userView, type UserView } from '../user-view.js';

export type RegisterInput = { readonly email: string; readonly password: string };

/** Creates an account and signs it in; a verification mail goes out whatever REQUIRE_EMAIL_VERIFICATION says. */
export const register =
  (deps: QueryDeps<'rateLimits'> & CommandDeps<'users' | 'sessions' | 'emailTokens' | 'audit'> & Pick<IdentityDeps, 'hasher' | 'mailer' | 'identity'>) =>
  async (actor: Actor, input: RegisterInput): AsyncResult<{ readonly user: UserView; readonly token: string }> => {
    const email = normaliseEmail(input.email);
    const limited = await checkAuthRateLimit(deps, 'register', actor.clientAddress, email);
    if (limited) return fail(limited);
    const bad = checkEmail(email) ?? checkPassword(input.password);
    if (bad) return fail(bad);
    const passwordHash = await deps.hasher.hash(input.password);
    const result = await deps.storage.uow.run(async (tx) => {
      const user = { id: newId(), email, passwordHash, emailVerifiedAt: null, selfPersonId: null, createdAt: deps.clock.now(), deletedAt: null };
      if ((await tx.users.insert(user)) === 'email_taken') return fail(conflict('email_taken', 'An account with that email exists.'));
      const token = await issueSession(tx, deps.clock, deps.identity.sessionTtlMs, user.id);
      const mailToken = await issueEmailToken(tx, deps.clock, deps.identity.verificationTtlMs, user.id, 'verify_email');
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.register', { type: 'user', id: user.id, treeId: null }));
      return ok({ user, token, mailToken });
    });
    if (E.isLeft(result)) return result;
    const { user, token, mailToken } = result.right;
    await deps.mailer.send(verificationMail(deps.identity.baseUrl, user.email, mailToken));
    return ok({ user: userView(user, deps.identity.ownerEmails), token });
  };
