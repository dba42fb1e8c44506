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

/** Past this resident set a GEDCOM import collects at once, not only every `every` bytes (the budget is 512 MB). */
export const IMPORT_RSS_BUDGET = 400 * 1024 * 1024;

/**
 * The bytes as they come, with a full collection every `every` bytes and whenever the process's
 * resident set passes `budget`: a GEDCOM import maps each record into short-lived objects (a 40 MB
 * file makes several hundred MB of them), which V8 would otherwise let pile up to hundreds of MB
 * before it collects. When a collection leaves the resident set above the budget (that much is
 * live), the budget moves up by 64 MB, so it never collects on every chunk.
 */
export async function* reclaiming(bytes: AsyncIterable<Uint8Array>, every = RECLAIM_BYTES, budget = IMPORT_RSS_BUDGET): AsyncGenerator<Uint8Array> {
  const reclaim = reclaimer(every);
  let limit = budget;
  for await (const chunk of bytes) {
    yield chunk;
    if (collect !== null && process.memoryUsage.rss() > limit) {
      collect();
      const after = process.memoryUsage.rss();
      limit = after > limit ? after + 64 * 1024 * 1024 : budget;
    } else reclaim(chunk.byteLength);
  }
}
