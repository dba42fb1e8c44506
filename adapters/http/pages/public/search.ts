import type { Context } from 'koa';
import { getPublicTreeStamp } from '../../../../core/people/queries/get-public-tree-stamp.js';
import { listPersons } from '../../../../core/people/queries/list-persons.js';
import type { PersonView } from '../../../../core/people/vitals.js';
import { decodeCursor, encodeCursor } from '../../pagination.js';
import { escapeHtml } from '../render.js';
import type { PublicPagesDeps } from './deps.js';
import { NOT_FOUND, anonymousOf, idOf, notModified, pageEtag, type PageAnswer } from './frame.js';
import { publicLayout } from './layout.js';
import { lifeSpan, personUrl } from './person-links.js';
import { searchFormHtml, treeCrumbs, treeUrl } from './tree.js';

/** Persons a page of results shows (the API's search answers as many without `limit`). */
export const RESULTS_PER_PAGE = 20;

const MAX_QUERY = 200;

/** A found person: a link with their life span, and their other names. */
const resultHtml = (p: PublicPagesDeps, v: PersonView): string => {
  if (v.visibility !== 'full') return ''; // A search finds only persons shown in full (the core's rule).
  const others = (v.names ?? []).filter((n) => n.id !== v.primary?.id).map((n) => `${n.givenName} ${n.surname}`.trim()).filter((s) => s !== '' && s !== v.displayName);
  return [
    '<li>',
    `<a href="${escapeHtml(personUrl(p, v.person.id))}">${escapeHtml(v.displayName)}</a>`,
    lifeSpan(v) === '' ? '' : ` <span class="years">${escapeHtml(lifeSpan(v))}</span>`,
    others.length === 0 ? '' : `<br><span class="muted">Also: ${escapeHtml([...new Set(others)].join(', '))}</span>`,
    '</li>',
  ].join('');
};

/**
 * GET /trees/{id}/search?q=: the API's typo-tolerant name search (listPersons on the public surface:
 * only persons shown in full are ever found), 20 a page, best match first, with a link to the next
 * page (`cursor`, as the API's). Results pages are not for search engines (noindex).
 */
export const searchPage = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const treeId = idOf(ctx.params['id']);
  const rawQ = ctx.query['q'];
  const rawCursor = ctx.query['cursor'];
  if (treeId === null || Array.isArray(rawQ) || Array.isArray(rawCursor)) return NOT_FOUND;
  const q = (rawQ ?? '').trim().slice(0, MAX_QUERY);
  const after = decodeCursor(rawCursor);
  if (typeof after === 'object') return NOT_FOUND;
  const actor = anonymousOf(ctx);
  const stamped = await getPublicTreeStamp(p.deps)(actor, treeId);
  if (stamped._tag === 'Left') return NOT_FOUND;
  const etag = pageEtag(['search', treeId, q, after ?? '', stamped.right.stamp, p.baseUrl], p.deps.clock.now());
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  const { tree } = stamped.right;
  const base = `${treeUrl(p, treeId)}/search`;
  const href = (cursor?: string): string => {
    const s = new URLSearchParams({ q });
    if (cursor !== undefined) s.set('cursor', cursor);
    return `${base}?${s.toString()}`;
  };
  let results = '';
  if (q !== '') {
    const found = await listPersons(p.deps)(actor, treeId, { q, limit: RESULTS_PER_PAGE, ...(after === undefined ? {} : { after }) }, 'public');
    if (found._tag === 'Left') return NOT_FOUND;
    const { views, lastId } = found.right;
    const shown = views.filter((v) => v.visibility === 'full');
    results = [
      `<h2 id="results">${shown.length === 0 ? 'No one found' : `Results${after === undefined ? '' : ' (continued)'}`}</h2>`,
      shown.length === 0 ? `<p>No one in this tree has a name like “${escapeHtml(q)}”. Try another spelling, or only a surname.</p>` : ['<ol class="plain">', ...shown.map((v) => resultHtml(p, v)), '</ol>'].join('\n'),
      lastId === null ? '' : `<nav class="pages" aria-label="Result pages"><span></span><a href="${escapeHtml(href(encodeCursor(lastId)))}" rel="next">More results</a></nav>`,
    ].join('\n');
  }
  const html = publicLayout({
    title: q === '' ? `Search ${tree.name}` : `“${q}” in ${tree.name}`,
    h1: escapeHtml(`Search ${tree.name}`),
    canonical: q === '' ? base : href(after === undefined ? undefined : encodeCursor(after)),
    robots: 'noindex',
    crumbs: treeCrumbs(p, tree),
    body: [searchFormHtml(p, treeId, q), results].join('\n'),
  });
  return { kind: 'html', html, etag };
};
