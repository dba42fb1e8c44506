// Waiting in specs of things that take turns (long writes, tree-wide analyses: spool.ts gates).

/** Whether `p` is still pending after `ms` (it has not answered). */
export const pendingAfter = async (p: Promise<unknown>, ms: number): Promise<boolean> => {
  const tick = Symbol('pending');
  return (await Promise.race([p.then(() => null, () => null), new Promise((r) => setTimeout(() => r(tick), ms))])) === tick;
};

/** Waits (up to 5 s) for `done` to hold, checking every 10 ms. */
export const until = async (done: () => boolean, what: string): Promise<void> => {
  const by = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > by) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
