import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { register } from '../../../core/identity/commands/register.js';
import { login } from '../../../core/identity/commands/login.js';
import { logout } from '../../../core/identity/commands/logout.js';
import { verifyEmail } from '../../../core/identity/commands/verify-email.js';
import { resendVerification } from '../../../core/identity/commands/resend-verification.js';
import { requestPasswordReset } from '../../../core/identity/commands/request-password-reset.js';
import { confirmPasswordReset } from '../../../core/identity/commands/confirm-password-reset.js';
import { changePassword } from '../../../core/identity/commands/change-password.js';
import { route, type AnyRoute } from '../route.js';
import { AuthResult, Email, Password, PasswordGiven, Token, userWire } from '../wire.js';
import { named } from '../openapi/json-schema.js';
import { noContent, type LazyDeps } from './deps.js';

const Credentials = named('Credentials', t.type({ email: Email, password: PasswordGiven }));
const NewAccount = named('NewAccount', t.type({ email: Email, password: Password }));
const TokenBody = named('TokenBody', t.type({ token: Token }));

const signedIn = (status: number) =>
  E.map((r: { readonly user: Parameters<typeof userWire>[0]; readonly token: string }) => ({
    status,
    body: { user: userWire(r.user), token: r.token },
    session: { token: r.token },
  }));

