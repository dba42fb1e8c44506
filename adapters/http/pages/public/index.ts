import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { PublicPagesDeps } from './deps.js';
import { directoryPage } from './directory.js';
import { sendAnswer, type PageAnswer } from './frame.js';
import { personPage } from './person.js';
import { searchPage } from './search.js';
import { robotsTxt, sitemapIndex, treeSitemap } from './sitemap.js';
import { treePage } from './tree.js';

export type { PublicPagesDeps } from './deps.js';

/** A page's handler: what it answers; the frame (frame.ts) writes it. */
export type PageHandler = (ctx: Context) => Promise<PageAnswer>;

/**
 * Registers the public HTML pages on the app's router, outside the API prefix: the directory (/),
 * a tree's home, search and sitemap, a person's page, the sitemap index and robots.txt. Other pages
 * (the charts) are added with `more`, answered by the same frame. The pages' reads may come from a
 * read replica (`readsMayLag`): their reader is never a member.
 */
export const mountPublicPages = (
  router: Router,
  p: PublicPagesDeps,
  o: {
    readonly readsMayLag?: <A>(work: () => Promise<A>) => Promise<A>;
    readonly more?: readonly (readonly [path: string, handler: PageHandler])[];
    /** Also registers each page here (app.ts: the dispatcher that answers them before the router's scan of every route). */
    readonly also?: (method: string, path: string, middleware: Middleware) => void;
  } = {},
): void => {
  const lag = o.readsMayLag ?? (<A>(work: () => Promise<A>) => work());
  const pages: readonly (readonly [string, PageHandler])[] = [
    ['/', directoryPage(p)],
    ['/robots.txt', robotsTxt(p)],
    ['/sitemap.xml', sitemapIndex(p)],
    ['/trees/:id', treePage(p)],
    ['/trees/:id/search', searchPage(p)],
    ['/trees/:id/sitemap.xml', treeSitemap(p)],
    ['/persons/:id', personPage(p)],
    ...(o.more ?? []),
  ];
  for (const [path, handler] of pages) {
    const page: Middleware = async (ctx) => {
      // A streamed sitemap reads its later pages after this returns: those go to the primary.
      const answer = await lag(() => handler(ctx));
      sendAnswer(ctx, answer, p.baseUrl);
    };
    router.get(path, page);
    o.also?.('get', path, page);
  }
};
