import { dayOf, type DuplicateFact, type DuplicateStore, type DuplicateSubject } from '../../core/duplicates/ports.js';
import type { Name } from '../../core/people/model.js';
import type { MemoryState } from './state.js';

const FACT_TYPES: readonly string[] = ['birth', 'baptism', 'christening', 'death', 'burial', 'cremation'];

export const memoryDuplicates = (s: MemoryState): DuplicateStore => {
  const livePerson = (treeId: string, id: string | null) => {
    const p = id === null ? undefined : s.persons.get(id);
    return p !== undefined && p.deletedAt === null && p.treeId === treeId ? p : null;
  };
  return {
    subjectsAfter: async (treeId, after, limit) => {
      const byPerson = new Map<string, Name[]>();
      for (const n of s.names.values()) {
        if (n.treeId !== treeId || n.deletedAt !== null || livePerson(treeId, n.personId) === null || (after !== null && n.personId <= after)) continue;
        byPerson.set(n.personId, [...(byPerson.get(n.personId) ?? []), n]);
      }
      const subjects: DuplicateSubject[] = [];
      for (const id of [...byPerson.keys()].sort().slice(0, limit)) {
        const names = byPerson.get(id)!.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        subjects.push({ id, sex: s.persons.get(id)!.sex, names: names.map((n) => ({ givenName: n.givenName, surname: n.surname, nameType: n.nameType })) });
      }
      const page = new Set(subjects.map((x) => x.id));
      const facts: DuplicateFact[] = [];
      for (const e of s.events.values()) {
        if (e.treeId !== treeId || e.deletedAt !== null || !FACT_TYPES.includes(e.type) || e.personId === null || !page.has(e.personId)) continue;
        const place = e.placeId === null ? null : (s.places.get(e.placeId)?.name ?? null);
        facts.push({ personId: e.personId, type: e.type as DuplicateFact['type'], year: e.date?.year ?? null, day: dayOf(e.date), place });
      }
      return { subjects, facts };
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
