import { createHash } from 'node:crypto';
import { escapeHtml } from '../render.js';

// The frame of every public page (directory, tree, search, person, charts, 404): server-rendered
// HTML without scripts or external assets, one stylesheet allowed by its hash, so the
// Content-Security-Policy refuses everything else. Structured data is Microdata (itemscope,
// itemprop) in the HTML itself and, on a person's page, schema.org JSON-LD (json-ld.ts): a
// `<script type="application/ld+json">` data block, never run, the one <script> element a page may
// hold; no page holds a script a browser would run.

/**
 * The one stylesheet of the public pages, phone first (320 px wide and up), with a print style.
 * Colours keep at least 4.5:1 contrast on their backgrounds (WCAG AA). `.chart` is for the inline
 * SVG charts (pedigree, descendants): they scroll sideways on a narrow screen, never overflow it.
 */
const BASE_STYLE = [
  ':root{color-scheme:light}',
  'body{margin:0;font:1.0625rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f5f2}',
  'a{color:#1f4e99}a:visited{color:#5a2d82}a:focus-visible{outline:.2rem solid #f0b400;outline-offset:.1rem}',
  '.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  '.skip{position:absolute;left:-999rem}.skip:focus{left:.5rem;top:.5rem;background:#fff;padding:.5rem;z-index:1}',
  'header,footer{background:#fff;border-bottom:1px solid #d6d3cc}footer{border:0;border-top:1px solid #d6d3cc;margin-top:2rem}',
  'header>div,footer>div,main{box-sizing:border-box;max-width:50rem;margin:0 auto;padding:.75rem 1rem}',
  'header a{font-weight:600;text-decoration:none}header nav ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .5rem}',
  'header nav li+li::before{content:"/";margin-right:.5rem;color:#595959}',
  'h1{font-size:1.6rem;line-height:1.25;margin:1rem 0 .5rem;overflow-wrap:anywhere}',
  'h2{font-size:1.2rem;margin:1.75rem 0 .5rem;border-bottom:1px solid #d6d3cc;padding-bottom:.25rem}',
  'h3{font-size:1.05rem;margin:1rem 0 .25rem}',
  'p,li,dd{overflow-wrap:anywhere}',
  '.plain{list-style:none;padding:0;margin:0}.plain>li{padding:.4rem 0;border-bottom:1px solid #e4e1da}',
  '.muted{color:#595959}.count,.years{color:#595959;white-space:nowrap}',
  '.living{font-style:italic;color:#595959}',
  'dl.facts{display:grid;grid-template-columns:minmax(6rem,auto) 1fr;gap:.25rem 1rem;margin:0}dl.facts dt{font-weight:600}dl.facts dd{margin:0}',
  'table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.4rem .5rem .4rem 0;border-bottom:1px solid #e4e1da}',
  'th{font-weight:600}td{overflow-wrap:anywhere}',
  'form.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:1rem 0}',
  'form.search label{flex:1 0 100%;font-weight:600}',
  'form.search input{flex:1 1 12rem;box-sizing:border-box;min-height:2.75rem;font:inherit;padding:.4rem .6rem;border:1px solid #767676;border-radius:.3rem}',
  'form.search button{min-height:2.75rem;font:inherit;font-weight:600;padding:.4rem 1rem;color:#fff;background:#1f4e99;border:0;border-radius:.3rem;cursor:pointer}',
  'form.search input:focus,form.search button:focus{outline:.2rem solid #f0b400;outline-offset:.1rem}',
  'nav.letters ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.35rem}',
  'nav.letters a,nav.letters span{display:inline-block;min-width:2.25rem;min-height:2.25rem;line-height:2.25rem;text-align:center;border:1px solid #d6d3cc;border-radius:.3rem;background:#fff}',
  'nav.letters [aria-current]{background:#1f4e99;color:#fff;border-color:#1f4e99}',
  'nav.pages{display:flex;justify-content:space-between;gap:1rem;margin:1.5rem 0}',
  '.chart{overflow-x:auto;max-width:100%}.chart svg{display:block;height:auto}',
  '@media (min-width:40rem){body{font-size:1.125rem}h1{font-size:2rem}ul.cols{columns:2;column-gap:2rem}ul.cols>li{break-inside:avoid}}',
  '@media print{body{background:#fff;color:#000;font-size:11pt}header nav,footer,form.search,nav.pages,nav.letters,.skip{display:none}',
  'a{color:#000;text-decoration:none}main{max-width:none;padding:0}h2{break-after:avoid}.chart{overflow:visible}}',
].join('');

/** A sha-256 source expression for the CSP's style-src. */
const hashOf = (css: string): string => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

const BASE_HASH = hashOf(BASE_STYLE);

/** The base stylesheet as every page's head carries it. */
const BASE_STYLE_ELEMENT = `<style>${BASE_STYLE}</style>`;
/** What stands for it in a page kept without it: an element no text of a page can make (text is escaped). */
const BASE_STYLE_MARK = '<style></style>';

/** A whole page without its base stylesheet, the same on every page (a kept page: kept.ts), and back. */
export const withoutBaseStyle = (html: string): string => {
  const at = html.indexOf(BASE_STYLE_ELEMENT);
  return at < 0 ? html : html.slice(0, at) + BASE_STYLE_MARK + html.slice(at + BASE_STYLE_ELEMENT.length);
};
export const withBaseStyle = (html: string): string => {
  const at = html.indexOf(BASE_STYLE_MARK);
  return at < 0 ? html : html.slice(0, at) + BASE_STYLE_ELEMENT + html.slice(at + BASE_STYLE_MARK.length);
};

/**
 * The Content-Security-Policy of a public page: nothing but its own stylesheets (the base one and,
 * when a page adds one, `style`), and images only as data (none today: the public surface serves no
 * media). Forms post to this origin (the search form is a GET to it).
 */
export const publicCsp = (style?: string): string =>
  style === undefined ? BASE_CSP : cspWith(` ${hashOf(style)}`);

const cspWith = (extra: string): string => `default-src 'none'; style-src ${BASE_HASH}${extra}; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
const BASE_CSP = cspWith('');

/** One step of the breadcrumb trail in the header: the site, then the tree, then the page. */
export type Crumb = { readonly href: string; readonly label: string };

export type PublicPage = {
  /** BCP 47 language of the page; `en` when not given. */
  readonly lang?: string;
  /** The `<title>` (plain text; escaped here). The site's name is appended. */
  readonly title: string;
  /** The page's one `<h1>`, as HTML (already escaped; may carry itemprop); the escaped title when not given. */
  readonly h1?: string;
  /** The absolute URL of this page, as search engines should index it (the `canonical` link). */
  readonly canonical: string;
  /** The `<meta name="description">` (plain text). */
  readonly description?: string;
  /** More of `<head>`, as HTML (already escaped): never a script a browser runs (a JSON-LD data block is the one script element allowed). */
  readonly headExtra?: string;
  /** The breadcrumb trail, the current page excluded; the site's home first. */
  readonly crumbs?: readonly Crumb[];
  /** Attributes of `<main>` as HTML (`itemscope itemtype="https://schema.org/Person"`). */
  readonly mainAttributes?: string;
  /** The content of `<main>` after the `<h1>`, as HTML (already escaped). */
  readonly body: string;
  /** `noindex` keeps the page out of search engines (search results, the 404 page). */
  readonly robots?: 'index' | 'noindex';
  /** A stylesheet of this page only (a chart's), appended after the base one; publicCsp(style) must allow it. */
  readonly style?: string;
};

export const SITE_NAME = 'Family trees';

/** The whole HTML document of a public page. Every text given as HTML must already be escaped. */
export const publicLayout = (p: PublicPage): string =>
  [
    '<!doctype html>',
    `<html lang="${escapeHtml(p.lang ?? 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)} · ${SITE_NAME}</title>`,
    `<link rel="canonical" href="${escapeHtml(p.canonical)}">`,
    ...(p.description === undefined ? [] : [`<meta name="description" content="${escapeHtml(p.description)}">`]),
    `<meta name="robots" content="${p.robots === 'noindex' ? 'noindex' : 'index,follow'}">`,
    // How a link to the page looks when shared (Open Graph): its title, address and description.
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(p.title)}">`,
    `<meta property="og:url" content="${escapeHtml(p.canonical)}">`,
    ...(p.description === undefined ? [] : [`<meta property="og:description" content="${escapeHtml(p.description)}">`]),
    BASE_STYLE_ELEMENT,
    ...(p.style === undefined ? [] : [`<style>${p.style}</style>`]),
    ...(p.headExtra === undefined ? [] : [p.headExtra]),
    '</head>',
    '<body>',
    '<a class="skip" href="#content">Skip to content</a>',
    '<header>',
    '<div>',
    '<nav aria-label="Breadcrumb">',
    '<ol>',
    ...(p.crumbs ?? []).map((c) => `<li><a href="${escapeHtml(c.href)}">${escapeHtml(c.label)}</a></li>`),
    `<li aria-current="page">${escapeHtml(p.title)}</li>`,
    '</ol>',
    '</nav>',
    '</div>',
    '</header>',
    `<main id="content"${p.mainAttributes === undefined ? '' : ` ${p.mainAttributes}`}>`,
    `<h1>${p.h1 ?? escapeHtml(p.title)}</h1>`,
    p.body,
    '</main>',
    '<footer>',
    '<div>',
    `<p class="muted">Published with the family's permission. People who may be living are shown as "Living person", without details.</p>`,
    '</div>',
    '</footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');

