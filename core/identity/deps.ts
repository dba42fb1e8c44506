import type { Clock } from '../kernel/clock.js';
import type { Storage } from '../stores.js';
import type { Mailer, PasswordHasher } from './ports.js';

export type IdentitySettings = {
  /** Absolute base of the service, for links in mails. */
  readonly baseUrl: string;
  readonly requireEmailVerification: boolean;
  /** Normalised emails from OWNER_EMAIL. */
  readonly ownerEmails: readonly string[];
  /** Attempts per minute per client address and per email; 0 turns the limit off. */
  readonly authRateLimit: number;
  readonly sessionTtlMs: number;
  readonly verificationTtlMs: number;
  readonly resetTtlMs: number;
};

export type IdentityDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly hasher: PasswordHasher;
  readonly mailer: Mailer;
  readonly identity: IdentitySettings;
};

export const defaultIdentityTtls = {
  sessionTtlMs: 30 * 24 * 3600 * 1000,
  verificationTtlMs: 7 * 24 * 3600 * 1000,
  resetTtlMs: 3600 * 1000,
} as const;
