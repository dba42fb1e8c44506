import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { Person } from '../people/model.js';
import { visibilityOf, type LifeFacts, type VisibilityMap } from './engine.js';

const everyoneFull: VisibilityMap = { of: (id) => (id === null ? 'hidden' : 'full') };

/**
 * The visibility of persons for one reader, decided per person from that person's own row (the
 * facts kept on it): for a member nothing is loaded (they see everything); otherwise the live
 * persons among `ids` are read in one query, unless the caller already has them (`preloaded`).
 * Persons not found (unknown, deleted, another tree) are hidden.
 */
export const personVisibility = async (
  stores: Pick<Stores, 'persons'>,
  treeId: Id,
  member: boolean,
  now: Date,
  ids: readonly Id[],
  preloaded?: readonly Person[],
): Promise<VisibilityMap> => {
  if (member) return everyoneFull;
  const wanted = [...new Set(ids)];
  const persons = preloaded ?? (wanted.length === 0 ? [] : await stores.persons.byIds(treeId, wanted));
  return visibilityOfRows(persons, now);
};

/** A non-member's visibility of these person rows (live ones; any other id is hidden). */
export const visibilityOfRows = (persons: readonly (Pick<Person, 'id' | 'deletedAt'> & LifeFacts)[], now: Date): VisibilityMap => {
  const rows = new Map(persons.filter((p) => p.deletedAt === null).map((p) => [p.id, p]));
  return {
    of: (id) => {
      const p = id === null ? undefined : rows.get(id);
      return p === undefined ? 'hidden' : visibilityOf({ member: false }, p, now);
    },
  };
};
