import type { AccountArchiveReads } from '../../core/accounts/ports.js';
import type { CitationTargetKind } from '../../core/sources/model.js';
import type { MemoryState } from './state.js';

const page = <R extends { readonly id: string }>(rows: Iterable<R>, keep: (r: R) => boolean, after: string | null, limit: number): R[] =>
  [...rows].filter((r) => keep(r) && (after === null || r.id > after)).sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, limit);

export const memoryArchiveReads = (s: MemoryState): AccountArchiveReads => {
  const live = <R extends { readonly deletedAt: Date | null; readonly treeId: string }>(m: Map<string, R>, treeId: string, id: string | null): boolean => {
    const r = id === null ? undefined : m.get(id);
    return r !== undefined && r.deletedAt === null && r.treeId === treeId;
  };
  const liveEvent = (treeId: string, id: string): boolean => {
    const e = s.events.get(id);
    return e !== undefined && live(s.events, treeId, id) && (e.personId !== null ? live(s.persons, treeId, e.personId) : live(s.relationships, treeId, e.partnershipId));
  };
  const liveName = (treeId: string, id: string): boolean => live(s.names, treeId, id) && live(s.persons, treeId, s.names.get(id)!.personId);
  const targetLive: Record<CitationTargetKind, (treeId: string, id: string) => boolean> = {
    person: (treeId, id) => live(s.persons, treeId, id),
    name: liveName,
    event: liveEvent,
    relationship: (treeId, id) => live(s.relationships, treeId, id),
  };
  return {
    names: async (treeId, after, limit) => page(s.names.values(), (n) => liveName(treeId, n.id), after, limit),
    events: async (treeId, after, limit) => page(s.events.values(), (e) => liveEvent(treeId, e.id), after, limit),
    places: async (treeId, after, limit) => page(s.places.values(), (p) => p.treeId === treeId, after, limit),
    citations: async (treeId, after, limit) =>
      page(s.citations.values(), (c) => live(s.citations, treeId, c.id) && live(s.sources, treeId, c.sourceId) && targetLive[c.target.kind](treeId, c.target.id), after, limit),
    media: async (treeId, after, limit) =>
      page(s.media.values(), (m) => live(s.media, treeId, m.id), after, limit).map((m) => {
        const t = m.target;
        const reachable = t === null || (t.kind === 'person' ? live(s.persons, treeId, t.id) : t.kind === 'event' ? liveEvent(treeId, t.id) : live(s.sources, treeId, t.id));
        return reachable ? m : { ...m, target: null };
      }),
    dismissals: async (treeId, after, limit) =>
      page(s.dismissals.values(), (d) => d.treeId === treeId && live(s.persons, treeId, d.personAId) && live(s.persons, treeId, d.personBId), after, limit),
    keptLines: async (kind, ids) => {
      const rows: Map<string, { readonly gedcomExtra?: string | null }> = kind === 'person' ? s.persons : kind === 'relationship' ? s.relationships : s.sources;
      const out = new Map<string, string>();
      for (const id of ids) {
        const extra = rows.get(id)?.gedcomExtra;
        if (extra !== undefined && extra !== null) out.set(id, extra);
      }
      return out;
    },
    imports: async (treeId, after, limit) =>
      page(s.imports.values(), (i) => i.treeId === treeId && i.undoneAt === null && i.kept !== undefined, after, limit)
        .map(({ id, treeId: tree, actorId, fileName, counts, createdAt, kept }) => ({ id, treeId: tree, actorId, fileName, counts, createdAt, kept: kept! })),
    // xact -1: no unit of work's number, so no change is this import's.
    restoreImport: async (e) => {
      if (s.imports.has(e.id)) throw new Error(`duplicate import ${e.id}`);
      s.imports.set(e.id, { ...e, undoneAt: null, xact: -1 });
    },
  };
};
