import type { CleanupReads } from '../../core/cleanup/ports.js';
import type { Name } from '../../core/people/model.js';
import type { MemoryState } from './state.js';

export const memoryCleanupReads = (s: MemoryState): CleanupReads => {
  const livePerson = (treeId: string, id: string | null): boolean => {
    const p = id === null ? undefined : s.persons.get(id);
    return p !== undefined && p.deletedAt === null && p.treeId === treeId;
  };
  const liveNames = (treeId: string): Name[] => [...s.names.values()].filter((n) => n.deletedAt === null && livePerson(treeId, n.personId));
  return {
    persons: async (treeId) => {
      const primary = new Map<string, Name>();
      for (const n of liveNames(treeId).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || (a.id < b.id ? -1 : 1))) {
        if (!primary.has(n.personId)) primary.set(n.personId, n);
      }
      return [...s.persons.values()]
        .filter((p) => p.deletedAt === null && p.treeId === treeId)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => {
          const n = primary.get(p.id);
          return { id: p.id, sex: p.sex, isLiving: p.isLiving, privacy: p.privacy, name: n === undefined ? null : { id: n.id, givenName: n.givenName, surname: n.surname } };
        });
    },
    facts: async (treeId, types) =>
      [...s.events.values()]
        .filter((e) => e.deletedAt === null && e.treeId === treeId && types.includes(e.type) && livePerson(treeId, e.personId))
        .map((e) => ({ personId: e.personId!, type: e.type, date: e.date })),
    names: async (treeId) =>
      liveNames(treeId)
        .sort((a, b) => (a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : Number(b.isPrimary) - Number(a.isPrimary) || (a.id < b.id ? -1 : 1)))
        .map((n) => ({ personId: n.personId, sex: s.persons.get(n.personId)!.sex, givenName: n.givenName, surname: n.surname })),
    edges: async (treeId, type) =>
      [...s.relationships.values()]
        .filter((r) => r.deletedAt === null && r.treeId === treeId && r.type === type && livePerson(treeId, r.personAId) && livePerson(treeId, r.personBId))
        .map((r) => ({ a: r.personAId, b: r.personBId })),
  };
};
