import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { birthFacts, type LifeEvent } from '../people/model.js';
import type { ExistingPerson } from './duplicates.js';

/** The tree's live persons with their names and first birth-fact year, in two queries. */
export const existingPersons = async (stores: Pick<Stores, 'names' | 'events'>, treeId: Id): Promise<ExistingPerson[]> => {
  const names = await stores.names.listByTree(treeId);
  // Only the birth facts of the persons with a name (a person without one matches nothing): a tenth of
  // the tree's events, not all of them.
  const events = await stores.events.ownOfTypes([...new Set(names.map((n) => n.personId))], birthFacts);
  const births = new Map<Id, LifeEvent>();
  for (const e of events) {
    if (e.personId === null || !birthFacts.includes(e.type) || e.date?.year === undefined) continue;
    const seen = births.get(e.personId);
    if (seen === undefined || birthFacts.indexOf(e.type) < birthFacts.indexOf(seen.type)) births.set(e.personId, e);
  }
  const byPerson = new Map<Id, { given: string; surname: string }[]>();
  for (const n of names) {
    const list = byPerson.get(n.personId);
    const entry = { given: n.givenName, surname: n.surname };
    if (list === undefined) byPerson.set(n.personId, [entry]);
    else list.push(entry);
  }
  return [...byPerson].map(([id, ns]) => ({ id, names: ns, birthYear: births.get(id)?.date?.year ?? null }));
};
