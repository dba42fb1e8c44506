import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, when the runtime lets us ask for one. Restoring a large backup makes
 * garbage far faster than V8's heuristics reclaim it (the heap grew by 150 MB and more before a full
 * collection on the 100,000-person bench while less than 60 MB was live), so the reader asks for a
 * collection after every RECLAIM_BYTES it reads: about one per 32 MB, some 50 ms each.
 */
export const collect: (() => void) | null = (() => {
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
 * Garbage the old generation may gather past what the last collection left live before a GEDCOM
 * import or export collects. V8 lets the old generation grow to several times what is live before it
 * marks on its own: a 1,000,000-person import, about 185 MB live, grew its heap to 400-610 MB between
 * collections (the rows of each batch outlive the young generation while they are written), and its
 * resident set to 730-860 MB, against a budget of 512.
 */
export const HEAP_HEADROOM = 64 * 1024 * 1024;

/**
 * Bytes between two looks at the memory: `process.memoryUsage()` reads the resident set from the
 * system and sums the heap's spaces, and was about 1% of the service's CPU in a 100,000-person import
 * when it was called for every 64 KiB read (both passes). Not more: past the budget, the families at
 * the end of a 1,000,000-person import make garbage fast, and with a look once per MiB the one run
 * measured on Node 24 peaked at 480 MB (466 MB with 256 KiB, 462-469 MB with 64 KiB; one run each).
 */
export const CHECK_BYTES = 256 * 1024;

/**
 * Like `reclaimer`, and also collects whenever the process's resident set passes `budget`, or the
 * heap has grown by `headroom` past what the last collection left (at first: the heap it began with). The
 * resident set alone was not enough: pages a collection frees go back to the system some time later,
 * so after a collection it stays high. When a collection leaves the resident set above the budget,
 * the limit moves to 64 MB above what it left, so it never collects on every call; it comes back down
 * to the budget once a collection gets under it. The memory is looked at once per CHECK_BYTES (and at
 * the first call, and at a call of 0 bytes). `run` is the collection (a spec's counter in its place).
 */
export const budgetReclaimer = (every = RECLAIM_BYTES, budget = GEDCOM_RSS_BUDGET, headroom = HEAP_HEADROOM, run: (() => void) | null = collect) => {
  let since = 0;
  let unchecked = CHECK_BYTES;
  let limit = budget;
  let heapLimit = process.memoryUsage().heapUsed + headroom;
  return (bytes: number): void => {
    if (run === null) return;
    since += bytes;
    unchecked += bytes;
    // The memory is looked at on the first call, on a call of no bytes (an ask), and once per CHECK_BYTES.
    if (since < every && bytes > 0 && unchecked < CHECK_BYTES) return;
    unchecked = 0;
    const before = process.memoryUsage();
    if (since < every && before.rss <= limit && before.heapUsed <= heapLimit) return;
    since = 0;
    run();
    const after = process.memoryUsage();
    // Measured against the budget, not the limit of before: a collection that left the resident set
    // between the two put the limit back to the budget, under the resident set, and so the next call
    // collected again (every other 64 KiB read at the end of a 1,000,000-person import).
    limit = after.rss > budget ? after.rss + 64 * 1024 * 1024 : budget;
    heapLimit = after.heapUsed + headroom;
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
