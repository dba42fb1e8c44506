import type { Context } from 'koa';
import type Router from '@koa/router';
import type { AsyncResult } from '../../../core/kernel/either.js';
import type { DomainError } from '../../../core/kernel/errors.js';
import type { EmailTokenPurpose } from '../../../core/identity/model.js';
import type { EmailTokenState } from '../../../core/identity/queries/check-email-token.js';
import { checkPassword, MAX_PASSWORD_LENGTH } from '../../../core/identity/policy.js';
import { Password, Token } from '../wire.js';
import { parseUrlEncoded, readForm, type Fields } from './form-body.js';
import { PAGE_HEADERS, renderPage, type Page } from './render.js';
import * as text from './texts.js';

/**
 * The pages the mails link to (GET /verify-email?token=, GET /reset-password?token=). A GET only
 * reads the token (mail scanners follow links); the page's form POSTs to the same path, and only
 * that consumes it, through the same core commands as the JSON API.
 */
export type AccountPages = {
  readonly checkToken: (input: { readonly token: string; readonly purpose: EmailTokenPurpose }) => Promise<EmailTokenState>;
  readonly verifyEmail: (input: { readonly token: string }) => AsyncResult<void>;
  readonly confirmPasswordReset: (input: { readonly token: string; readonly newPassword: string }) => AsyncResult<void>;
};

/** Room for the token and two passwords of the longest length, each character up to 12 bytes percent-encoded. */
const FORM_LIMIT_BYTES = 2 * MAX_PASSWORD_LENGTH * 12 + 4096;

const purposeOf: Readonly<Record<text.Flow, EmailTokenPurpose>> = { verify: 'verify_email', reset: 'password_reset' };

const send = (ctx: Context, page: Page): void => {
  ctx.status = page.status;
  for (const [k, v] of Object.entries(PAGE_HEADERS)) ctx.set(k, v);
  // Answered before the body was read whole: the rest must not be read as the next request.
  if (!ctx.req.complete) ctx.set('Connection', 'close');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderPage(page);
};

type TokenField = { readonly kind: 'missing' } | { readonly kind: 'given'; readonly token: string; readonly fits: boolean };

const tokenField = (fields: Fields): TokenField => {
  const token = (fields.get('token') ?? '').trim();
  // A token longer than the API's Token codec allows is unknown without a lookup.
  return token === '' ? { kind: 'missing' } : { kind: 'given', token, fits: Token.decode(token)._tag === 'Right' };
};

const stateOf = (pages: AccountPages, flow: text.Flow, t: { readonly token: string; readonly fits: boolean }): Promise<EmailTokenState> =>
  t.fits ? pages.checkToken({ token: t.token, purpose: purposeOf[flow] }) : Promise.resolve('unknown');

/** A command refused the token (used meanwhile, or expired): read it again to say why. */
const refusedToken = async (pages: AccountPages, flow: text.Flow, token: string): Promise<Page> => {
  const state = await pages.checkToken({ token, purpose: purposeOf[flow] });
  return text.linkRefused(flow, state === 'usable' ? 'unknown' : state);
};

const wordsOf = (e: DomainError | null): string => (e !== null && 'detail' in e ? e.detail : 'That password cannot be used.');

const isInvalidToken = (e: DomainError): boolean => e._tag === 'InvalidInput' && e.code === 'invalid_token';

const showPage = (pages: AccountPages, flow: text.Flow) => async (ctx: Context) => {
  const query = parseUrlEncoded(ctx.querystring);
  if (query === null) return send(ctx, text.malformed);
  const t = tokenField(query);
  if (t.kind === 'missing') return send(ctx, text.missingToken);
  const state = await stateOf(pages, flow, t);
  if (state !== 'usable') return send(ctx, text.linkRefused(flow, state));
  return send(ctx, flow === 'verify' ? text.verifyForm(t.token) : text.resetForm(t.token));
};

const readPosted = async (ctx: Context): Promise<{ readonly page: Page } | { readonly fields: Fields }> => {
  const form = await readForm(ctx, FORM_LIMIT_BYTES);
  switch (form.kind) {
    case 'ok':
      return { fields: form.fields };
    case 'malformed':
      return { page: text.malformed };
    case 'too_large':
      return { page: text.tooLarge };
    case 'unsupported':
      return { page: text.unsupported };
  }
};

const postVerify = (pages: AccountPages) => async (ctx: Context) => {
  const posted = await readPosted(ctx);
  if ('page' in posted) return send(ctx, posted.page);
  const t = tokenField(posted.fields);
  if (t.kind === 'missing') return send(ctx, text.missingToken);
  if (!t.fits) return send(ctx, text.linkRefused('verify', 'unknown'));
  const result = await pages.verifyEmail({ token: t.token });
  if (result._tag === 'Right') return send(ctx, text.verified);
  return send(ctx, isInvalidToken(result.left) ? await refusedToken(pages, 'verify', t.token) : text.malformed);
};

const postReset = (pages: AccountPages) => async (ctx: Context) => {
  const posted = await readPosted(ctx);
  if ('page' in posted) return send(ctx, posted.page);
  const t = tokenField(posted.fields);
  if (t.kind === 'missing') return send(ctx, text.missingToken);
  // The link first: a new password is worth asking for only while the link works.
  const state = await stateOf(pages, 'reset', t);
  if (state !== 'usable') return send(ctx, text.linkRefused('reset', state));
  // `password` too: a client posting the form by hand may name the field so.
  const password = posted.fields.get('new_password') ?? posted.fields.get('password') ?? '';
  // The API's codec bounds the length (as for POST /auth/password-reset/confirm); the core's rule
  // words both limits and checks the minimum in the command.
  if (Password.decode(password)._tag === 'Left') return send(ctx, text.resetForm(t.token, wordsOf(checkPassword(password, 'new_password'))));
  const again = posted.fields.get('confirm_password');
  if (again !== undefined && again !== password) return send(ctx, text.resetForm(t.token, text.passwordsDiffer));
  const result = await pages.confirmPasswordReset({ token: t.token, newPassword: password });
  if (result._tag === 'Right') return send(ctx, text.passwordChanged);
  const e = result.left;
  if (isInvalidToken(e)) return send(ctx, await refusedToken(pages, 'reset', t.token));
  return send(ctx, e._tag === 'InvalidInput' ? text.resetForm(t.token, wordsOf(e)) : text.malformed);
};

/** Registers both pages (GET and POST each) on the app's router, outside the API prefix. */
export const mountAccountPages = (router: Router, pages: AccountPages): void => {
  router.get(`/${text.pagePath.verify}`, showPage(pages, 'verify'));
  router.post(`/${text.pagePath.verify}`, postVerify(pages));
  router.get(`/${text.pagePath.reset}`, showPage(pages, 'reset'));
  router.post(`/${text.pagePath.reset}`, postReset(pages));
};
