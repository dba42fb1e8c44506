import type { Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { fail, ok, type AsyncResult } from '../../kernel/either.js';
import { unauthenticated } from '../../kernel/errors.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { normaliseEmail } from '../model.js';
import { checkAuthRateLimit } from '../rate-limit.js';
import { issueSession } from '../session-issue.js';
import { userView, type UserView } from '../user-view.js';

export type LoginInput = { readonly email: string; readonly password: string };

// Verified against when the email is unknown, so both failures take the same time.
const decoyHash = { value: null as string | null };

export const login =
  (deps: QueryDeps<'users' | 'rateLimits'> & CommandDeps<'sessions' | 'audit'> & Pick<IdentityDeps, 'hasher' | 'identity'>) =>
  async (actor: Actor, input: LoginInput): AsyncResult<{ readonly user: UserView; readonly token: string }> => {
    const email = normaliseEmail(input.email);
    const limited = await checkAuthRateLimit(deps, 'login', actor.clientAddress, email);
    if (limited) return fail(limited);
    const user = await deps.storage.users.byEmail(email);
    if (user === null) {
      decoyHash.value ??= await deps.hasher.hash('decoy password for timing');
      await deps.hasher.verify(input.password, decoyHash.value);
      return fail(unauthenticated('Wrong email or password.'));
    }
    if (!(await deps.hasher.verify(input.password, user.passwordHash))) return fail(unauthenticated('Wrong email or password.'));
    return deps.storage.uow.run(async (tx) => {
      const token = await issueSession(tx, deps.clock, deps.identity.sessionTtlMs, user.id);
      await tx.audit.record(auditEntry(deps.clock, user.id, 'session.create', { type: 'user', id: user.id, treeId: null }));
      return ok({ user: userView(user, deps.identity.ownerEmails), token });
    });
  };
