import type { Id } from '../kernel/ids.js';
import type { LifeEvent, Name, Person, Relationship } from '../people/model.js';
import type { FinderInput } from './finder.js';
import { dayOf, duplicateFactTypes, type DuplicateFact, type DuplicateSubject } from './ports.js';

// The finder's input made from the people slice's records, for a caller that read a handful of
// persons by id rather than the whole tree (the recommender): the same subjects, facts and edges
// the duplicates store reads tree-wide, so the same scorer weighs them.

const factTypes: ReadonlySet<string> = new Set(duplicateFactTypes);

export const finderInputOf = (read: {
  /** Persons whose sex is known to the caller; a person with names but no row here has none recorded. */
  readonly persons: readonly Pick<Person, 'id' | 'sex'>[];
  /** Live names of the persons to weigh and of their relatives (parents and partners, for their names). */
  readonly names: readonly Name[];
  readonly events: readonly LifeEvent[];
  /** Place id -> its text. */
  readonly places: ReadonlyMap<Id, string>;
  readonly relationships: readonly Relationship[];
}): Omit<FinderInput, 'dismissed'> => {
  const sex = new Map(read.persons.map((p) => [p.id, p.sex]));
  const byPerson = new Map<Id, Name[]>();
  for (const n of read.names) {
    const own = byPerson.get(n.personId);
    if (own === undefined) byPerson.set(n.personId, [n]);
    else own.push(n);
  }
  const subjects = [...byPerson]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, ns]): DuplicateSubject => ({
      id,
      sex: sex.get(id) ?? null,
      // The primary first, then by id, as the store's subjects are.
      names: [...ns].sort((x, y) => Number(y.isPrimary) - Number(x.isPrimary) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        .map((n) => ({ givenName: n.givenName, surname: n.surname, nameType: n.nameType })),
    }));
  const facts: DuplicateFact[] = [];
  for (const e of read.events) {
    if (e.personId === null || !factTypes.has(e.type)) continue;
    facts.push({
      personId: e.personId, type: e.type as DuplicateFact['type'], year: e.date?.year ?? null, day: dayOf(e.date),
      place: e.placeId === null ? null : (read.places.get(e.placeId) ?? null),
    });
  }
  const edges = (type: Relationship['type']) => read.relationships.filter((r) => r.type === type).map((r) => ({ a: r.personAId, b: r.personBId }));
  return { subjects, facts, parentEdges: edges('parent_child'), partnerEdges: edges('partnership') };
};
