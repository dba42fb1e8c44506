import type { Id } from '../shared/ids.js';
import type { Stores } from '../shared/ports.js';
import type { LifeEvent, Name, Relationship } from '../people/model.js';
import { personVisibility } from './person-visibility.js';
import { recordFilter, type RecordFilter } from './record-filter.js';

const byId = <T extends { readonly id: Id }>(rows: readonly T[]): ReadonlyMap<Id, T> => new Map(rows.map((r) => [r.id, r]));

/**
 * The record filter for a reader over a whole tree, loaded in a constant number of queries (persons,
 * events, and the names or relationships that citations and partnership events lead to). Members
 * load nothing: they see everything in their tree.
 */
export const treeRecordFilter = async (
  stores: Pick<Stores, 'persons' | 'events' | 'names' | 'relationships'>,
  treeId: Id,
  member: boolean,
  now: Date,
  need: { readonly names?: boolean; readonly citations?: boolean } = {},
  preloaded: { readonly events?: readonly LifeEvent[]; readonly relationships?: readonly Relationship[] } = {},
): Promise<RecordFilter> => {
  if (member) return recordFilter(true, { of: () => 'full' }, { partnership: () => undefined });
  const events = preloaded.events ?? (await stores.events.listByTree(treeId, {}));
  const visibility = await personVisibility(stores, treeId, false, now, { kind: 'tree' }, { events });
  const relationships = byId(preloaded.relationships ?? (await stores.relationships.listByTree(treeId, {})));
  const names: ReadonlyMap<Id, Name> = need.names || need.citations ? byId(await stores.names.listByTree(treeId)) : new Map();
  const eventsById = byId(events);
  return recordFilter(false, visibility, {
    partnership: (id) => relationships.get(id),
    name: (id) => names.get(id),
    event: (id) => eventsById.get(id),
    relationship: (id) => relationships.get(id),
  });
};