/** The home of the site (the directory), the first crumb of every other page. */
export const homeCrumb = (baseUrl: string): Crumb => ({ href: `${baseUrl}/`, label: SITE_NAME });

/**
 * The one 404 page: unknown, private and withheld are the same page, byte for byte (no existence
 * oracle), whatever was asked for. Its canonical link is the directory.
 */
export const notFoundHtml = (baseUrl: string): string => {
  let html = notFoundPages.get(baseUrl);
  if (html === undefined) {
    html = notFoundPage(baseUrl);
    // One BASE_URL per service; a bound all the same.
    if (notFoundPages.size < 16) notFoundPages.set(baseUrl, html);
  }
  return html;
};

/** The 404 page of each BASE_URL, rendered once: a crawler's misses cost no rendering. */
const notFoundPages = new Map<string, string>();

const notFoundPage = (baseUrl: string): string =>
  publicLayout({
    title: 'Page not found',
    canonical: `${baseUrl}/`,
    robots: 'noindex',
    crumbs: [homeCrumb(baseUrl)],
    body: [
      '<p>There is no page here. The link may be mistyped, or the page may have been removed or made private.</p>',
      `<p><a href="${escapeHtml(baseUrl)}/">See the published family trees</a></p>`,
    ].join('\n'),
  });
