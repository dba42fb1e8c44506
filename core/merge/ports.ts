import type { Id } from '../shared/ids.js';
import type { PersonMerge } from './model.js';

// Skeleton: the merge helper completes this port.
export type MergeStore = {
  readonly insert: (merge: PersonMerge) => Promise<void>;
  /** The merge whose deletion id is `id`, or null. */
  readonly byId: (id: Id) => Promise<PersonMerge | null>;
};
