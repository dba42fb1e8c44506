import type { AuditLog } from '../../core/kernel/audit.js';
import type { MemoryState } from './state.js';

export const memoryAudit = (s: MemoryState): AuditLog => ({
  record: async (entry) => {
    s.audit.set(entry.id, entry);
  },
  recordMany: async (entries) => {
    for (const e of entries) s.audit.set(e.id, e);
  },
  listForTree: async (treeId, page) => {
    const rows = [...s.audit.values()]
      .filter((a) => a.treeId === treeId && (page.after === undefined || a.id < page.after))
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    return page.limit === undefined ? rows : rows.slice(0, page.limit);
  },
});
