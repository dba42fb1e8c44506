import type { Id } from '../kernel/ids.js';

export type User = {
  readonly id: Id;
  /** Normalised: trimmed and lower-cased. */
  readonly email: string;
  readonly passwordHash: string;
  readonly emailVerifiedAt: Date | null;
  readonly selfPersonId: Id | null;
  readonly createdAt: Date;
  readonly deletedAt: Date | null;
};

export type Session = {
  readonly id: Id;
  readonly userId: Id;
  /** SHA-256 of the opaque token, hex. The token itself is never stored. */
  readonly tokenHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
};

export type EmailTokenPurpose = 'verify_email' | 'password_reset';

export type EmailToken = {
  readonly id: Id;
  readonly userId: Id;
  readonly purpose: EmailTokenPurpose;
  readonly tokenHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
};

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
