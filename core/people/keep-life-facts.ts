import type { Id } from '../kernel/ids.js';
import type { Stores, UnitOfWork } from '../stores.js';
import { ok } from '../kernel/either.js';
import { keptFactsOf } from '../privacy/engine.js';
import type { LifeEvent, Person } from './model.js';

const CHUNK = 1000;

const groupByPerson = (events: readonly LifeEvent[]): Map<Id, LifeEvent[]> => {
  const out = new Map<Id, LifeEvent[]>();
  for (const e of events) {
    if (e.personId === null) continue;
    const own = out.get(e.personId);
    if (own === undefined) out.set(e.personId, [e]);
    else own.push(e);
  }
  return out;
};

/**
 * Recomputes the kept facts (Person.birthYear, hasDeathFact) of these persons from their live events,
 * in the caller's transaction: every command that writes a person's events calls it, so a read can
 * decide the person's visibility from their row alone.
 */
export const keepLifeFacts = async (tx: Pick<Stores, 'events' | 'persons'>, personIds: readonly (Id | null)[]): Promise<void> => {
  const ids = [...new Set(personIds.filter((id): id is Id => id !== null))];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const byPerson = groupByPerson(await tx.events.listByPersons(chunk));
    await tx.persons.keepLifeFacts(chunk.map((id) => ({ id, ...keptFactsOf(byPerson.get(id) ?? []) })));
  }
};

/** New persons with the facts their new events give (a bulk write, where every event of theirs is in hand). */
export const withKeptFacts = (persons: readonly Person[], events: readonly LifeEvent[]): Person[] => {
  const byPerson = groupByPerson(events);
  return persons.map((p) => ({ ...p, ...keptFactsOf(byPerson.get(p.id) ?? []) }));
};

/**
 * Keeps the facts of every person written before they were kept (rows the read_path migration found),
 * a chunk per transaction; returns how many. Run at start, before the service answers.
 */
export const backfillLifeFacts = async (storage: Pick<Stores, 'persons'> & { readonly uow: UnitOfWork<'events' | 'persons'> }): Promise<number> => {
  let done = 0;
  for (;;) {
    const ids = await storage.persons.withoutKeptFacts(CHUNK);
    if (ids.length === 0) return done;
    await storage.uow.run(async (tx) => ok(await keepLifeFacts(tx, ids)));
    done += ids.length;
  }
};
