import type { RestrictedActor, UserActor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { IdentitySettings } from '../deps.js';
import { accountActor } from '../policy.js';
import { hashToken } from '../tokens.js';

/** A resolved session: who the caller is to every access decision, and the account behind it. */
export type Authenticated = {
  /**
   * The actor every query and command must be given. While REQUIRE_EMAIL_VERIFICATION holds and the
   * email is unverified it is restricted: it carries its restriction (Forbidden `email_unverified`),
   * and the core refuses it in every operation but reading itself, verifying, signing out and leaving.
   */
  readonly actor: UserActor | RestrictedActor;
  /** The signed-in account itself, restricted or not: whom a request log names. */
  readonly account: UserActor;
  /**
   * The trees the account is a member of (at most MEMBER_OF_SHOWN + 1: that many means "of many").
   * Not an access decision (the core makes those): a host routes the reads of these trees, and
   * reads it cannot place, where every write shows.
   */
  readonly memberOf: readonly Id[];
};

/**
 * Resolves an opaque session token, or null when the token is unknown, revoked or expired, or the
 * user is gone. Every host (HTTP, a CLI, a test) gets its actor from here or from `accountActor`, so
 * email verification is enforced by the core the same way everywhere.
 */
export const authenticate =
  (deps: { readonly storage: Pick<Stores, 'sessions' | 'users'>; readonly clock: Clock; readonly identity: Pick<IdentitySettings, 'requireEmailVerification'> }) =>
  async (token: string, clientAddress: string): Promise<Authenticated | null> => {
    const found = await deps.storage.sessions.withUser(hashToken(token));
    if (found === null) return null;
    const { session, user, memberOf } = found;
    if (session.revokedAt !== null || session.expiresAt <= deps.clock.now()) return null;
    const account: UserActor = { kind: 'user', userId: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null, sessionId: session.id, clientAddress };
    return { actor: accountActor(account, deps.identity.requireEmailVerification), account, memberOf };
  };
