import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, when the runtime lets us ask for one. Restoring a large backup makes
 * garbage far faster than V8's heuristics reclaim it (the heap grew by 150 MB and more before a full
 * collection on the 100,000-person bench while less than 60 MB was live), so the reader asks for a
 * collection after every RECLAIM_BYTES it reads: about one per 32 MB, some 50 ms each.
 */
const collect: (() => void) | null = (() => {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
})();

export const RECLAIM_BYTES = 32 * 1024 * 1024;

/** Counts bytes read (or written); collects garbage each time another `every` bytes have gone by. */
export const reclaimer = (every = RECLAIM_BYTES) => {
  let since = 0;
  return (bytes: number): void => {
    since += bytes;
    if (since < every || collect === null) return;
    since = 0;
    collect();
  };
};

/** Past this resident set a GEDCOM import or export collects at once, not only every `every` bytes (the budget is 512 MB). */
export const GEDCOM_RSS_BUDGET = 400 * 1024 * 1024;

/**
 * Like `reclaimer`, and also collects whenever the process's resident set passes `budget`. When a
 * collection leaves the resident set above the budget (that much is live), the budget moves up by
 * 64 MB, so it never collects on every call; it comes back down once a collection gets under it.
 */
export const budgetReclaimer = (every = RECLAIM_BYTES, budget = GEDCOM_RSS_BUDGET) => {
  const reclaim = reclaimer(every);
  let limit = budget;
  return (bytes: number): void => {
    if (collect === null || process.memoryUsage.rss() <= limit) {
      reclaim(bytes);
      return;
    }
    collect();
    const after = process.memoryUsage.rss();
    limit = after > limit ? after + 64 * 1024 * 1024 : budget;
  };
};

/**
 * The bytes as they come, collecting as `budgetReclaimer` does: a GEDCOM import maps each record into
 * short-lived objects (a 40 MB file makes several hundred MB of them), which V8 would otherwise let
 * pile up to hundreds of MB before it collects.
 */
export async function* reclaiming(bytes: AsyncIterable<Uint8Array>, every = RECLAIM_BYTES, budget = GEDCOM_RSS_BUDGET): AsyncGenerator<Uint8Array> {
  const reclaim = budgetReclaimer(every, budget);
  for await (const chunk of bytes) {
    yield chunk;
    reclaim(chunk.byteLength);
  }
}
