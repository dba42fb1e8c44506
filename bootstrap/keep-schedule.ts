import type { Logger } from 'pino';
import type { Id } from '../core/kernel/ids.js';

/** One pass of keeping something per tree: null when another instance holds the pass; `left` trees to try again soon (busy or changed). */
export type KeepingPass = (o: { readonly pause: (stepMs: number) => Promise<void>; readonly stopped: () => boolean; readonly trees?: readonly Id[] }) => Promise<{ readonly done: number; readonly trees: number; readonly left: number } | null>;

export type KeepingTimes = {
  /** How long a pass waits for the next when it left nothing for later. */
  readonly passMs: number;
  /** How long, when it left trees for later (a change was writing to them). */
  readonly againMs: number;
  /** How often the trees reads asked for are looked at. */
  readonly wantedMs: number;
  /** How often at most one tree asked for is gone through (reads go on asking while its pass runs). */
  readonly wantedEveryMs: number;
  /** When the first pass runs after start. */
  readonly firstMs: number;
  /** While this says so (the service is answering requests), a pass waits 9 times as long as each step took (up to 3 s), not as long. */
  readonly serving?: () => boolean;
};

/**
 * Runs a keeping pass (person cards, person pages) from `firstMs` after start, then every `passMs`
 * (or `againMs` when the last left a tree for later). Between them, every `wantedMs`, a pass over the
 * trees that reads asked for (`wanted`), each at most every `wantedEveryMs`. Between steps a pass
 * waits as long as the step took, so it never takes more than about half of what one connection and
 * one core can do (with `serving`, a tenth while the service answers requests). One pass runs at a time; several instances take turns through the pass's lock.
 */
export const scheduleKeeping = (what: string, fill: KeepingPass, wanted: () => readonly Id[], logger: Logger, times: KeepingTimes) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const filledAt = new Map<Id, number>();
  const pause = (ms: number): Promise<void> => {
    const wait = times.serving?.() === true ? Math.min(ms * 9, 3000) : Math.min(ms, 1000);
    return new Promise((r) => setTimeout(r, wait).unref());
  };
  const run = (trees?: readonly Id[]) => {
    const started = Date.now();
    const work = fill({ pause, stopped: () => stopped, ...(trees === undefined ? {} : { trees }) }).then((r) => {
      if (r !== null && r.done > 0) logger.info({ [what]: r.done, trees: r.trees, busy_trees: r.left, ms: Date.now() - started, ...(trees === undefined ? {} : { wanted: true }) }, `${what.replaceAll('_', ' ')} kept`);
      return r;
    });
    running = work.then(
      () => undefined,
      () => undefined,
    ).finally(() => {
      running = null;
    });
    return work;
  };
  const next = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => void pass(), ms);
    timer.unref();
  };
  const pass = async (): Promise<void> => {
    if (running !== null) await running;
    try {
      const r = await run();
      next(r !== null && r.left > 0 ? times.againMs : times.passMs);
    } catch (err) {
      if (!stopped) logger.error({ err }, `keeping ${what.replaceAll('_', ' ')} failed`);
      next(times.passMs);
    }
  };
  const asked = setInterval(() => {
    if (stopped || running !== null) return;
    const now = Date.now();
    const trees = wanted().filter((t) => now - (filledAt.get(t) ?? -Infinity) >= times.wantedEveryMs);
    if (trees.length === 0) return;
    if (filledAt.size >= 10_000) filledAt.clear();
    for (const t of trees) filledAt.set(t, now);
    run(trees).then(
      // A tree a change was writing to (an import not yet committed) is tried again at its next ask.
      (r) => {
        if (r !== null && r.left > 0) for (const t of trees) filledAt.delete(t);
      },
      (err: unknown) => {
        if (!stopped) logger.error({ err }, `keeping ${what.replaceAll('_', ' ')} failed`);
      },
    );
  }, times.wantedMs);
  asked.unref();
  next(times.firstMs);
  return {
    stop: async (): Promise<void> => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      clearInterval(asked);
      await running;
    },
  };
};
