import type { Context } from 'koa';
import { listDirectoryCounts } from '../../../../core/people/queries/list-directory-counts.js';
import { escapeHtml } from '../render.js';
import { NOT_FOUND, anonymousOf, notModified, pageEtag, pageNumberOf, type PageAnswer } from './frame.js';
import { SITE_NAME, publicLayout } from './layout.js';
import type { PublicPagesDeps } from './deps.js';
import { pagerHtml } from './pager.js';
import { plural } from './words.js';

/** Trees a directory page lists. */
export const TREES_PER_PAGE = 20;

/**
 * GET / : the directory of public trees (listDirectory as an anonymous caller reads it: `public`
 * trees only), by name, 20 a page, each with its description and how many persons a visitor is shown.
 */
export const directoryPage = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const page = pageNumberOf(ctx.query['page']);
  if (page === null) return NOT_FOUND;
  const listed = await listDirectoryCounts(p.deps)(anonymousOf(ctx));
  if (listed._tag === 'Left') return NOT_FOUND;
  const trees = [...listed.right].sort((a, b) => a.tree.name.localeCompare(b.tree.name, 'en') || (a.tree.id < b.tree.id ? -1 : 1));
  const pages = Math.max(1, Math.ceil(trees.length / TREES_PER_PAGE));
  if (page > pages) return NOT_FOUND;
  const shown = trees.slice((page - 1) * TREES_PER_PAGE, page * TREES_PER_PAGE);
  const now = p.deps.clock.now();
  // What this page shows decides its ETag (the directory has no one tree's stamp).
  const etag = pageEtag(['directory', String(page), JSON.stringify(shown.map((t) => [t.tree.id, t.tree.name, t.tree.description, t.counts.shown]))], now);
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  const here = (n: number): string => `${p.baseUrl}/${n === 1 ? '' : `?page=${n}`}`;
  const items = shown.map(({ tree, counts }) => [
    '<li>',
    `<h2><a href="${escapeHtml(`${p.baseUrl}/trees/${tree.id}`)}">${escapeHtml(tree.name)}</a></h2>`,
    ...(tree.description.trim() === '' ? [] : [`<p>${escapeHtml(tree.description)}</p>`]),
    `<p class="count">${plural(counts.shown, 'person', 'people')}</p>`,
    '</li>',
  ].join('\n'));
  const html = publicLayout({
    title: page === 1 ? SITE_NAME : `${SITE_NAME}, page ${page}`,
    h1: 'Published family trees',
    canonical: here(page),
    description: 'Family trees published by their families: browse the people, their names, lives and relations.',
    body: [
      trees.length === 0 ? '<p>No family tree is published yet.</p>' : `<p>${plural(trees.length, 'family tree is', 'family trees are')} published here.</p>`,
      ...(items.length === 0 ? [] : ['<ul class="plain">', ...items, '</ul>']),
      pagerHtml(page, pages, here, 'Directory pages'),
    ].join('\n'),
  });
  return { kind: 'html', html, etag };
};
