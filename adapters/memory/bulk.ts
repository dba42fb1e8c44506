import type { BulkRecordWriter } from '../../core/gedcom/ports.js';
import type { MemoryState } from './state.js';

export const memoryBulkRecords = (s: MemoryState): BulkRecordWriter => ({
  insertAll: async (b) => {
    const fresh = <T extends { readonly id: string }>(map: Map<string, T>, rows: readonly T[]): void => {
      for (const r of rows) if (map.has(r.id)) throw new Error(`duplicate id ${r.id}`);
    };
    fresh(s.persons, b.persons);
    fresh(s.names, b.names);
    fresh(s.places, b.places);
    fresh(s.relationships, b.relationships);
    fresh(s.events, b.events);
    fresh(s.sources, b.sources);
    fresh(s.citations, b.citations);
    const placeKey = (treeId: string, name: string): string => `${treeId}\u0000${name.trim().toLowerCase()}`;
    const taken = new Set([...s.places.values()].map((p) => placeKey(p.treeId, p.name)));
    for (const p of b.places) {
      const k = placeKey(p.treeId, p.name);
      if (taken.has(k)) throw new Error(`duplicate place ${p.name}`);
      taken.add(k);
    }
    for (const r of b.persons) s.persons.set(r.id, r);
    for (const r of b.names) s.names.set(r.id, r);
    for (const r of b.places) s.places.set(r.id, { ...r, name: r.name.trim() });
    for (const r of b.relationships) s.relationships.set(r.id, r);
    for (const r of b.events) s.events.set(r.id, r);
    for (const r of b.sources) s.sources.set(r.id, r);
    for (const r of b.citations) s.citations.set(r.id, r);
  },
});
