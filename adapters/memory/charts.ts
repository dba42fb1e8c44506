import type { ChartReads, LineageStep } from '../../core/charts/ports.js';
import type { Name, Person } from '../../core/people/model.js';
import type { Id } from '../../core/kernel/ids.js';
import type { MemoryState } from './state.js';

export const memoryChartReads = (s: MemoryState): ChartReads => ({
  lineage: async (treeId, rootId, direction, generations, limit) => {
    const livePerson = (id: Id): Person | undefined => {
      const p = s.persons.get(id);
      return p !== undefined && p.deletedAt === null && p.treeId === treeId ? p : undefined;
    };
    // One step further from each person, over live parent_child edges between live persons of the tree.
    const next = new Map<Id, Set<Id>>();
    for (const r of s.relationships.values()) {
      if (r.type !== 'parent_child' || r.deletedAt !== null || r.treeId !== treeId) continue;
      if (livePerson(r.personAId) === undefined || livePerson(r.personBId) === undefined) continue;
      const [from, to] = direction === 'up' ? [r.personBId, r.personAId] : [r.personAId, r.personBId];
      next.set(from, (next.get(from) ?? new Set()).add(to));
    }
    const root = livePerson(rootId);
    if (root === undefined || limit < 1) return [];
    const depthOf = new Map<Id, number>([[rootId, 0]]);
    let level = [rootId];
    for (let depth = 1; depth < generations && level.length > 0; depth += 1) {
      const found = new Set<Id>();
      for (const id of level) for (const n of next.get(id) ?? []) if (!depthOf.has(n)) found.add(n);
      level = [...found].sort();
      for (const id of level) depthOf.set(id, depth);
    }
    const ordered = [...depthOf].sort(([a, da], [b, db]) => da - db || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
    return ordered.map(([id, depth]): LineageStep => ({ person: livePerson(id)!, depth, next: [...(next.get(id) ?? [])] }));
  },
  boxes: async (personIds, types) => {
    const wanted = new Set(personIds);
    const byId = <T extends { readonly id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const primary = new Map<string, Name>();
    for (const n of [...s.names.values()].filter((x) => x.deletedAt === null && wanted.has(x.personId)).sort(byId)) {
      const seen = primary.get(n.personId);
      if (seen === undefined || (n.isPrimary && !seen.isPrimary)) primary.set(n.personId, n);
    }
    const events = [...s.events.values()]
      .filter((e) => e.deletedAt === null && e.personId !== null && wanted.has(e.personId) && types.includes(e.type))
      .sort(byId);
    const placeIds = new Set(events.map((e) => e.placeId));
    return {
      names: [...primary.values()].sort((a, b) => (a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0)),
      events,
      places: [...s.places.values()].filter((p) => placeIds.has(p.id)).sort(byId),
    };
  },
});
