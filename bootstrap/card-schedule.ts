import type { Logger } from 'pino';
import type { Storage } from '../core/stores.js';
import { fillPersonCards } from '../core/people/commands/fill-person-cards.js';

/** How long a pass that found nothing to do waits before the next (a card removed meanwhile is written live until then). */
export const CARD_PASS_MS = 5 * 60 * 1000;
/** After a pass that left a tree a change was writing to: soon again. */
const CARD_AGAIN_MS = 5_000;

/**
 * Keeps person cards (core/people/commands/fill-person-cards.ts) from a second after start: a pass,
 * then the next one in 5 minutes, or 5 seconds when the last left a busy tree. Between
 * steps it waits as long as the step took, so it never takes more than about half of what one
 * connection and one core can do. Several instances take turns through the pass's lock.
 */
export const scheduleCards = (deps: { readonly storage: Storage }, logger: Logger, passMs = CARD_PASS_MS) => {
  const fill = fillPersonCards(deps);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.min(ms, 1000)).unref());
  const next = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass();
    }, ms);
    timer.unref();
  };
  const pass = async (): Promise<void> => {
    const started = Date.now();
    try {
      const r = await fill({ pause, stopped: () => stopped });
      if (r !== null && r.filled > 0) logger.info({ cards: r.filled, trees: r.trees, busy_trees: r.busy, ms: Date.now() - started }, 'person cards kept');
      next(r !== null && r.busy > 0 ? CARD_AGAIN_MS : passMs);
    } catch (err) {
      if (!stopped) logger.error({ err }, 'keeping person cards failed');
      next(passMs);
    }
  };
  next(1000);
  return {
    stop: async (): Promise<void> => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
};
