import type { MergeStore } from '../../core/merge/ports.js';
import type { MemoryState } from './state.js';

export const memoryMerges = (s: MemoryState): MergeStore => ({
  insert: async (m) => {
    s.merges.set(m.id, m);
  },
  byId: async (id) => s.merges.get(id) ?? null,
});
