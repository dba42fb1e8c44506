import type { ExportChunk, GedcomExportReads } from '../../core/gedcom/export-reads.js';
import type { ExportEvent } from '../../core/gedcom/writer-events.js';
import type { Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Name, Person, Relationship, Sex } from '../../core/people/model.js';
import type { Citation } from '../../core/sources/model.js';
import type { MemoryState } from './state.js';

const byId = (a: { readonly id: Id }, b: { readonly id: Id }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const push = <T>(map: Map<Id, T[]>, key: Id, value: T): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/**
 * The tree indexed once when the iteration starts: the records are immutable values, so holding them
 * is the snapshot. Memory is no concern of this adapter (tests and small hosts).
 */
const indexTree = (s: MemoryState, treeId: Id) => {
  const persons = [...s.persons.values()].filter((p) => p.treeId === treeId && p.deletedAt === null).sort(byId);
  const people = new Map<Id, { readonly n: number; readonly sex: Sex | null }>(persons.map((p, i) => [p.id, { n: i + 1, sex: p.sex }]));
  const linked = [...s.relationships.values()]
    .filter((r) => r.treeId === treeId && r.deletedAt === null && people.has(r.personAId) && people.has(r.personBId))
    .sort(byId);
  const edges = linked.filter((r) => r.type !== 'association');
  const associations = new Map<Id, Relationship[]>();
  for (const r of linked) if (r.type === 'association') push(associations, r.personAId, r);
  const partnerships = new Map(edges.filter((r) => r.type === 'partnership').map((r, i) => [r.id, i + 1]));
  const sources = [...s.sources.values()].filter((x) => x.treeId === treeId && x.deletedAt === null).sort(byId);
  const sourceNumbers = new Map(sources.map((x, i) => [x.id, i + 1]));
  const touching = new Map<Id, Relationship[]>();
  for (const r of edges) {
    push(touching, r.personAId, r);
    if (r.personBId !== r.personAId) push(touching, r.personBId, r);
  }
  const names = new Map<Id, Name[]>();
  for (const n of [...s.names.values()].sort(byId)) if (n.deletedAt === null && people.has(n.personId)) push(names, n.personId, n);
  for (const list of names.values()) list.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || byId(a, b));
  const events = new Map<Id, LifeEvent[]>();
  for (const e of [...s.events.values()].sort(byId)) {
    const owner = e.personId ?? e.partnershipId;
    if (e.deletedAt === null && owner !== null && (people.has(owner) || partnerships.has(owner))) push(events, owner, e);
  }
  const citations = new Map<Id, Citation[]>();
  for (const c of [...s.citations.values()].sort(byId)) if (c.deletedAt === null && sourceNumbers.has(c.sourceId)) push(citations, c.target.id, c);
  return { persons, people, edges, associations, partnerships, sources, sourceNumbers, touching, names, events, citations };
};

export const memoryGedcomExport = (s: MemoryState): GedcomExportReads => ({
  chunks: async function* (treeId, size): AsyncGenerator<ExportChunk> {
    const t = indexTree(s, treeId);
    const step = Math.max(1, Math.floor(size));
    const withPlace = (e: LifeEvent): ExportEvent => ({ ...e, place: e.placeId === null ? null : (s.places.get(e.placeId)?.name ?? null) });
    for (let start = 0; start < t.persons.length; start += step) {
      const persons: Person[] = t.persons.slice(start, start + step);
      const chunk = new Set(persons.map((p) => p.id));
      const edgesOf = (id: Id) => t.touching.get(id) ?? [];
      // The persons and their children; their parent edges; partnerships between those parents.
      const kids = new Set(chunk);
      for (const id of chunk) for (const r of edgesOf(id)) if (r.type === 'parent_child' && r.personAId === id) kids.add(r.personBId);
      const picked = new Map<Id, Relationship>();
      const parents = new Set<Id>();
      for (const k of kids) {
        for (const r of edgesOf(k)) {
          if (r.type !== 'parent_child' || r.personBId !== k) continue;
          picked.set(r.id, r);
          parents.add(r.personAId);
        }
      }
      for (const p of parents) for (const r of edgesOf(p)) if (r.type === 'partnership' && parents.has(r.personAId) && parents.has(r.personBId)) picked.set(r.id, r);
      for (const id of chunk) for (const r of edgesOf(id)) if (r.type === 'partnership') picked.set(r.id, r);
      const relationships = [...picked.values()].sort(byId);
      const owned = relationships.filter((r) => r.type === 'partnership' && chunk.has(r.personAId)).map((r) => r.id);

      const names = persons.flatMap((p) => t.names.get(p.id) ?? []);
      const events = [...persons.map((p) => p.id), ...owned].flatMap((id) => t.events.get(id) ?? []).sort(byId);
      const childEdges = relationships.filter((r) => r.type === 'parent_child' && chunk.has(r.personBId)).map((r) => r.id);
      const associations = persons.flatMap((p) => t.associations.get(p.id) ?? []);
      const targets = [...chunk, ...names.map((n) => n.id), ...events.map((e) => e.id), ...childEdges, ...owned, ...associations.map((r) => r.id)];
      const citations = targets.flatMap((id) => t.citations.get(id) ?? []).sort(byId);

      const people = new Map(persons.map((p) => [p.id, t.people.get(p.id)!]));
      for (const r of [...relationships, ...associations]) for (const id of [r.personAId, r.personBId]) people.set(id, t.people.get(id)!);
      yield {
        kind: 'persons',
        first: start + 1,
        persons,
        names,
        events: events.map(withPlace),
        relationships,
        associations,
        people,
        partnerships: new Map(relationships.flatMap((r) => (r.type === 'partnership' ? [[r.id, t.partnerships.get(r.id)!] as const] : []))),
        citations,
        sources: new Map(citations.map((c) => [c.sourceId, t.sourceNumbers.get(c.sourceId)!])),
      };
    }
    for (let start = 0; start < t.sources.length; start += step) {
      yield { kind: 'sources', first: start + 1, sources: t.sources.slice(start, start + step) };
    }
  },
});
