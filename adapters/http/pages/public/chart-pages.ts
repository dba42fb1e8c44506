import type { Context } from 'koa';
import { mapChart } from '../../../../core/charts/nest.js';
import { descendants } from '../../../../core/charts/queries/descendants.js';
import { pedigree } from '../../../../core/charts/queries/pedigree.js';
import type { Id } from '../../../../core/kernel/ids.js';
import { getPublicTree } from '../../../../core/trees/queries/get-public-tree.js';
import { escapeHtml } from '../render.js';
import { boxOf, chartSvg, CHART_STYLE, type ChartKind } from './chart-svg.js';
import type { PublicPagesDeps } from './deps.js';
import { NOT_FOUND, anonymousOf, bodyEtag, idOf, notModified, type PageAnswer } from './frame.js';
import { publicLayout } from './layout.js';
import { personUrl } from './person-links.js';
import { robotsOf, treeCrumbs } from './tree.js';

// GET /persons/{id}/pedigree and /persons/{id}/descendants: a person's chart as a page, over the
// same core chart queries as GET /api/v1/public/persons/{id}/pedigree|descendants, on the public
// surface (the reader is an anonymous stranger, through the privacy engine). A root the reader may
// not see (unknown, deleted, hidden, in a tree they may not view), and a root shown only as `Living
// person` (who has no page either), are the one 404 page of the public pages.

/**
 * Generations a page draws, counting the person: fewer than the JSON API's 10, as a page is read by
 * a person (six generations are 63 ancestors). The rule for `?generations=`: a whole number is
 * clamped to 1..6; anything else (absent, not a whole number, given twice) is the default, 4 for a
 * pedigree, 3 for descendants. The page's canonical address names the generations it drew, so one
 * chart has one address whatever was asked.
 */
export const PAGE_MIN_GENERATIONS = 1;
export const PAGE_MAX_GENERATIONS = 6;
export const PAGE_DEFAULT_GENERATIONS: Readonly<Record<ChartKind, number>> = { pedigree: 4, descendants: 3 };

/** The generations a page draws for `?generations=` (see PAGE_MAX_GENERATIONS). */
export const generationsOf = (kind: ChartKind, raw: string | readonly string[] | undefined): number => {
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) return PAGE_DEFAULT_GENERATIONS[kind];
  return Math.min(PAGE_MAX_GENERATIONS, Math.max(PAGE_MIN_GENERATIONS, Number(raw)));
};

const TITLE: Readonly<Record<ChartKind, string>> = { pedigree: 'Ancestors', descendants: 'Descendants' };
const DRAWING: Readonly<Record<ChartKind, string>> = { pedigree: 'Pedigree chart', descendants: 'Descendant chart' };
const OTHER: Readonly<Record<ChartKind, ChartKind>> = { pedigree: 'descendants', descendants: 'pedigree' };

const plural = (n: number): string => `${n} generation${n === 1 ? '' : 's'}`;

export const chartUrl = (p: PublicPagesDeps, kind: ChartKind, id: Id, generations: number = PAGE_DEFAULT_GENERATIONS[kind]): string =>
  `${personUrl(p, id)}/${kind}${generations === PAGE_DEFAULT_GENERATIONS[kind] ? '' : `?generations=${generations}`}`;

/** The links around a chart: fewer or more generations, the other chart, the person's page. */
const chartLinks = (p: PublicPagesDeps, kind: ChartKind, id: Id, generations: number, name: string): string => {
  const link = (href: string, text: string) => `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`;
  return [
    '<nav class="charts" aria-label="Charts">',
    '<ul class="plain">',
    ...(generations > PAGE_MIN_GENERATIONS ? [link(chartUrl(p, kind, id, generations - 1), `Show ${plural(generations - 1)}`)] : []),
    ...(generations < PAGE_MAX_GENERATIONS ? [link(chartUrl(p, kind, id, generations + 1), `Show ${plural(generations + 1)}`)] : []),
    link(chartUrl(p, OTHER[kind], id), `${TITLE[OTHER[kind]]} of ${name}`),
    link(personUrl(p, id), `About ${name}`),
    '</ul>',
    '</nav>',
  ].join('\n');
};

/**
 * One chart page. Two reads: the chart (the core's, as the JSON public surface reads it), then the
 * tree (its name for the crumbs). The ETag is the page's own hash: the tree's change stamp, read
 * after the chart, could name a change the chart was read before, and a 304 would then keep a
 * stale chart; a chart's drawing costs little beside its read.
 */
const chartPage = (p: PublicPagesDeps, kind: ChartKind) => async (ctx: Context): Promise<PageAnswer> => {
  const id = idOf(ctx.params['id']);
  if (id === null) return NOT_FOUND;
  const generations = generationsOf(kind, ctx.query['generations']);
  const actor = anonymousOf(ctx);
  const chart = await (kind === 'pedigree' ? pedigree : descendants)(p.deps)(actor, id, generations, 'public');
  // Every refusal of the core (unknown, hidden, a tree this reader may not view) is the one 404 page.
  if (chart._tag === 'Left' || chart.right.person.visibility !== 'full') return NOT_FOUND;
  const root = chart.right.person;
  const found = await getPublicTree(p.deps)(actor, root.person.treeId);
  if (found._tag === 'Left') return NOT_FOUND;
  const tree = found.right;
  const name = root.displayName;
  const svg = chartSvg(mapChart(chart.right, boxOf), { kind, label: `${DRAWING[kind]} of ${name}, ${plural(generations)}`, href: (pid) => personUrl(p, pid) });
  const html = publicLayout({
    title: `${TITLE[kind]} of ${name}`,
    canonical: chartUrl(p, kind, id, generations),
    description: `${DRAWING[kind]} of ${name}, ${plural(generations)}, in the family tree ${tree.name}.`,
    robots: robotsOf(tree),
    crumbs: [...treeCrumbs(p, tree), { href: personUrl(p, id), label: name }],
    style: CHART_STYLE,
    body: [
      `<p>${plural(generations)}, counting ${escapeHtml(name)}. Each box links to that person's page; people who may be living are shown as "Living person", without details.</p>`,
      chartLinks(p, kind, id, generations, name),
      `<div class="chart">\n${svg}\n</div>`,
    ].join('\n'),
  });
  const etag = bodyEtag(html);
  return notModified(ctx, etag) ? { kind: 'not_modified', etag } : { kind: 'html', html, etag, style: CHART_STYLE };
};

/** The chart pages, for mountPublicPages' `more`: answered by the public pages' frame (headers, caching, 304, the 404 page). */
export const chartPageRoutes = (p: PublicPagesDeps): readonly (readonly [string, (ctx: Context) => Promise<PageAnswer>])[] => [
  ['/persons/:id/pedigree', chartPage(p, 'pedigree')],
  ['/persons/:id/descendants', chartPage(p, 'descendants')],
];
