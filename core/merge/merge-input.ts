import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { Person } from '../people/model.js';
import type { MergeInput } from './plan.js';

/**
 * Reads what planMerge needs, in a fixed number of statements (names, events, edges, citations,
 * media): a merge costs what the two persons hold, never what the tree holds.
 */
export const loadMergeInput = async (
  tx: Pick<Stores, 'names' | 'events' | 'relationships' | 'merges'>,
  kept: Person,
  other: Person,
): Promise<MergeInput> => {
  const ids = [kept.id, other.id];
  const [names, events, edges] = [await tx.names.listByPersons(ids), await tx.events.listByPersons(ids), await tx.relationships.listByPersons(ids)];
  const relationships = edges.filter((r) => r.treeId === kept.treeId);
  const otherEdges = new Set(relationships.filter((r) => r.personAId === other.id || r.personBId === other.id).map((r) => r.id));
  const otherEvents: Id[] = events.filter((e) => e.personId === other.id || (e.partnershipId !== null && otherEdges.has(e.partnershipId))).map((e) => e.id);
  const citations = await tx.merges.citationsTargeting(kept.treeId, [
    { kind: 'person', id: other.id },
    ...names.filter((n) => n.personId === other.id).map((n) => ({ kind: 'name' as const, id: n.id })),
    ...otherEvents.map((id) => ({ kind: 'event' as const, id })),
    ...[...otherEdges].map((id) => ({ kind: 'relationship' as const, id })),
  ]);
  const media = await tx.merges.mediaTargeting(kept.treeId, [{ kind: 'person', id: other.id }, ...otherEvents.map((id) => ({ kind: 'event' as const, id }))]);
  return { kept, other, names, events, relationships, citations, media };
};
