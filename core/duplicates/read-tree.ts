import type { Id } from '../kernel/ids.js';
import { eventLoopTurns, runInTurns } from '../kernel/turns.js';
import type { Stores } from '../stores.js';
import { sideBuilder, type Prepared } from './finder.js';

/** Subjects a page of the finder's read of a tree (with their facts). */
export const SUBJECTS_PAGE = 20_000;

/**
 * The finder's view of a tree (duplicates, a GEDCOM preview's or import's matching), read page by page
 * and made as it is read, giving the event loop turns: two pages of rows are held at a time (the
 * next is read while one is made), and
 * each kind of edge only until it is linked. The pages are separate statements, as the reads always
 * were (a caller inside a transaction reads one snapshot). `reclaim` is asked after each large read
 * (the host collects when its heap has grown); `page`, the subjects a page (a spec's smaller one).
 */
export const readPrepared = async (
  stores: Pick<Stores, 'duplicates' | 'cleanup'>, treeId: Id, o: { readonly reclaim?: () => void; readonly page?: number } = {},
): Promise<{ readonly prepared: Prepared; readonly index: ReadonlyMap<Id, number> }> => {
  const { reclaim, page: size = SUBJECTS_PAGE } = o;
  const b = sideBuilder();
  const turn = eventLoopTurns();
  // The next page is asked for before this one is made into sides, so the database reads it meanwhile.
  // A read that fails meanwhile is handled at once (it is awaited only once the page before is made:
  // unhandled across a turn, it would be reported as an unhandled rejection) and still fails this read.
  const read = (after: Id | null) => {
    const page = stores.duplicates.subjectsAfter(treeId, after, size);
    page.catch(() => undefined);
    return page;
  };
  let next = read(null);
  for (;;) {
    const page = await next;
    const full = page.subjects.length >= size;
    if (full) next = read(page.subjects[page.subjects.length - 1]!.id);
    await runInTurns(b.add(page.subjects, page.facts), turn);
    reclaim?.();
    if (!full) break;
  }
  await runInTurns(b.edges(await stores.cleanup.edges(treeId, 'parent_child'), []), turn);
  reclaim?.();
  await runInTurns(b.edges([], await stores.cleanup.edges(treeId, 'partnership')), turn);
  reclaim?.();
  return { prepared: b.done(), index: b.index };
};
