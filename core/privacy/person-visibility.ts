import type { Id } from '../shared/ids.js';
import type { Stores } from '../shared/ports.js';
import type { LifeEvent, Person } from '../people/model.js';
import { lifeFactsOf, visibilityMap, type VisibilityMap } from './engine.js';

const everyoneFull: VisibilityMap = { of: (id) => (id === null ? 'hidden' : 'full') };

/**
 * The visibility of persons for one reader, batch-evaluated: for a member nothing is loaded (they see
 * everything); otherwise the persons and their events are loaded in two queries, whatever their
 * number, unless the caller already has them (`preloaded`).
 */
export const personVisibility = async (
  stores: Pick<Stores, 'persons' | 'events'>,
  treeId: Id,
  member: boolean,
  now: Date,
  scope: { readonly kind: 'tree' } | { readonly kind: 'persons'; readonly ids: readonly Id[] },
  preloaded: { readonly persons?: readonly Person[]; readonly events?: readonly LifeEvent[] } = {},
): Promise<VisibilityMap> => {
  if (member) return everyoneFull;
  const ids = scope.kind === 'persons' ? [...new Set(scope.ids)] : [];
  if (scope.kind === 'persons' && ids.length === 0) return visibilityMap({ member }, new Map(), now);
  const persons = preloaded.persons ?? (scope.kind === 'tree' ? await stores.persons.listByTree(treeId, {}) : await stores.persons.byIds(treeId, ids));
  const events = preloaded.events ?? (scope.kind === 'tree' ? await stores.events.listByTree(treeId, {}) : await stores.events.listByPersons(ids));
  return visibilityMap({ member }, lifeFactsOf(persons, events), now);
};
