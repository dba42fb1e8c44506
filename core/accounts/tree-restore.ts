import type { Id } from '../kernel/ids.js';
import { orderedPair } from '../duplicates/model.js';
import type { ArchiveRecord, ArchiveTree, RecordKind } from './archive.js';
import { idSet, type IdSet } from './id-set.js';
import { remapOperations, type IdMap } from './remap.js';
import { remapKeptRecords, remapKeptText } from './kept.js';
import type { GedcomKept } from '../people/model.js';

/**
 * What restoring one tree remembers: the old ids seen so far, by kind, so that every reference is
 * checked against records already read (the backup writes owners first), and the few keys the
 * database would otherwise refuse with a unique violation (place names, one edge per pair, one
 * dismissal per pair).
 * Held per tree and dropped when the next tree opens.
 */
export type TreeRestore = {
  readonly source: ArchiveTree;
  readonly id: Id;
  readonly map: IdMap;
  readonly seen: { readonly [K in RecordKind]: IdSet };
  readonly partnerships: IdSet;
  readonly placeNames: Set<string>;
  readonly edges: IdSet;
  readonly dismissedPairs: IdSet;
};

export const startTree = (source: ArchiveTree, id: Id, map: IdMap): TreeRestore => ({
  source, id, map,
  seen: { person: idSet(), name: idSet(), place: idSet(), relationship: idSet(), event: idSet(), repository: idSet(), source: idSet(), citation: idSet(), media: idSet(), proposal: idSet(), dismissal: idSet(), import: idSet() },
  partnerships: idSet(), placeNames: new Set(), edges: idSet(), dismissedPairs: idSet(),
});

/** Whether `id` names a record of this tree read so far (any kind). */
export const knownIn = (t: TreeRestore) => (id: string): boolean => Object.values(t.seen).some((s) => s.has(id));

/** Who the restored rows name as their author: the restoring account for the exporter, else nobody. */
export type People = { readonly exporter: Id; readonly restorer: Id };
const author = (p: People, id: Id | null): Id | null => (id !== null && id === p.exporter ? p.restorer : null);

const missing = (what: string, id: Id): string => `${what} ${id} is not a record of this tree in the backup`;

/** Why `r` cannot be restored into `t` (a dangling or foreign reference, a repeated id), or null. */
const refusal = (t: TreeRestore, r: ArchiveRecord): string | null => {
  const { seen } = t;
  if (r.row.treeId !== t.source.id) return `${r.kind} ${r.row.id} belongs to tree ${r.row.treeId}, not to the tree it is listed in (${t.source.id})`;
  if (seen[r.kind].has(r.row.id)) return `${r.kind} ${r.row.id} appears twice`;
  switch (r.kind) {
    case 'person':
    case 'repository':
    case 'proposal':
    case 'import':
      return null;
    case 'source': {
      const link = r.row.repositories.find((l) => !seen.repository.has(l.repositoryId));
      return link === undefined ? null : missing('repository', link.repositoryId);
    }
    case 'name':
      return seen.person.has(r.row.personId) ? null : missing('person', r.row.personId);
    case 'place': {
      const key = r.row.name.trim().toLowerCase();
      return t.placeNames.has(key) ? `the place "${r.row.name}" appears twice` : null;
    }
    case 'relationship': {
      const { personAId: a, personBId: b, type } = r.row;
      if (!seen.person.has(a)) return missing('person', a);
      if (!seen.person.has(b)) return missing('person', b);
      if (a === b) return `relationship ${r.row.id} joins a person to themself`;
      // Associations may repeat between a pair (godparent and witness), as the API allows.
      return type !== 'association' && t.edges.has(edgeKey(type, a, b)) ? `relationship ${r.row.id} repeats an edge between the same two persons` : null;
    }
    case 'event': {
      const e = r.row;
      if ((e.personId === null) === (e.partnershipId === null)) return `event ${e.id} must have exactly one of person_id and partnership_id`;
      if (e.personId !== null && !seen.person.has(e.personId)) return missing('person', e.personId);
      if (e.partnershipId !== null && !t.partnerships.has(e.partnershipId)) return missing('partnership', e.partnershipId);
      return e.placeId === null || seen.place.has(e.placeId) ? null : missing('place', e.placeId);
    }
    case 'dismissal': {
      const { personAId: a, personBId: b } = r.row;
      if (!seen.person.has(a)) return missing('person', a);
      if (!seen.person.has(b)) return missing('person', b);
      if (a === b) return `dismissal ${r.row.id} pairs a person with themself`;
      return t.dismissedPairs.has(pairKey(a, b)) ? `dismissal ${r.row.id} repeats a dismissed pair` : null;
    }
    case 'citation': {
      const c = r.row;
      if (!seen.source.has(c.sourceId)) return missing('source', c.sourceId);
      return seen[c.target.kind].has(c.target.id) ? null : missing(c.target.kind, c.target.id);
    }
    case 'media': {
      const target = r.row.target;
      return target === null || seen[target.kind].has(target.id) ? null : missing(target.kind, target.id);
    }
  }
};

