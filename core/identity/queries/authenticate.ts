import type { Actor } from '../../shared/actor.js';
import type { Clock } from '../../shared/clock.js';
import type { Stores } from '../../shared/ports.js';
import { hashToken } from '../tokens.js';

/**
 * Resolves an opaque session token to the acting user, or null when the token is unknown, revoked
 * or expired, or the user is gone.
 */
export const authenticate =
  (deps: { readonly storage: Pick<Stores, 'sessions' | 'users'>; readonly clock: Clock }) =>
  async (token: string, clientAddress: string): Promise<Extract<Actor, { kind: 'user' }> | null> => {
    const session = await deps.storage.sessions.byTokenHash(hashToken(token));
    if (session === null || session.revokedAt !== null || session.expiresAt <= deps.clock.now()) return null;
    const user = await deps.storage.users.byId(session.userId);
    if (user === null) return null;
    return { kind: 'user', userId: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null, sessionId: session.id, clientAddress };
  };
