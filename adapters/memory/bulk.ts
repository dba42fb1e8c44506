import type { BulkRecordWriter, RecordBatch } from '../../core/gedcom/ports.js';
import type { MemoryState } from './state.js';

export const memoryBulkRecords = (s: MemoryState): BulkRecordWriter => {
  // The batches written since the last verify, to check their references as PostgreSQL's keys would.
  let written: RecordBatch[] = [];
  return {
  // Every write ends before insertAll returns.
  settle: async () => undefined,
  verify: async () => {
    const batches = written;
    written = [];
    const missing = (what: string, id: string | null, map: Map<string, unknown>): void => {
      if (id !== null && !map.has(id)) throw new Error(`bulk write: ${what} ${id} does not exist`);
    };
    for (const b of batches) {
      for (const n of b.names) missing('person', n.personId, s.persons);
      for (const e of b.events) {
        missing('person', e.personId, s.persons);
        missing('partnership', e.partnershipId, s.relationships);
        missing('place', e.placeId, s.places);
      }
      for (const r of b.relationships) {
        missing('person', r.personAId, s.persons);
        missing('person', r.personBId, s.persons);
      }
      for (const c of b.citations) missing('source', c.sourceId, s.sources);
    }
  },
  insertAll: async (b, options = {}) => {
    if (options.deferChecks === true) written.push(b);
    if (options.leanHistory === true) for (const rows of [b.persons, b.names, b.relationships, b.events, b.sources, b.citations, b.repositories ?? []]) for (const r of rows) s.leanCreated.add(r.id);
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
    fresh(s.repositories, b.repositories ?? []);
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
    for (const r of b.repositories ?? []) s.repositories.set(r.id, r);
  },
  };
};
