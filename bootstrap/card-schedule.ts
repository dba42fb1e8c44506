import type { Logger } from 'pino';
import type { Id } from '../core/kernel/ids.js';
import type { Storage } from '../core/stores.js';
import { fillPersonCards, type CardPass } from '../core/people/commands/fill-person-cards.js';

/** How long a pass that found nothing to do waits before the next (a card removed meanwhile is written live until then). */
export const CARD_PASS_MS = 5 * 60 * 1000;
/** After a pass that left a tree a change was writing to: soon again. */
const CARD_AGAIN_MS = 5_000;
/** How often the trees that reads asked for (PersonCardStore.wanted) are looked at. */
export const CARD_WANTED_MS = 2_000;
/** A tree asked for is filled at most this often (reads go on asking while its pass runs). */
const CARD_WANTED_EVERY_MS = 30_000;

/**
 * Keeps person cards (core/people/commands/fill-person-cards.ts) from a second after start: a pass,
 * then the next one in 5 minutes, or 5 seconds when the last left a busy tree. Between them, every 2
 * seconds, a pass over the trees whose reads met persons without a card (a tree imported or edited
 * since), each at most every 30 seconds. Between steps it waits as long as the step took, so it never
 * takes more than about half of what one connection and one core can do. One pass runs at a time;
 * several instances take turns through the pass's lock.
 */
export const scheduleCards = (deps: { readonly storage: Storage }, logger: Logger, passMs = CARD_PASS_MS, wantedMs = CARD_WANTED_MS, firstMs = 1000) => {
  const fill = fillPersonCards(deps);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const filledAt = new Map<Id, number>();
  const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.min(ms, 1000)).unref());
  const run = (trees?: readonly Id[]): Promise<CardPass | null> => {
    const started = Date.now();
    const work = fill({ pause, stopped: () => stopped, ...(trees === undefined ? {} : { trees }) }).then((r) => {
      if (r !== null && r.filled > 0) logger.info({ cards: r.filled, trees: r.trees, busy_trees: r.busy, ms: Date.now() - started, ...(trees === undefined ? {} : { wanted: true }) }, 'person cards kept');
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
      next(r !== null && r.busy > 0 ? CARD_AGAIN_MS : passMs);
    } catch (err) {
      if (!stopped) logger.error({ err }, 'keeping person cards failed');
      next(passMs);
    }
  };
  const wanted = setInterval(() => {
    if (stopped || running !== null) return;
    const now = Date.now();
    const trees = deps.storage.personCards.wanted().filter((t) => now - (filledAt.get(t) ?? -Infinity) >= CARD_WANTED_EVERY_MS);
    if (trees.length === 0) return;
    if (filledAt.size >= 10_000) filledAt.clear();
    for (const t of trees) filledAt.set(t, now);
    run(trees).then(
      // A tree a change was writing to (an import not yet committed) is tried again at its next ask.
      (r) => {
        if (r !== null && r.busy > 0) for (const t of trees) filledAt.delete(t);
      },
      (err: unknown) => {
        if (!stopped) logger.error({ err }, 'keeping person cards failed');
      },
    );
  }, wantedMs);
  wanted.unref();
  next(firstMs);
  return {
    stop: async (): Promise<void> => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      clearInterval(wanted);
      await running;
    },
  };
};
