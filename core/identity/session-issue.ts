import type { Clock } from '../kernel/clock.js';
import { newId, type Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { EmailTokenPurpose } from './model.js';
import { hashToken, newOpaqueToken } from './tokens.js';

/** Creates a session for the user and returns its opaque token (shown once, stored hashed). */
export const issueSession = async (stores: Pick<Stores, 'sessions'>, clock: Clock, ttlMs: number, userId: Id): Promise<string> => {
  const token = newOpaqueToken();
  const now = clock.now();
  await stores.sessions.insert({
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    revokedAt: null,
  });
  return token;
};

/** Creates a one-time email token; older unused tokens of the same purpose stop working. */
export const issueEmailToken = async (
  stores: Pick<Stores, 'emailTokens'>,
  clock: Clock,
  ttlMs: number,
  userId: Id,
  purpose: EmailTokenPurpose,
): Promise<string> => {
  const token = newOpaqueToken();
  const now = clock.now();
  await stores.emailTokens.consumeAllForUser(userId, purpose, now);
  await stores.emailTokens.insert({
    id: newId(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    usedAt: null,
  });
  return token;
};

export const verificationMail = (baseUrl: string, to: string, token: string) => {
  const link = `${baseUrl}/verify-email?token=${token}`;
  return { to, subject: 'Confirm your email address', link, text: `Confirm your email address by opening this link:\n\n${link}\n` };
};

export const resetMail = (baseUrl: string, to: string, token: string) => {
  const link = `${baseUrl}/reset-password?token=${token}`;
  return {
    to,
    subject: 'Reset your password',
    link,
    text: `Someone asked to reset the password of this account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this mail.`,
  };
};
