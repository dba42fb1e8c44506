import { dayOf, type DuplicateEdge, type DuplicateFact, type DuplicateStore, type DuplicateSubject } from '../../core/duplicates/ports.js';
import type { Name } from '../../core/people/model.js';
import type { MemoryState } from './state.js';

const FACT_TYPES: readonly string[] = ['birth', 'baptism', 'christening', 'death', 'burial', 'cremation'];

export const memoryDuplicates = (s: MemoryState): DuplicateStore => {
  const livePerson = (treeId: string, id: string | null) => {
    const p = id === null ? undefined : s.persons.get(id);
    return p !== undefined && p.deletedAt === null && p.treeId === treeId ? p : null;
  };
  return {
    subjects: async (treeId, filter) => {
      const among = filter !== undefined && 'ids' in filter ? new Set(filter.ids) : null;
      const byPerson = new Map<string, Name[]>();
      for (const n of s.names.values()) {
        if (n.treeId !== treeId || n.deletedAt !== null || livePerson(treeId, n.personId) === null) continue;
        if (among !== null && !among.has(n.personId)) continue;
        if (filter !== undefined && 'after' in filter && filter.after !== null && n.personId <= filter.after) continue;
        byPerson.set(n.personId, [...(byPerson.get(n.personId) ?? []), n]);
      }
      const out: DuplicateSubject[] = [];
      const ids = [...byPerson.keys()].sort();
      for (const id of filter !== undefined && 'limit' in filter ? ids.slice(0, filter.limit) : ids) {
        const names = byPerson.get(id)!.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        out.push({ id, sex: s.persons.get(id)!.sex, names: names.map((n) => ({ givenName: n.givenName, surname: n.surname, nameType: n.nameType })) });
      }
      return out;
    },
    facts: async (treeId, personIds) => {
      const among = personIds === undefined ? null : new Set(personIds);
      const out: DuplicateFact[] = [];
      for (const e of s.events.values()) {
        if (e.treeId !== treeId || e.deletedAt !== null || !FACT_TYPES.includes(e.type) || livePerson(treeId, e.personId) === null) continue;
        if (among !== null && !among.has(e.personId!)) continue;
        const place = e.placeId === null ? null : (s.places.get(e.placeId)?.name ?? null);
        out.push({ personId: e.personId!, type: e.type as DuplicateFact['type'], year: e.date?.year ?? null, day: dayOf(e.date), place });
      }
      return out;
    },
    edgesOf: async (treeId, personIds) => {
      const among = new Set(personIds);
      const out: DuplicateEdge[] = [];
      for (const r of s.relationships.values()) {
        if (r.deletedAt !== null || r.treeId !== treeId || livePerson(treeId, r.personAId) === null || livePerson(treeId, r.personBId) === null) continue;
        if (r.type === 'parent_child' && among.has(r.personBId)) out.push({ type: r.type, a: r.personAId, b: r.personBId });
        if (r.type === 'partnership' && (among.has(r.personAId) || among.has(r.personBId))) out.push({ type: r.type, a: r.personAId, b: r.personBId });
      }
      return out;
    },
    dismissed: async (treeId) => [...s.dismissals.values()].filter((d) => d.treeId === treeId),
    dismissedWith: async (treeId, personId) => [...s.dismissals.values()].filter((d) => d.treeId === treeId && (d.personAId === personId || d.personBId === personId)),
    dismiss: async (d) => {
      for (const x of s.dismissals.values()) if (x.personAId === d.personAId && x.personBId === d.personBId) return false;
      s.dismissals.set(d.id, d);
      return true;
    },
  };
};
