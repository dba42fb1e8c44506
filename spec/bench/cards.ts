import type pg from 'pg';
import { log } from './harness.js';

/**
 * Waits until the service has kept a card for every live person (bootstrap/card-schedule.ts: it
 * starts a second after the service), so the loads measure reads with cards, and answers how long
 * that took from the call (ms). Before that, reads are written live and cost what they cost without
 * cards. Gives up after `withinMs`, answering null.
 */
export const cardsKept = async (db: pg.Client, withinMs = 20 * 60_000): Promise<number | null> => {
  const started = Date.now();
  log('waiting for the service to keep every person\'s card');
  for (;;) {
    const { rows } = await db.query<{ cards: number; live: number }>(
      'select (select count(*)::int from person_cards) as cards, (select count(*)::int from persons where deleted_at is null) as live',
    );
    if (rows[0]!.cards >= rows[0]!.live) break;
    if (Date.now() - started > withinMs) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
  const kept = Date.now() - started;
  // Settled as a live database would be by then: writing the cards dirtied a few hundred MB of pages,
  // and the checkpoint that flushes them would otherwise land in the first measured load.
  await db.query('vacuum analyze person_cards');
  await db.query('checkpoint');
  return kept;
};
