import type { Context } from 'koa';
import { E } from '../../../../core/kernel/either.js';
import { listDirectoryCounts } from '../../../../core/people/queries/list-directory-counts.js';
import { getPublicTreeStamp } from '../../../../core/people/queries/get-public-tree-stamp.js';
import { listFullPersons } from '../../../../core/people/queries/list-full-persons.js';
import type { Actor } from '../../../../core/kernel/actor.js';
import type { PublicPagesDeps } from './deps.js';
import { NOT_FOUND, anonymousOf, bodyEtag, idOf, notModified, pageEtag, pageNumberOf, type PageAnswer } from './frame.js';
import { personUrl } from './person-links.js';
import { treeUrl } from './tree.js';

/** URLs a sitemap file holds at most (the sitemaps protocol's limit). */
export const SITEMAP_URLS = 50_000;
/** Persons read at once while a sitemap streams: one such page in memory at a time. */
const READ_PAGE = 5_000;

const XML = 'application/xml; charset=utf-8';

/** Text for XML content (a URL's `&` above all). */
export const escapeXml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

/** The address of one of a tree's sitemap files (the first without `page`). */
export const treeSitemapUrl = (p: PublicPagesDeps, treeId: string, page: number): string => `${treeUrl(p, treeId)}/sitemap.xml${page === 1 ? '' : `?page=${page}`}`;

/**
 * GET /sitemap.xml: the sitemap index: for each tree in the directory (`public` trees) with persons
 * shown in full, its sitemap files (50,000 persons each), and the directory's own pages are found by
 * following links from the site's home.
 */
export const sitemapIndex = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const listed = await listDirectoryCounts(p.deps)(anonymousOf(ctx));
  if (E.isLeft(listed)) return NOT_FOUND;
  const entries = listed.right.flatMap(({ tree, counts }) =>
    Array.from({ length: Math.ceil(counts.full / SITEMAP_URLS) }, (_, i) => `<sitemap><loc>${escapeXml(treeSitemapUrl(p, tree.id, i + 1))}</loc></sitemap>`));
  const body = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>', ''].join('\n');
  const etag = bodyEtag(body);
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  return { kind: 'document', type: XML, body, etag };
};

const day = (d: Date): string => d.toISOString().slice(0, 10);

/** The rest of a sitemap file after its first read: read by pages after the last id, one page in memory at a time. */
async function* urlset(p: PublicPagesDeps, actor: Actor, treeId: string, first: readonly { readonly id: string; readonly updatedAt: Date }[]): AsyncGenerator<Uint8Array> {
  yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
  let rows = first;
  let written = 0;
  for (;;) {
    const take = rows.slice(0, SITEMAP_URLS - written);
    yield Buffer.from(take.map((r) => `<url><loc>${escapeXml(personUrl(p, r.id))}</loc><lastmod>${day(r.updatedAt)}</lastmod></url>\n`).join(''));
    written += take.length;
    if (rows.length < READ_PAGE || written >= SITEMAP_URLS) break;
    const next = await listFullPersons(p.deps)(actor, treeId, { limit: Math.min(READ_PAGE, SITEMAP_URLS - written), after: rows[rows.length - 1]!.id });
    // The status is sent: a failure now (the tree made private meanwhile) can only cut the file short.
    if (E.isLeft(next)) throw new Error(`a sitemap stopped: ${next.left._tag}`);
    rows = next.right;
  }
  yield Buffer.from('</urlset>\n');
}

/**
 * GET /trees/{id}/sitemap.xml[?page=N]: the pages of the tree's persons shown in full to a visitor,
 * by id, 50,000 a file, streamed (a page of 5,000 read at a time). Only `public` trees have one (an
 * unlisted tree is not to be found); any other tree, or a page past the last, is the 404 page.
 */
export const treeSitemap = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const treeId = idOf(ctx.params['id']);
  const page = pageNumberOf(ctx.query['page']);
  if (treeId === null || page === null) return NOT_FOUND;
  const actor = anonymousOf(ctx);
  const stamped = await getPublicTreeStamp(p.deps)(actor, treeId);
  if (E.isLeft(stamped) || stamped.right.tree.visibility !== 'public') return NOT_FOUND;
  const etag = pageEtag(['sitemap', treeId, String(page), stamped.right.stamp, p.baseUrl], p.deps.clock.now());
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  const first = await listFullPersons(p.deps)(actor, treeId, { limit: READ_PAGE, skip: (page - 1) * SITEMAP_URLS });
  if (E.isLeft(first) || (page > 1 && first.right.length === 0)) return NOT_FOUND;
  return { kind: 'document', type: XML, body: urlset(p, actor, treeId, first.right), etag };
};

/** GET /robots.txt: everything but the API, the search results and the account pages may be crawled; the sitemap index is named. */
export const robotsTxt = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /trees/*/search',
    'Disallow: /verify-email',
    'Disallow: /reset-password',
    'Allow: /',
    '',
    `Sitemap: ${p.baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const etag = bodyEtag(body);
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  return { kind: 'document', type: 'text/plain; charset=utf-8', body, etag };
};
