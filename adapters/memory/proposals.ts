import type { ProposalRepository } from '../../core/proposals/ports.js';
import type { Proposal } from '../../core/proposals/model.js';
import type { MemoryState } from './state.js';

const write = (s: MemoryState, p: Proposal): void => {
  const current = s.proposals.get(p.id);
  if (current === undefined) return;
  s.proposals.set(p.id, {
    ...current, status: p.status, operations: p.operations, reviewerId: p.reviewerId, applyError: p.applyError,
    appliedCount: p.appliedCount, refs: p.refs, decidedAt: p.decidedAt,
  });
};

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
    write(s, p);
  },
  advance: async (p, appliedCount) => {
    const current = s.proposals.get(p.id);
    if (current === undefined || current.status !== 'pending' || current.appliedCount !== appliedCount) return false;
    write(s, p);
    return true;
  },
  remove: async (id) => s.proposals.delete(id),
});
