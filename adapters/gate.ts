// Gates: at most so many holders at once, the others waiting their turn, first come first served.
// The spool's producers (http/spool.ts), the long writes and the tree-wide analyses
// (bootstrap/compose.ts) and the name search's statements (postgres/person-list-json.ts) each hold one.

/**
 * What a gate's `enter` throws when the request it waited for went away before its turn (its
 * `signal` aborted): it leaves the queue, nothing of its work runs, and the next in line moves up.
 */
export class LeftTheQueue extends Error {
  constructor() {
    super('the client went away before its turn');
    this.name = 'LeftTheQueue';
  }
}

/**
 * What a gate's `enter` throws for a caller who already holds or waits for `perCaller` of its slots:
 * nothing of the work runs (app.ts answers 429 with `code` and `detail`).
 */
export class TooManyAtOnce extends Error {
  constructor(readonly code: string, readonly detail: string) {
    super(detail);
    this.name = 'TooManyAtOnce';
  }
}

/**
 * At most `slots` holders at once; the others wait their turn, first come first served. With
 * `perCaller`: a caller (named at `enter`) holds or waits for at most `limit` slots at once, so one
 * account cannot fill the line ahead of every other; past it, `enter` throws TooManyAtOnce.
 */
export type Gate = {
  readonly enter: (signal?: AbortSignal, caller?: string) => Promise<() => void>;
  /** How many wait for a slot now. */
  readonly waiting: () => number;
  /** How many hold a slot now. */
  readonly held: () => number;
  /** How many may hold one at once. */
  readonly slots: number;
};
export const gate = (slots: number, perCaller?: { readonly limit: number; readonly code: string; readonly detail: string }): Gate => {
  const mine = new Map<string, number>();
  const counted = (caller: string | undefined, by: number): void => {
    if (caller === undefined || perCaller === undefined) return;
    const n = (mine.get(caller) ?? 0) + by;
    if (n <= 0) mine.delete(caller);
    else mine.set(caller, n);
  };
  let free = slots;
  const waiting: (() => void)[] = [];
  const leave = (): void => {
    const next = waiting.shift();
    if (next !== undefined) next();
    else free += 1;
  };
  return {
    waiting: () => waiting.length,
    held: () => slots - free,
    slots,
    enter: async (signal, caller) => {
      if (signal?.aborted === true) throw new LeftTheQueue();
      if (caller !== undefined && perCaller !== undefined && (mine.get(caller) ?? 0) >= perCaller.limit) throw new TooManyAtOnce(perCaller.code, perCaller.detail);
      counted(caller, 1);
      if (free > 0) free -= 1;
      else
        await new Promise<void>((resolve, reject) => {
          const gone = (): void => {
            const at = waiting.indexOf(wake);
            if (at >= 0) waiting.splice(at, 1);
            counted(caller, -1);
            reject(new LeftTheQueue());
          };
          // Handed the slot: from here the work is the holder's, whatever its client does.
          const wake = (): void => {
            signal?.removeEventListener('abort', gone);
            resolve();
          };
          waiting.push(wake);
          signal?.addEventListener('abort', gone, { once: true });
        });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        counted(caller, -1);
        leave();
      };
    },
  };
};

/**
 * `work` once `gate` (when there is one) has a slot for it; the slot is free again when it ends,
 * whichever way. With `signal` (the request's `clientGone()`): a client that goes away while it
 * waits leaves the queue (LeftTheQueue), and its work never runs.
 */
export const inTurn = async <A>(gate: Gate | undefined, work: () => Promise<A>, signal?: AbortSignal, caller?: string): Promise<A> => {
  const leave = await gate?.enter(signal, caller);
  try {
    return await work();
  } finally {
    leave?.();
  }
};
