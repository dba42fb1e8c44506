import { hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Actor } from '../../../../core/kernel/actor.js';
import { isUuid } from '../../../../core/kernel/ids.js';
import { SESSION_COOKIE } from '../../session-cookie.js';
import { notFoundHtml, publicCsp } from './layout.js';

// What every public page shares: how it is answered (headers, caching, ETag and 304, the one 404).
//
// Caching: the pages always render as an anonymous reader would (a signed-in visitor sees the same
// page: the public pages are the public surface), so the content never depends on a session. An
// anonymous request gets `Cache-Control: public, max-age=300`; a request that carries a session
// (the cookie or a Bearer token) gets `private, no-store`, so nothing a member's browser sent ever
// lands in a shared cache. The ETag of a page is computed before it is rendered, from the page's
// address and its tree's change stamp (PublicPageReads.treeStamp: any change in the tree changes
// every one of its pages' ETags), the year (the privacy rule's 100-year window moves with it) and
// the renderer's version; If-None-Match with it answers 304 without reading or rendering more.

/** Bumped when what a page renders from the same data changes (the markup, the stylesheet): every ETag changes, and no kept page (kept.ts) holds. */
const RENDER_VERSION = 'public-pages-2';

/** The reader of every public page: anonymous, whatever session came with the request. */
export const anonymousOf = (ctx: Context): Actor => ({ kind: 'anonymous', clientAddress: ctx.ip });

/** A strong ETag of a page from what decides its content. */
export const pageEtag = (parts: readonly string[], now: Date): string =>
  `"${hash('sha256', [RENDER_VERSION, String(now.getUTCFullYear()), ...parts].join('\n'), 'base64url').slice(0, 27)}"`;

/**
 * The key a person's page is kept under (kept.ts): what decides a page's content besides the person
 * (their ETag's parts but the page's own address): the tree's stamp, the year, the site's address
 * and the renderer's version. A kept page holds exactly while the key its tree's stamp gives is its own.
 */
export const pageKey = (stamp: string, now: Date, baseUrl: string): string =>
  hash('sha256', [RENDER_VERSION, String(now.getUTCFullYear()), stamp, baseUrl].join('\n'), 'base64url');

/** A strong ETag of an answer already written (the directory, the sitemap index). */
export const bodyEtag = (body: string): string => `"${hash('sha256', `${RENDER_VERSION}\n${body}`, 'base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2), or is `*`. */
export const notModified = (ctx: Context, etag: string): boolean => {
  const header = ctx.get('If-None-Match');
  if (header === '') return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').map((t) => t.trim()).some((t) => t === '*' || t.replace(/^W\//, '') === bare);
};

/** Whether the request came with a session (cookie or Bearer token): its answer is never stored by a shared cache. */
const withSession = (ctx: Context): boolean => ctx.cookies.get(SESSION_COOKIE) !== undefined || /^bearer\s/i.test(ctx.get('Authorization'));

const COMMON: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const cacheControl = (ctx: Context, maxAge: number): string => (withSession(ctx) ? 'private, no-store' : `public, max-age=${maxAge}`);

/** What a page handler answers. */
export type PageAnswer =
  | { readonly kind: 'html'; readonly html: string; readonly etag: string; readonly style?: string }
  | { readonly kind: 'document'; readonly type: string; readonly body: string | AsyncIterable<Uint8Array>; readonly etag?: string }
  | { readonly kind: 'not_modified'; readonly etag: string }
  | { readonly kind: 'not_found' };

export const NOT_FOUND: PageAnswer = { kind: 'not_found' };

/** Pages are cached this long by anyone (seconds); a 404 a minute, so a page made public shows soon. */
const MAX_AGE = 300;
const NOT_FOUND_MAX_AGE = 60;

export const sendAnswer = (ctx: Context, a: PageAnswer, baseUrl: string): void => {
  for (const [k, v] of Object.entries(COMMON)) ctx.set(k, v);
  switch (a.kind) {
    case 'not_found':
      // One page for unknown, private and withheld alike: the same status, headers and bytes.
      ctx.status = 404;
      ctx.set('Content-Security-Policy', publicCsp());
      ctx.set('Cache-Control', cacheControl(ctx, NOT_FOUND_MAX_AGE));
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = notFoundHtml(baseUrl);
      return;
    case 'not_modified':
      ctx.status = 304;
      ctx.set('ETag', a.etag);
      ctx.set('Cache-Control', cacheControl(ctx, MAX_AGE));
      ctx.body = null;
      return;
    case 'html':
      ctx.status = 200;
      ctx.set('Content-Security-Policy', publicCsp(a.style));
      ctx.set('ETag', a.etag);
      ctx.set('Cache-Control', cacheControl(ctx, MAX_AGE));
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = a.html;
      return;
    case 'document':
      ctx.status = 200;
      ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      if (a.etag !== undefined) ctx.set('ETag', a.etag);
      ctx.set('Cache-Control', cacheControl(ctx, MAX_AGE));
      ctx.type = a.type;
      ctx.body = typeof a.body === 'string' ? a.body : Readable.from(a.body, { objectMode: false });
      return;
  }
};

/** A path id: a UUID, lower-cased (any other text is the 404 page, as an unknown id is). */
export const idOf = (raw: string | undefined): string | null => (raw !== undefined && isUuid(raw) ? raw.toLowerCase() : null);

/** `?page=`: 1 when absent; null (the 404 page) when not a whole number from 1 to `max`. */
export const pageNumberOf = (raw: string | string[] | undefined, max = 100_000): number | null => {
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= max ? n : null;
};
