import { escapeHtml } from '../render.js';

/** Previous and next links of a paged list (none when it has one page). */
export const pagerHtml = (page: number, pages: number | null, href: (n: number) => string, label: string, hasNext = pages !== null && page < pages): string => {
  if (page === 1 && !hasNext) return '';
  return [
    `<nav class="pages" aria-label="${escapeHtml(label)}">`,
    page > 1 ? `<a href="${escapeHtml(href(page - 1))}" rel="prev">Previous page</a>` : '<span></span>',
    ...(pages === null ? [] : [`<span class="muted">Page ${page} of ${pages}</span>`]),
    hasNext ? `<a href="${escapeHtml(href(page + 1))}" rel="next">Next page</a>` : '<span></span>',
    '</nav>',
  ].join('\n');
};
