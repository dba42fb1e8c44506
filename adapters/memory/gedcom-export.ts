import type { ExportChunk, ExportEdge, ExportEvent, ExportSource, GedcomExportReads } from '../../core/gedcom/export-reads.js';
import type { Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Name, Person, Relationship, Sex } from '../../core/people/model.js';
import type { Citation, Source } from '../../core/sources/model.js';
import type { ImportRecord } from '../../core/gedcom/ports.js';
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
  const repositories = [...s.repositories.values()].filter((x) => x.treeId === treeId && x.deletedAt === null).sort(byId);
  const repositoryNumbers = new Map(repositories.map((x, i) => [x.id, i + 1]));
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
  return { persons, people, edges, associations, partnerships, sources, sourceNumbers, repositories, repositoryNumbers, touching, names, events, citations };
};

export const memoryGedcomExport = (s: MemoryState): GedcomExportReads => ({
  chunks: async function* (treeId, size): AsyncGenerator<ExportChunk> {
    const t = indexTree(s, treeId);
    const step = Math.max(1, Math.floor(size));
    // The cross-reference of every row kept lines may point at (extensions.ts).
    const pointers = new Map<Id, string>();
    for (const [id, p] of t.people) pointers.set(id, `@I${p.n}@`);
    for (const [id, n] of t.sourceNumbers) pointers.set(id, `@S${n}@`);
    for (const [id, n] of t.partnerships) pointers.set(id, `@F${n}@`);
    const withPlace = (e: LifeEvent): ExportEvent => {
      const pl = e.placeId === null ? undefined : s.places.get(e.placeId);
      return {
        ...e, place: pl?.name ?? null,
        ...(pl !== undefined && pl.latitude !== null && pl.longitude !== null ? { coordinates: { latitude: pl.latitude, longitude: pl.longitude } } : {}),
      };
    };
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
      // Ends as PersonKeys: the persons' numbers in decimal.
      const key = (id: Id): string => String(t.people.get(id)!.n);
      const edge = (r: Relationship): ExportEdge => ({
        id: r.id, type: r.type, personAId: key(r.personAId), personBId: key(r.personBId), qualifier: r.qualifier, role: r.role, notes: r.notes,
        ...(r.gedcomExtra === undefined ? {} : { gedcomExtra: r.gedcomExtra }),
      });
      const citedBy = (ids: readonly Id[]): Citation[] => ids.flatMap((id) => t.citations.get(id) ?? []).sort(byId);
      const sources = new Map<Id, number>();

      const individuals = persons.map((p) => {
        const names = t.names.get(p.id) ?? [];
        const events = (t.events.get(p.id) ?? []).map(withPlace);
        const childEdges = relationships.filter((r) => r.type === 'parent_child' && r.personBId === p.id).map((r) => r.id);
        const associations = (t.associations.get(p.id) ?? []).map(edge);
        const citations = citedBy([p.id, ...names.map((n) => n.id), ...events.map((e) => e.id), ...childEdges, ...associations.map((r) => r.id)]);
        for (const c of citations) sources.set(c.sourceId, t.sourceNumbers.get(c.sourceId)!);
        return { person: p, names, events, citations, associations };
      });
      const partnershipRecords = new Map(relationships.flatMap((r) => {
        if (r.type !== 'partnership' || !chunk.has(r.personAId)) return [];
        const events = (t.events.get(r.id) ?? []).map(withPlace);
        const citations = citedBy([r.id, ...events.map((e) => e.id)]);
        for (const c of citations) sources.set(c.sourceId, t.sourceNumbers.get(c.sourceId)!);
        return [[r.id, { events, citations }] as const];
      }));

      const people = new Map(persons.map((p) => [key(p.id), p.sex]));
      for (const r of [...relationships, ...persons.flatMap((p) => t.associations.get(p.id) ?? [])]) {
        for (const id of [r.personAId, r.personBId]) people.set(key(id), t.people.get(id)!.sex);
      }
      yield {
        kind: 'persons',
        first: start + 1,
        count: individuals.length,
        individuals,
        relationships: relationships.map(edge),
        people,
        partnerships: new Map(relationships.flatMap((r) => (r.type === 'partnership' ? [[r.id, t.partnerships.get(r.id)!] as const] : []))),
        partnershipRecords,
        sources,
        pointers,
      };
    }
    // A source's links to repositories the export writes (live ones), by their numbers.
    const exported = (x: Source): ExportSource => ({
      ...x,
      repositoryLinks: x.repositories.flatMap((l) => {
        const n = t.repositoryNumbers.get(l.repositoryId);
        return n === undefined ? [] : [{ repository: n, callNumber: l.callNumber }];
      }),
    });
    for (let start = 0; start < t.sources.length; start += step) {
      yield { kind: 'sources', first: start + 1, sources: t.sources.slice(start, start + step).map(exported), pointers };
    }
    for (let start = 0; start < t.repositories.length; start += step) {
      yield { kind: 'repositories', first: start + 1, repositories: t.repositories.slice(start, start + step), pointers };
    }
    const records = keptOf(s, treeId).flatMap((k) => k.records);
    if (records.length > 0) yield { kind: 'kept', records, pointers };
  },
  keptIndex: async (treeId) => {
    const kept = keptOf(s, treeId);
    return {
      tags: [...new Set(kept.flatMap((k) => k.tags))].sort(),
      records: kept.flatMap((k) => k.records.map((r) => ({ xref: r.xref, tag: r.node[0], seven: r.seven === true }))),
    };
  },
});

/** What the tree's imports (not undone) kept beyond their rows, oldest import first. */
const keptOf = (s: MemoryState, treeId: Id): NonNullable<ImportRecord['kept']>[] =>
  [...s.imports.values()].filter((i) => i.treeId === treeId && i.undoneAt === null && i.kept !== undefined)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((i) => i.kept!);