const edgeKey = (type: string, a: Id, b: Id): string => (type === 'partnership' ? `p${a < b ? a + b : b + a}` : `c${a}${b}`);
/** A dismissal's pair is unordered (the backup may hold it either way round). */
const pairKey = (a: Id, b: Id): string => orderedPair(a, b).join('');

const remember = (t: TreeRestore, r: ArchiveRecord): void => {
  t.seen[r.kind].add(r.row.id);
  if (r.kind === 'place') t.placeNames.add(r.row.name.trim().toLowerCase());
  if (r.kind === 'relationship') {
    if (r.row.type !== 'association') t.edges.add(edgeKey(r.row.type, r.row.personAId, r.row.personBId));
    if (r.row.type === 'partnership') t.partnerships.add(r.row.id);
  }
  if (r.kind === 'dismissal') t.dismissedPairs.add(pairKey(r.row.personAId, r.row.personBId));
};

const mapped = (t: TreeRestore, r: ArchiveRecord, p: People): ArchiveRecord => {
  const m = t.map;
  const base = { id: m(r.row.id), treeId: t.id };
  // Kept lines point at rows by id (`@#I<id>@`...): remapped as the rows' ids are.
  const kept = (row: GedcomKept): GedcomKept => (row.gedcomExtra === undefined || row.gedcomExtra === null ? {} : { gedcomExtra: remapKeptText(row.gedcomExtra, m) });
  switch (r.kind) {
    case 'person':
    case 'repository':
      return { kind: r.kind, row: { ...r.row, ...base, ...kept(r.row) } } as ArchiveRecord;
    case 'place':
      return { kind: r.kind, row: { ...r.row, ...base } };
    case 'source':
      return { kind: 'source', row: { ...r.row, ...base, ...kept(r.row), repositories: r.row.repositories.map((l) => ({ ...l, repositoryId: m(l.repositoryId) })) } };
    case 'name':
      return { kind: 'name', row: { ...r.row, ...base, ...kept(r.row), personId: m(r.row.personId) } };
    case 'relationship':
      return { kind: 'relationship', row: { ...r.row, ...base, ...kept(r.row), personAId: m(r.row.personAId), personBId: m(r.row.personBId) } };
    case 'event': {
      const e = r.row;
      return {
        kind: 'event',
        row: { ...e, ...base, ...kept(e), personId: e.personId && m(e.personId), partnershipId: e.partnershipId && m(e.partnershipId), placeId: e.placeId && m(e.placeId) },
      };
    }
    case 'citation':
      return { kind: 'citation', row: { ...r.row, ...base, ...kept(r.row), sourceId: m(r.row.sourceId), target: { kind: r.row.target.kind, id: m(r.row.target.id) } } };
    case 'media': {
      const target = r.row.target === null ? null : { kind: r.row.target.kind, id: m(r.row.target.id) };
      return { kind: 'media', row: { ...r.row, ...base, ...kept(r.row), target, createdBy: author(p, r.row.createdBy) } };
    }
    case 'import':
      return {
        kind: 'import',
        row: { ...r.row, ...base, actorId: author(p, r.row.actorId), kept: { records: remapKeptRecords(r.row.kept.records, m), tags: r.row.kept.tags } },
      };
    case 'proposal': {
      const known = knownIn(t);
      const refs = new Map([...r.row.refs].map(([k, v]) => [k, known(v) ? m(v) : v]));
      return {
        kind: 'proposal',
        row: {
          ...r.row, ...base, operations: remapOperations(r.row.operations, known, m), refs,
          proposerId: author(p, r.row.proposerId), reviewerId: author(p, r.row.reviewerId),
        },
      };
    }
    case 'dismissal': {
      // Stored smaller id first; the new ids need not sort as the old ones did.
      const [a, b] = orderedPair(m(r.row.personAId), m(r.row.personBId));
      return { kind: 'dismissal', row: { ...r.row, ...base, personAId: a, personBId: b, dismissedBy: author(p, r.row.dismissedBy) } };
    }
  }
};

/**
 * Checks one record against the tree restored so far and answers it with new ids (the storage key
 * of media is left to the caller), or the reason it cannot be restored.
 */
export const admit = (t: TreeRestore, r: ArchiveRecord, p: People): { readonly ok: true; readonly record: ArchiveRecord } | { readonly ok: false; readonly reason: string } => {
  const why = refusal(t, r);
  if (why !== null) return { ok: false, reason: why };
  // A proposal's references are remapped against what was read before it, itself excluded.
  const record = mapped(t, r, p);
  remember(t, r);
  return { ok: true, record };
};
