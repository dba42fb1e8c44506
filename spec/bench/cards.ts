import type pg from 'pg';
import { fullPerson } from '../../adapters/postgres/privacy-sql.js';
import { numbered } from '../../adapters/postgres/sql.js';
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

/**
 * Waits until the service has kept the page of every person of the tree a visitor reads in full
 * (bootstrap/page-schedule.ts: its first pass, 5 seconds after start, goes through every public tree),
 * so the page load reads them kept, and answers how long that took from the call (ms); null after `withinMs`.
 */
export const pagesKept = async (db: pg.Client, treeId: string, withinMs = 20 * 60_000): Promise<number | null> => {
  const started = Date.now();
  const full = fullPerson('p', new Date());
  const shown = Number((await db.query<{ n: number }>(numbered(`select count(*)::int as n from persons p where p.tree_id = ?::uuid and ${full.sql}`), [treeId, ...full.params])).rows[0]!.n);
  log(`waiting for the service to keep the pages of the ${shown} persons shown in full`);
  for (;;) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from person_pages where tree_id = $1', [treeId]);
    if (rows[0]!.n >= shown) break;
    if (Date.now() - started > withinMs) return null;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const kept = Date.now() - started;
  await db.query('vacuum analyze person_pages');
  await db.query('checkpoint');
  return kept;
};
