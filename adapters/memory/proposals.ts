import type { ProposalRepository } from '../../core/proposals/ports.js';
import type { MemoryState } from './state.js';

export const memoryProposals = (s: MemoryState): ProposalRepository => ({
  byId: async (id) => s.proposals.get(id) ?? null,
  listByTree: async (treeId, options) => {
    const rows = [...s.proposals.values()]
      .filter((p) => p.treeId === treeId && (options.status === undefined || p.status === options.status) && (options.after === undefined || p.id < options.after))
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    return options.limit === undefined ? rows : rows.slice(0, options.limit);
  },
  insert: async (p) => {
    s.proposals.set(p.id, p);
  },
  update: async (p) => {
    const current = s.proposals.get(p.id);
    if (current === undefined) return;
    s.proposals.set(p.id, {
      ...current, status: p.status, operations: p.operations, reviewerId: p.reviewerId, applyError: p.applyError,
      appliedCount: p.appliedCount, refs: p.refs, decidedAt: p.decidedAt,
    });
  },
  remove: async (id) => s.proposals.delete(id),
});
