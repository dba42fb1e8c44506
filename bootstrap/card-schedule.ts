import type { Logger } from 'pino';
import type { Storage } from '../core/stores.js';
import { fillPersonCards } from '../core/people/commands/fill-person-cards.js';
import { scheduleKeeping } from './keep-schedule.js';

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
 * since), each at most every 30 seconds (keep-schedule.ts).
 */
export const scheduleCards = (deps: { readonly storage: Storage }, logger: Logger, passMs = CARD_PASS_MS, wantedMs = CARD_WANTED_MS, firstMs = 1000) => {
  const fill = fillPersonCards(deps);
  return scheduleKeeping(
    'person_cards',
    async (o) => {
      const r = await fill(o);
      return r === null ? null : { done: r.filled, trees: r.trees, left: r.busy };
    },
    () => deps.storage.personCards.wanted(),
    logger,
    { passMs, againMs: CARD_AGAIN_MS, wantedMs, wantedEveryMs: CARD_WANTED_EVERY_MS, firstMs },
  );
};
