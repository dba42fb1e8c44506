/**
 * How long a loop over many records (a GEDCOM import's passes) may run before it gives the event loop
 * a turn. A record is mapped in some tens of microseconds and an async iteration over records read
 * from one 64 KiB slice never leaves the microtask queue, so without a turn the loop held the thread
 * for 10-15 ms at a time (about 160 persons): the import's own COPY stream to PostgreSQL got no turn
 * to send the next piece, start the next table's COPY or hear that one ended, and the database waited
 * for the service about a quarter of the time (pg_stat_activity: ClientRead). Measured on the
 * 100,000-person bench file, six runs each alternated: 16.8-21.3 s with a turn per slice, 15.1-17.1 s
 * with one every 2 ms (every 1 ms measured the same; every 256 records, some 14 ms, as slow as none).
 * Requests to the same instance wait for the thread no longer than this either.
 */
export const TURN_MS = 2;

/**
 * A function to call between records: it answers a promise of a turn of the event loop (setImmediate:
 * timers, I/O callbacks and stream writes run first) once `everyMs` have passed since the last turn,
 * else undefined, so a loop awaits only when a turn is due.
 */
export const eventLoopTurns = (everyMs = TURN_MS): (() => Promise<void> | undefined) => {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < everyMs) return undefined;
    return new Promise<void>((resolve) => setImmediate(() => {
      last = performance.now();
      resolve();
    }));
  };
};
