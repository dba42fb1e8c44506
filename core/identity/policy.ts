import type { RestrictedActor, UserActor } from '../kernel/actor.js';
import { forbidden, invalidInput, type DomainError } from '../kernel/errors.js';
import type { User } from './model.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const checkPassword = (password: string, field = 'password'): DomainError | null =>
  password.length < MIN_PASSWORD_LENGTH
    ? invalidInput('weak_password', `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`, [
        { path: field, message: `at least ${MIN_PASSWORD_LENGTH} characters` },
      ])
    : password.length > MAX_PASSWORD_LENGTH
      ? invalidInput('invalid_input', `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`, [
          { path: field, message: `at most ${MAX_PASSWORD_LENGTH} characters` },
        ])
      : null;

export const MAX_EMAIL_LENGTH = 320;

/**
 * `local@domain.tld` loosely: one `@` with text before it, no whitespace, and a dot inside the
 * domain with text on both sides. Plain string code, not the former `^[^\s@]+@[^\s@]+\.[^\s@]+$`:
 * on a domain of dots that pattern backtracked quadratically (80,000 dots held the service 10 s).
 */
const looksLikeEmail = (email: string): boolean => {
  if (email.length > MAX_EMAIL_LENGTH || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at < 1 || email.includes('@', at + 1)) return false;
  const dot = email.indexOf('.', at + 2);
  return dot >= 0 && dot < email.length - 1;
};

export const checkEmail = (email: string): DomainError | null =>
  looksLikeEmail(email)
    ? null
    : invalidInput('invalid_input', 'That is not an email address.', [{ path: 'email', message: 'an email address' }]);

/**
 * SPEC Authentication 10: the instance owner is a user whose email is listed in OWNER_EMAIL AND
 * verified, whatever REQUIRE_EMAIL_VERIFICATION says. Derived on each request, stored nowhere.
 */
export const isInstanceOwner = (user: Pick<User, 'email' | 'emailVerifiedAt'>, ownerEmails: readonly string[]): boolean =>
  user.emailVerifiedAt !== null && ownerEmails.includes(user.email);

/**
 * Who a signed-in account is to every access decision, for every host (a session over HTTP, the
 * command line's --as): with REQUIRE_EMAIL_VERIFICATION and an unverified email it is restricted,
 * and the core refuses it (403 `email_unverified`) everywhere but reading itself, verifying, signing
 * out and deleting the account.
 */
export const accountActor = (account: UserActor, requireEmailVerification: boolean): UserActor | RestrictedActor =>
  requireEmailVerification && !account.emailVerified
    ? { kind: 'restricted', clientAddress: account.clientAddress, account, restriction: forbidden('Verify your email address to use this account.', 'email_unverified') }
    : account;
