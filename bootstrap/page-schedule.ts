import type { Logger } from 'pino';
import { keepPersonPages } from '../adapters/http/pages/public/kept.js';
import type { PublicPagesDeps } from '../adapters/http/pages/public/deps.js';
import { scheduleKeeping } from './keep-schedule.js';

/** How long a pass waits for the next: every tree a visitor may read is gone through this often. */
export const PAGE_PASS_MS = 5 * 60 * 1000;

/**
 * Keeps person pages (adapters/http/pages/public/kept.ts) in the process that serves them, whose reads
 * ask for their trees: every 2 seconds, the trees whose page reads found no kept page, each at most
 * every minute; and every 5 minutes (the first 5 seconds after start) every tree a visitor may read.
 * A tree that changed during its pass, or that a change held for two seconds, is tried again 5 seconds later.
 * Pages only save time, so the writer gives way to requests: while the service is answering them
 * (`serving`), it takes about a tenth of a core instead of a half.
 */
export const schedulePages = (p: PublicPagesDeps, logger: Logger, serving: () => boolean, passMs = PAGE_PASS_MS, wantedMs = 2_000, firstMs = 5_000) => {
  const keep = keepPersonPages(p);
  return scheduleKeeping(
    'person_pages',
    async (o) => {
      const r = await keep(o);
      return r === null ? null : { done: r.kept, trees: r.trees, left: r.left };
    },
    () => p.deps.storage.keptPages.wanted(),
    logger,
    { passMs, againMs: 5_000, wantedMs, wantedEveryMs: 60_000, firstMs, serving },
  );
};
