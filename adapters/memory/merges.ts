import type { MergeStore } from '../../core/merge/ports.js';
import type { MemoryState } from './state.js';

const byId = <R extends { readonly id: string }>(a: R, b: R): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const memoryMerges = (s: MemoryState): MergeStore => ({
  insert: async (m) => {
    s.merges.set(m.id, m);
  },
  byId: async (id) => s.merges.get(id) ?? null,
  citationsTargeting: async (treeId, targets) => {
    const asked = new Set(targets.map((t) => `${t.kind}:${t.id}`));
    return [...s.citations.values()].filter((c) => c.treeId === treeId && c.deletedAt === null && asked.has(`${c.target.kind}:${c.target.id}`)).sort(byId);
  },
  mediaTargeting: async (treeId, targets) => {
    const asked = new Set(targets.map((t) => `${t.kind}:${t.id}`));
    return [...s.media.values()].filter((m) => m.treeId === treeId && m.deletedAt === null && m.target !== null && asked.has(`${m.target.kind}:${m.target.id}`)).sort(byId);
  },
  // One unit of work at a time runs on the memory store: nothing to lock.
  lockPersons: async () => undefined,
  moveNames: async (names) => {
    for (const m of names) {
      const n = s.names.get(m.id);
      if (n !== undefined) s.names.set(n.id, { ...n, personId: m.personId, isPrimary: m.isPrimary });
    }
  },
  movePointers: async (from, to) => {
    for (const u of s.users.values()) if (u.selfPersonId === from) s.users.set(u.id, { ...u, selfPersonId: to });
    for (const t of s.trees.values()) if (t.homePersonId === from) s.trees.set(t.id, { ...t, homePersonId: to });
  },
  keptLines: async (ids) => {
    const out = new Map<string, string>();
    for (const id of ids) {
      const extra = s.persons.get(id)?.gedcomExtra;
      if (extra !== undefined && extra !== null) out.set(id, extra);
    }
    return out;
  },
  setKeptLines: async (personId, text) => {
    const p = s.persons.get(personId);
    if (p === undefined) return;
    const { gedcomExtra: _was, ...row } = p;
    s.persons.set(personId, text === null ? row : { ...row, gedcomExtra: text });
  },
});
