import type { Context } from 'koa';
import { getPublicTreeStamp } from '../../../../core/people/queries/get-public-tree-stamp.js';
import { getSurnameIndex } from '../../../../core/people/queries/get-surname-index.js';
import { getPublicPerson } from '../../../../core/people/queries/get-public-person.js';
import type { TreeRead } from '../../../../core/trees/model.js';
import { escapeHtml } from '../render.js';
import type { PublicPagesDeps } from './deps.js';
import { KeptHomes } from './kept-homes.js';
import { NOT_FOUND, anonymousOf, idOf, notModified, pageEtag, pageNumberOf, type PageAnswer } from './frame.js';
import { homeCrumb, publicLayout, type Crumb } from './layout.js';
import { pagerHtml } from './pager.js';
import { plural } from './words.js';
import { lifeSpan, personUrl } from './person-links.js';

/** Surnames a page of the index lists; a tree with more is read by letter, and each letter by pages. */
export const SURNAMES_PER_PAGE = 200;

export const treeUrl = (p: PublicPagesDeps, treeId: string): string => `${p.baseUrl}/trees/${treeId}`;

/** The crumbs of a page inside a tree: the directory, then the tree's home. */
export const treeCrumbs = (p: PublicPagesDeps, tree: Pick<TreeRead, 'id' | 'name'>): Crumb[] => [homeCrumb(p.baseUrl), { href: treeUrl(p, tree.id), label: tree.name }];

/** Unlisted trees are read by their link, never found: their pages ask search engines not to index them. */
export const robotsOf = (tree: Pick<TreeRead, 'visibility'>): 'index' | 'noindex' => (tree.visibility === 'public' ? 'index' : 'noindex');

/** The search form of a tree (a GET to its search page), labelled; `q` filled in on the results page. */
export const searchFormHtml = (p: PublicPagesDeps, treeId: string, q = ''): string => [
  `<form class="search" role="search" method="get" action="${escapeHtml(`${treeUrl(p, treeId)}/search`)}">`,
  '<label for="q">Search this tree by name</label>',
  `<input id="q" name="q" type="search" value="${escapeHtml(q)}" maxlength="200" autocomplete="off" required>`,
  '<button type="submit">Search</button>',
  '</form>',
].join('\n');

/** `?letter=`: one character (a code point), or absent. */
const letterOf = (raw: unknown): string | null | undefined => {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || Array.from(raw).length !== 1) return undefined;
  return raw;
};

/**
 * GET /trees/{id}: a tree's home: its name and description, how many persons a visitor is shown,
 * the search form, and the index of the surnames of the persons shown in full (by letter, paged).
 * Each page is kept as rendered by its ETag (kept-homes.ts) in this process.
 */
export const treePage = (p: PublicPagesDeps, kept = new KeptHomes()) => async (ctx: Context): Promise<PageAnswer> => {
  const treeId = idOf(ctx.params['id']);
  const page = pageNumberOf(ctx.query['page']);
  const letter = letterOf(ctx.query['letter']);
  if (treeId === null || page === null || letter === undefined) return NOT_FOUND;
  const actor = anonymousOf(ctx);
  const stamped = await getPublicTreeStamp(p.deps)(actor, treeId);
  if (stamped._tag === 'Left') return NOT_FOUND;
  const now = p.deps.clock.now();
  const etag = pageEtag(['tree', treeId, letter ?? '', String(page), stamped.right.stamp, p.baseUrl], now);
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  const rendered = kept.get(treeId, etag);
  if (rendered !== undefined) return { kind: 'html', html: rendered, etag };
  const index = await getSurnameIndex(p.deps)(actor, treeId, { letter, offset: (page - 1) * SURNAMES_PER_PAGE, limit: SURNAMES_PER_PAGE + 1 });
  if (index._tag === 'Left') return NOT_FOUND;
  const { tree } = stamped.right;
  const { counts, letters, surnames } = index.right;
  // The tree's home person, where a visitor may start, when they are shown in full (else nobody).
  const home = tree.homePersonId === null || letter !== null || page !== 1 ? null : await getPublicPerson(p.deps)(actor, tree.homePersonId);
  const inScope = letter === null ? letters.reduce((n, l) => n + l.surnames, 0) : (letters.find((l) => l.letter === letter)?.surnames ?? 0);
  const pages = Math.max(1, Math.ceil(inScope / SURNAMES_PER_PAGE));
  if (page > pages || (letter !== null && inScope === 0)) return NOT_FOUND;
  const base = treeUrl(p, treeId);
  const href = (l: string | null, n: number): string => {
    const q = new URLSearchParams();
    if (l !== null) q.set('letter', l);
    if (n > 1) q.set('page', String(n));
    const s = q.toString();
    return s === '' ? base : `${base}?${s}`;
  };
  const letterNav = letters.length < 2 ? '' : [
    '<nav class="letters" aria-label="Surnames by first letter">',
    '<ul>',
    `<li>${letter === null ? '<span aria-current="page">All</span>' : `<a href="${escapeHtml(href(null, 1))}">All</a>`}</li>`,
    ...letters.map((l) => `<li>${l.letter === letter ? `<span aria-current="page">${escapeHtml(l.letter)}</span>` : `<a href="${escapeHtml(href(l.letter, 1))}" aria-label="${escapeHtml(`${l.letter}: ${plural(l.surnames, 'surname', 'surnames')}`)}">${escapeHtml(l.letter)}</a>`}</li>`),
    '</ul>',
    '</nav>',
  ].join('\n');
  const list = surnames.slice(0, SURNAMES_PER_PAGE).map((s) =>
    `<li><a href="${escapeHtml(`${base}/search?q=${encodeURIComponent(s.surname)}`)}">${escapeHtml(s.surname)}</a> <span class="count">(${plural(s.count, 'person', 'people')})</span></li>`);
  const html = publicLayout({
    title: letter === null ? (page === 1 ? tree.name : `${tree.name}, page ${page}`) : `${tree.name}: surnames ${letter}${page === 1 ? '' : `, page ${page}`}`,
    h1: escapeHtml(tree.name),
    canonical: href(letter, page),
    description: tree.description.trim() === '' ? `The family tree ${tree.name}.` : tree.description,
    robots: robotsOf(tree),
    crumbs: [homeCrumb(p.baseUrl)],
    body: [
      ...(tree.description.trim() === '' ? [] : [`<p>${escapeHtml(tree.description)}</p>`]),
      `<p class="count">${plural(counts.shown, 'person', 'people')}, ${plural(letters.reduce((n, l) => n + l.surnames, 0), 'surname', 'surnames')}</p>`,
      home === null || home._tag === 'Left' ? '' : `<p>Start with <a href="${escapeHtml(personUrl(p, home.right.view.person.id))}">${escapeHtml(home.right.view.displayName)}</a>${lifeSpan(home.right.view) === '' ? '' : ` <span class="years">${escapeHtml(lifeSpan(home.right.view))}</span>`}</p>`,
      searchFormHtml(p, treeId),
      '<section aria-labelledby="surnames">',
      `<h2 id="surnames">Surnames${letter === null ? '' : ` starting with ${escapeHtml(letter)}`}</h2>`,
      letterNav,
      list.length === 0 ? '<p>No surname to list yet.</p>' : ['<ul class="cols">', ...list, '</ul>'].join('\n'),
      pagerHtml(page, pages, (n) => href(letter, n), 'Surname pages'),
      '</section>',
    ].join('\n'),
  });
  kept.keep(treeId, `${stamped.right.stamp}/${now.getUTCFullYear()}`, etag, html);
  return { kind: 'html', html, etag };
};
