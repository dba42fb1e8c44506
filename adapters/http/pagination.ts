import { isUuid } from '../../core/kernel/ids.js';
import { invalidInput, type DomainError } from '../../core/kernel/errors.js';

// API.md "Lists": with `limit` one page, and the next page's opaque cursor in X-Next-Cursor and Link.

export const encodeCursor = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url');

export const decodeCursor = (cursor: string | undefined): string | undefined | DomainError => {
  if (cursor === undefined) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : invalidInput('invalid_cursor', 'The cursor is not one this service gave out.', [{ path: 'cursor', message: 'unknown cursor' }]);
};

/**
 * Given up to limit + 1 rows, the page to answer and the headers that point at the next one.
 * `url` is the absolute address of the list, without cursor.
 */
export const pageOf = <A extends { readonly id: string }>(rows: readonly A[], limit: number | undefined, url: URL) => {
  if (limit === undefined || rows.length <= limit) return { rows, headers: {} as Record<string, string> };
  const page = rows.slice(0, limit);
  const cursor = encodeCursor(page[page.length - 1]!.id);
  const next = new URL(url);
  next.searchParams.set('limit', String(limit));
  next.searchParams.set('cursor', cursor);
  return { rows: page, headers: { 'X-Next-Cursor': cursor, Link: `<${next.toString()}>; rel="next"` } };
};

/**
 * A list's absolute address (`href`, no query) and the query parameters its next page keeps (a
 * search's `q`): what a hot list route passes instead of a URL, whose `searchParams.set` writes and
 * parses the whole address again at every call (issue 27: about a twentieth of a search's CPU in the
 * service, building the next page's Link).
 */
export type ListAddress = { readonly href: string; readonly query: readonly (readonly [string, string])[] };

const bases = new Map<string, string>();
/**
 * `path` (segments needing no escapes, e.g. `/api/v1/trees/{uuid}/persons`) under `baseUrl`, written
 * as `new URL` writes it: the base is normalized by `URL` once (per base), not at every request.
 */
export const listAddress = (baseUrl: string, path: string, query: readonly (readonly [string, string])[] = []): ListAddress => {
  let base = bases.get(baseUrl);
  if (base === undefined) {
    base = new URL(baseUrl).href;
    while (base.endsWith('/')) base = base.slice(0, -1);
    if (bases.size < 16) bases.set(baseUrl, base);
  }
  return { href: base + path, query };
};

/** Headers pointing at the page after `lastId` (none when the core says this page was the last). */
export const nextPageHeaders = (lastId: string | null, limit: number | undefined, url: URL | ListAddress): Record<string, string> => {
  if (lastId === null || limit === undefined) return {};
  const cursor = encodeCursor(lastId);
  if (!(url instanceof URL)) {
    const params = new URLSearchParams();
    for (const [k, v] of url.query) params.append(k, v);
    params.append('limit', String(limit));
    params.append('cursor', cursor);
    return { 'X-Next-Cursor': cursor, Link: `<${url.href}?${params.toString()}>; rel="next"` };
  }
  const next = new URL(url);
  next.searchParams.set('limit', String(limit));
  next.searchParams.set('cursor', cursor);
  return { 'X-Next-Cursor': cursor, Link: `<${next.toString()}>; rel="next"` };
};
