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

/**
 * A long computation over a whole tree (the duplicate finder's) written once as a generator that
 * yields between pieces of its work: `runSteps` runs it through at once (a handful of persons),
 * `runInTurns` gives the event loop a turn whenever one is due (a tree: 100,000 persons took 3.2 s
 * to prepare and compare, and held every other request that long).
 */
export type Steps<T> = Generator<void, T, void>;

/** How many items (persons, pairs) a step covers before it yields: microseconds of work each, so a yield costs nothing beside them. */
export const STEP_ITEMS = 128;

/** Whether a step is due: true once every STEP_ITEMS calls (`if (due()) yield;` in a loop of a generator). */
export const stepper = (): (() => boolean) => {
  let n = 0;
  return () => (++n & (STEP_ITEMS - 1)) === 0;
};

export const runSteps = <T>(steps: Steps<T>): T => {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
};

export const runInTurns = async <T>(steps: Steps<T>, turn = eventLoopTurns()): Promise<T> => {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
    const due = turn();
    if (due !== undefined) await due;
  }
};

/**
 * Runs `work` when its turn comes: a host lets only a few tree-wide analyses run at once (each holds a
 * whole tree in memory and a core for seconds), the others wait, first come first served.
 */
export type InTurn = <A>(work: () => Promise<A>) => Promise<A>;

/** No waiting: `work` runs at once (a host without a limit, the specs of the core). */
export const atOnce: InTurn = (work) => work();
