import { MEMBER_OF_SHOWN, type EmailTokenRepository, type RateLimiter, type SessionRepository, type UserRepository } from '../../core/identity/ports.js';
import type { MemoryState } from './state.js';

export const memoryUsers = (s: MemoryState): UserRepository => ({
  byId: async (id) => {
    const u = s.users.get(id);
    return u && u.deletedAt === null ? u : null;
  },
  byEmail: async (email) => {
    const wanted = email.trim().toLowerCase();
    for (const u of s.users.values()) if (u.email === wanted && u.deletedAt === null) return u;
    return null;
  },
  insert: async (user) => {
    for (const u of s.users.values()) if (u.email === user.email) return 'email_taken';
    s.users.set(user.id, user);
    return 'ok';
  },
  update: async (user) => {
    const current = s.users.get(user.id);
    if (!current) return;
    // Only the mutable fields: the email and creation time stay as inserted (as in PostgreSQL).
    const { passwordHash, emailVerifiedAt, selfPersonId, deletedAt } = user;
    s.users.set(user.id, { ...current, passwordHash, emailVerifiedAt, selfPersonId, deletedAt });
  },
  count: async () => [...s.users.values()].filter((u) => u.deletedAt === null).length,
});

export const memorySessions = (s: MemoryState): SessionRepository => ({
  insert: async (session) => {
    s.sessions.set(session.id, session);
  },
  byTokenHash: async (hash) => [...s.sessions.values()].find((x) => x.tokenHash === hash) ?? null,
  withUser: async (hash) => {
    const session = [...s.sessions.values()].find((x) => x.tokenHash === hash);
    const user = session === undefined ? undefined : s.users.get(session.userId);
    if (!session || !user || user.deletedAt !== null) return null;
    const memberOf = [...s.memberships.values()].filter((m) => m.userId === user.id).map((m) => m.treeId).slice(0, MEMBER_OF_SHOWN + 1);
    return { session, user, memberOf };
  },
  revoke: async (id, at) => {
    const x = s.sessions.get(id);
    if (x && x.revokedAt === null) s.sessions.set(id, { ...x, revokedAt: at });
  },
  revokeAllForUser: async (userId, at, exceptId) => {
    let n = 0;
    for (const x of s.sessions.values()) {
      if (x.userId === userId && x.revokedAt === null && x.id !== exceptId) {
        s.sessions.set(x.id, { ...x, revokedAt: at });
        n += 1;
      }
    }
    return n;
  },
  purgeEndedBefore: async (cutoff) => removeWhere(s.sessions, (x) => x.expiresAt < cutoff || (x.revokedAt !== null && x.revokedAt < cutoff)),
});

/** Deletes the entries of `map` that `ended` holds for; answers how many. */
const removeWhere = <V>(map: Map<string, V>, ended: (v: V) => boolean): number => {
  let n = 0;
  for (const [k, v] of map) {
    if (ended(v)) {
      map.delete(k);
      n += 1;
    }
  }
  return n;
};

export const memoryEmailTokens = (s: MemoryState): EmailTokenRepository => ({
  insert: async (token) => {
    s.emailTokens.set(token.id, token);
  },
  byTokenHash: async (hash) => [...s.emailTokens.values()].find((x) => x.tokenHash === hash) ?? null,
  consumeAllForUser: async (userId, purpose, at) => {
    for (const x of s.emailTokens.values()) {
      if (x.userId === userId && x.purpose === purpose && x.usedAt === null) s.emailTokens.set(x.id, { ...x, usedAt: at });
    }
  },
  purgeEndedBefore: async (cutoff) => removeWhere(s.emailTokens, (x) => x.expiresAt < cutoff || (x.usedAt !== null && x.usedAt < cutoff)),
});

export const memoryRateLimiter = (s: MemoryState): RateLimiter => ({
  hit: async (key, limit, windowSeconds, now) => {
    const windowMs = windowSeconds * 1000;
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const current = s.rateWindows.get(key);
    const count = current && current.windowStart === windowStart ? current.count + 1 : 1;
    s.rateWindows.set(key, { windowStart, count });
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
    return { allowed: count <= limit, retryAfterSeconds };
  },
  purgeStartedBefore: async (cutoff) => {
    let removed = 0;
    for (const [key, w] of s.rateWindows)
      if (w.windowStart < cutoff.getTime()) {
        s.rateWindows.delete(key);
        removed += 1;
      }
    return removed;
  },
});
