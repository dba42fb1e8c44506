import type { Actor, UserActor } from '../../shared/actor.js';
import type { Clock } from '../../shared/clock.js';
import type { DomainError } from '../../shared/errors.js';
import type { Stores } from '../../shared/ports.js';
import type { IdentitySettings } from '../deps.js';
import { checkAccountUsable } from '../policy.js';
import { hashToken } from '../tokens.js';

/** A resolved session: who the caller is to every access decision, and the account behind it. */
export type Authenticated = {
  /**
   * The actor every query and command must be given. While REQUIRE_EMAIL_VERIFICATION holds and the
   * email is unverified this is anonymous, so no access rule (site_members trees, the directory,
   * membership) can ever treat the session as a signed-in user.
   */
  readonly actor: Actor;
  /** The signed-in account itself, only for what an unverified account may do: sign out, verify, read itself. */
  readonly account: UserActor;
  /** Why the account may not use member operations (Forbidden `email_unverified`), or null. */
  readonly restriction: DomainError | null;
};

/**
 * Resolves an opaque session token, or null when the token is unknown, revoked or expired, or the
 * user is gone. The one place that decides the effective actor of a session, so every host (HTTP,
 * a CLI, a test) enforces email verification the same way.
 */
export const authenticate =
  (deps: { readonly storage: Pick<Stores, 'sessions' | 'users'>; readonly clock: Clock; readonly identity: Pick<IdentitySettings, 'requireEmailVerification'> }) =>
  async (token: string, clientAddress: string): Promise<Authenticated | null> => {
    const found = await deps.storage.sessions.withUser(hashToken(token));
    if (found === null) return null;
    const { session, user } = found;
    if (session.revokedAt !== null || session.expiresAt <= deps.clock.now()) return null;
    const account: UserActor = { kind: 'user', userId: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null, sessionId: session.id, clientAddress };
    const restriction = checkAccountUsable(account, deps.identity.requireEmailVerification);
    return { actor: restriction === null ? account : { kind: 'anonymous', clientAddress }, account, restriction };
  };
