import type { Id } from '../shared/ids.js';
import type { Stores } from '../shared/ports.js';
import { treeRecordFilter } from '../privacy/tree-context.js';
import type { Media } from './model.js';

/**
 * Which media of a tree a reader may see, loaded in a constant number of queries. Members see all;
 * a non-member goes through the privacy engine's media rule (core/privacy/record-filter.ts).
 */
export const mediaVisibility = async (
  stores: Pick<Stores, 'persons' | 'events' | 'names' | 'relationships' | 'sources' | 'citations'>,
  treeId: Id,
  member: boolean,
  now: Date,
): Promise<(m: Media) => boolean> => {
  if (member) return () => true;
  const filter = await treeRecordFilter(stores, treeId, false, now, { citations: true });
  const citations = await stores.citations.listByTree(treeId, {});
  const sources = new Map((await stores.sources.listByTree(treeId, {})).map((s) => [s.id, s]));
  const sourceVisible = (id: Id): boolean => {
    const s = sources.get(id);
    return s !== undefined && filter.source(s, citations);
  };
  return (m) => m.deletedAt === null && filter.media(m, sourceVisible);
};
