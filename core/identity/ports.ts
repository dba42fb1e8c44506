import type { Id } from '../kernel/ids.js';
import type { EmailToken, EmailTokenPurpose, Session, User } from './model.js';

export type UserRepository = {
  /** A live (not deleted) user, or null. */
  readonly byId: (id: Id) => Promise<User | null>;
  /** A live user by normalised email, or null. Lookup is case-insensitive. */
  readonly byEmail: (email: string) => Promise<User | null>;
  /** 'email_taken' when a user (live or deleted) already has that email; nothing is written then. */
  readonly insert: (user: User) => Promise<'ok' | 'email_taken'>;
  /** Replaces the mutable fields (password hash, verification, self person, deletion) of an existing user. */
  readonly update: (user: User) => Promise<void>;
  /** Live users. */
  readonly count: () => Promise<number>;
};

export type SessionRepository = {
  readonly insert: (session: Session) => Promise<void>;
  /** The session with that token hash whatever its state (revoked or expired included), or null. */
  readonly byTokenHash: (tokenHash: string) => Promise<Session | null>;
  /**
   * The session with that token hash (whatever its state) and its live user, in one read: what every
   * authenticated request needs first. Null when the session is unknown or its user deleted or gone.
   * `memberOf`: the trees the user is a member of, at most MEMBER_OF_SHOWN + 1 of them (that many
   * means "at least that many"); a host sends reads of those trees where every write shows.
   */
  readonly withUser: (tokenHash: string) => Promise<{ readonly session: Session; readonly user: User; readonly memberOf: readonly Id[] } | null>;
  /** Sets revokedAt on that session if it is not revoked yet; revoking twice keeps the first time. */
  readonly revoke: (id: Id, at: Date) => Promise<void>;
  /** Revokes every unrevoked session of the user except `exceptId`; returns how many it revoked. */
  readonly revokeAllForUser: (userId: Id, at: Date, exceptId?: Id) => Promise<number>;
  /**
   * Deletes every session that expired or was revoked before `cutoff` (one ending exactly at it
   * stays) and answers how many it deleted: it can no longer sign anything in.
   */
  readonly purgeEndedBefore: (cutoff: Date) => Promise<number>;
};

export type EmailTokenRepository = {
  readonly insert: (token: EmailToken) => Promise<void>;
  /** The token with that hash whatever its state, or null. */
  readonly byTokenHash: (tokenHash: string) => Promise<EmailToken | null>;
  /** Marks every unused token of that user and purpose as used at `at` (one-time use, and older links die). */
  readonly consumeAllForUser: (userId: Id, purpose: EmailTokenPurpose, at: Date) => Promise<void>;
  /**
   * Deletes every token that expired or was used before `cutoff` (one ending exactly at it stays) and
   * answers how many it deleted; its link then reads as unknown rather than used or expired.
   */
  readonly purgeEndedBefore: (cutoff: Date) => Promise<number>;
};

export type RateLimitDecision = { readonly allowed: boolean; readonly retryAfterSeconds: number };

export type RateLimiter = {
  /**
   * Counts one attempt for `key` in the fixed window of `windowSeconds` that contains `now`.
   * Allowed while the count in that window is at most `limit`; otherwise not allowed, with the
   * seconds left until the window ends (at least 1). Keys are independent of each other.
   */
  readonly hit: (key: string, limit: number, windowSeconds: number, now: Date) => Promise<RateLimitDecision>;
  /**
   * Deletes every window that started before `cutoff` (a window starting exactly at it stays) and
   * answers how many it deleted. The caller passes now minus its longest window, so only windows
   * that have ended go; a key whose window was deleted simply starts a new one at its next hit.
   */
  readonly purgeStartedBefore: (cutoff: Date) => Promise<number>;
};

export type PasswordHasher = {
  readonly hash: (password: string) => Promise<string>;
  /** False for a wrong password or a hash it cannot read; never throws for bad input. */
  readonly verify: (password: string, hash: string) => Promise<boolean>;
};

export type Mail = { readonly to: string; readonly subject: string; readonly text: string; readonly link: string };

export type Mailer = {
  /** Delivers one message or throws; a mail failure is an operational fault, not a domain error. */
  readonly send: (mail: Mail) => Promise<void>;
};

/** How many of a user's trees a session read names (`withUser`); past it, the user is a member "of many". */
export const MEMBER_OF_SHOWN = 100;
