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
    summary: 'Create an account; answers a session (token and HttpOnly cookie) and mails a verification link.',
    body: NewAccount,
    success: { status: 201, description: 'The new account and its session token.', body: AuthResult },
    created: () => '/users/me',
    errors: [409, 429],
    handle: async ({ actor, body }) => signedIn(201)(await register(deps())(actor, body)),
  }),
  route({
    operationId: 'login', method: 'post', path: '/auth/login', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Sign in with email and password.',
    body: Credentials,
    success: { status: 200, description: 'The account and a new session token.', body: AuthResult },
    errors: [401, 429],
    handle: async ({ actor, body }) => signedIn(200)(await login(deps())(actor, body)),
  }),
  route({
    operationId: 'logout', method: 'post', path: '/auth/logout', tag: 'auth', auth: 'user', allowsUnverified: true,
    summary: 'Revoke the current session and clear the cookie.',
    success: { status: 204, description: 'Signed out.' },
    errors: [],
    handle: async ({ actor }) => E.map(() => ({ status: 204, session: 'clear' as const }))(await logout(deps())(actor)),
  }),
  route({
    operationId: 'verifyEmail', method: 'post', path: '/auth/verify-email', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Consume the token of a verification link.',
    body: TokenBody,
    success: { status: 204, description: 'The email is verified.' },
    errors: [],
    handle: async ({ body }) => noContent(await verifyEmail(deps())(body)),
  }),
  route({
    operationId: 'resendVerification', method: 'post', path: '/auth/verify-email/resend', tag: 'auth', auth: 'user', allowsUnverified: true,
    summary: 'Mail a fresh verification link to the signed-in user (nothing when already verified).',
    success: { status: 204, description: 'Sent, or nothing to send.' },
    errors: [429],
    handle: async ({ actor }) => noContent(await resendVerification(deps())(actor)),
  }),
  route({
    operationId: 'requestPasswordReset', method: 'post', path: '/auth/password-reset', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Mail a reset link if the email has an account; the answer never says which.',
    body: named('PasswordResetRequest', t.type({ email: Email })),
    success: { status: 202, description: 'Accepted (whether or not the email exists).' },
    errors: [429],
    handle: async ({ actor, body }) => E.map(() => ({ status: 202 }))(await requestPasswordReset(deps())(actor, body)),
  }),
  route({
    operationId: 'confirmPasswordReset', method: 'post', path: '/auth/password-reset/confirm', tag: 'auth', auth: 'optional', allowsUnverified: true,
    summary: 'Set a new password with a reset token; revokes every prior session.',
    body: named('PasswordResetConfirm', t.type({ token: Token, new_password: Password })),
    success: { status: 204, description: 'Password changed; sign in again.' },
    errors: [],
    handle: async ({ body }) => noContent(await confirmPasswordReset(deps())({ token: body.token, newPassword: body.new_password })),
  }),
  route({
    operationId: 'changePassword', method: 'post', path: '/auth/change-password', tag: 'auth', auth: 'user',
    summary: 'Change the password (the current one re-verified); revokes the other sessions.',
    body: named('ChangePassword', t.type({ current_password: PasswordGiven, new_password: Password })),
    success: { status: 204, description: 'Password changed.' },
    errors: [429],
    handle: async ({ actor, body }) =>
      noContent(await changePassword(deps())(actor, { currentPassword: body.current_password, newPassword: body.new_password })),
  }),
];