export const authRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'register', method: 'post', path: '/auth/register', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Create an account and sign in',
    description: [
      'Anyone may call it, signed in or not. Creates an account from `email` (stored trimmed and lower-cased) and `password` (8 to 1,024 characters), and signs it in: the answer (201, `Location: /users/me`) carries the account and a session `token` (send it as `Authorization: Bearer <token>`), and sets the same token as the HttpOnly `session` cookie. A session lasts 30 days.',
      '',
      'A verification link is mailed whatever `REQUIRE_EMAIL_VERIFICATION` says (valid 7 days; `POST /auth/verify-email` consumes it). With that setting on, the new session may only read `/users/me`, verify, resend the link, sign out and delete the account until the email is verified; everything else answers 403 `email_unverified`.',
      '',
      'Refusals:',
      '',
      '- 409 `email_taken`: an account with that email exists (also a deleted account not yet purged).',
      '- 422 `weak_password`: fewer than 8 characters; 422 `invalid_input`: not an email address, or a password over 1,024 characters.',
      '- 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute from the client\'s address or for the email (`Retry-After` says when to try again).',
    ].join('\n'),
    body: NewAccount,
    success: { status: 201, description: 'The new account and its session token.', body: AuthResult },
    created: () => '/users/me',
    errors: [409, 429],
    handle: async ({ actor, body }) => signedIn(201)(await register(deps())(actor, body)),
  }),
  route({
    operationId: 'login', method: 'post', path: '/auth/login', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Sign in with email and password',
    description: [
      'Anyone may call it. Checks the email (trimmed, any case) and password and opens a new session: the answer carries the account and a session `token` (send it as `Authorization: Bearer <token>`), and sets the same token as the HttpOnly `session` cookie. A session lasts 30 days, or until it is signed out or revoked by a password change or reset. Signing in works for an account whose email is not verified yet.',
      '',
      'Refusals:',
      '',
      '- 401 `unauthenticated`: wrong email or password. The answer is the same for an unknown email, a deleted account and a wrong password.',
      '- 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute from the client\'s address or for the email (`Retry-After` says when to try again).',
    ].join('\n'),
    body: Credentials,
    success: { status: 200, description: 'The account and a new session token.', body: AuthResult },
    errors: [401, 429],
    handle: async ({ actor, body }) => signedIn(200)(await login(deps())(actor, body)),
  }),
  route({
    operationId: 'logout', method: 'post', path: '/auth/logout', tag: 'auth', auth: 'user', allowsUnverified: true,
    summary: 'Sign out of this session',
    description: 'Any signed-in account, verified or not. Revokes the session the request came with (its Bearer token or `session` cookie) and clears the cookie; the token is refused (401) from then on. The account\'s other sessions stay signed in.',
    success: { status: 204, description: 'Signed out.' },
    errors: [],
    handle: async ({ actor }) => E.map(() => ({ status: 204, session: 'clear' as const }))(await logout(deps())(actor)),
  }),
  route({
    operationId: 'verifyEmail', method: 'post', path: '/auth/verify-email', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Verify the account\'s email with a link\'s token',
    description: [
      'Anyone may call it: the token proves control of the mailbox, no session is needed. Send the `token` of a verification link (the `token=...` of the `/verify-email?token=...` address in the mail). The account\'s email becomes verified and every verification link of the account stops working. Verification links are valid for 7 days.',
      '',
      '- 422 `invalid_token`: the token is unknown, already used, expired, or not a verification token.',
    ].join('\n'),
    body: TokenBody,
    success: { status: 204, description: 'The email is verified.' },
    errors: [],
    handle: async ({ body }) => noContent(await verifyEmail(deps())(body)),
  }),
  route({
    operationId: 'resendVerification', method: 'post', path: '/auth/verify-email/resend', tag: 'auth', auth: 'user', allowsUnverified: true,
    summary: 'Mail a fresh verification link',
    description: [
      'Any signed-in account, verified or not. Mails a new verification link to the account\'s email; earlier links stop working. When the email is already verified, nothing is sent and the answer is the same 204.',
      '',
      '- 429 `rate_limited`: more than `AUTH_RATE_LIMIT` requests a minute from the client\'s address or for the account\'s email (`Retry-After` says when to try again).',
    ].join('\n'),
    success: { status: 204, description: 'Sent, or nothing to send.' },
    errors: [429],
    handle: async ({ actor }) => noContent(await resendVerification(deps())(actor)),
  }),
  route({
    operationId: 'requestPasswordReset', method: 'post', path: '/auth/password-reset', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Request a password reset link by mail',
    description: [
      'Anyone may call it. When the email belongs to an account, a password reset link is mailed to it (valid for one hour; earlier reset links stop working). The answer is 202 either way and does not wait for the mail, so it never tells whether an account has that email. `POST /auth/password-reset/confirm` uses the link\'s token.',
      '',
      '- 429 `rate_limited`: more than `AUTH_RATE_LIMIT` requests a minute from the client\'s address or for the email (`Retry-After` says when to try again). It is the only refusal.',
    ].join('\n'),
    body: named('PasswordResetRequest', t.type({ email: Email })),
    success: { status: 202, description: 'Accepted (whether or not the email exists).' },
    errors: [429],
    handle: async ({ actor, body }) => E.map(() => ({ status: 202 }))(await requestPasswordReset(deps())(actor, body)),
  }),
  route({
    operationId: 'confirmPasswordReset', method: 'post', path: '/auth/password-reset/confirm', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Set a new password with a reset token',
    description: [
      'Anyone may call it: the token proves control of the mailbox. Send the `token` of a reset link (the `token=...` of the `/reset-password?token=...` address in the mail) and the `new_password`. Sets the password, verifies the email if it was not, makes every reset link of the account unusable, and revokes **every** session of the account: sign in again with the new password (this call opens no session).',
      '',
      'Refusals:',
      '',
      '- 422 `invalid_token`: the token is unknown, already used, expired (reset links last one hour), or not a reset token.',
      '- 422 `weak_password`: fewer than 8 characters; 422 `invalid_input`: more than 1,024.',
    ].join('\n'),
    body: named('PasswordResetConfirm', t.type({ token: Token, new_password: Password })),
    success: { status: 204, description: 'Password changed; sign in again.' },
    errors: [],
    handle: async ({ body }) => noContent(await confirmPasswordReset(deps())({ token: body.token, newPassword: body.new_password })),
  }),
  route({
    operationId: 'changePassword', method: 'post', path: '/auth/change-password', tag: 'auth', auth: 'user',
    summary: 'Change the password',
    description: [
      'The signed-in account, with a verified email where `REQUIRE_EMAIL_VERIFICATION` is on (else 403 `email_unverified`). Checks `current_password` again, then sets `new_password` and revokes every other session of the account; the session of this request stays signed in.',
      '',
      'Refusals:',
      '',
      '- 422 `wrong_password`: `current_password` is not the account\'s password.',
      '- 422 `weak_password`: the new password has fewer than 8 characters; 422 `invalid_input`: more than 1,024.',
      '- 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute for the account or from the client\'s address (`Retry-After` says when to try again).',
    ].join('\n'),
    body: named('ChangePassword', t.type({ current_password: PasswordGiven, new_password: Password })),
    success: { status: 204, description: 'Password changed.' },
    errors: [429],
    handle: async ({ actor, body }) =>
      noContent(await changePassword(deps())(actor, { currentPassword: body.current_password, newPassword: body.new_password })),
  }),
];
