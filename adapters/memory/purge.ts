import type { PurgeCounts, PurgeRepository } from '../../core/people/ports.js';
import type { CitationTargetKind } from '../../core/sources/model.js';
import type { Id } from '../../core/kernel/ids.js';
import type { MemoryState } from './state.js';
import { queueBlobRemoval } from './media.js';
import { forgetRemoved } from './history.js';

// Removal for good, owner first: a row removed with its owner is not counted under its own kind,
// even when it was soft-deleted itself (a person's relationships carry the person's deletion stamp).

const dropCitationsOf = (s: MemoryState, kind: CitationTargetKind, id: Id): void => {
  for (const c of s.citations.values()) if (c.target.kind === kind && c.target.id === id) s.citations.delete(c.id);
};

/** As the foreign keys do in PostgreSQL: media of a record that goes for good is detached, not removed. */
const detachMedia = (s: MemoryState, kind: 'person' | 'event' | 'source', id: Id): void => {
  for (const m of s.media.values()) if (m.target?.kind === kind && m.target.id === id) s.media.set(m.id, { ...m, target: null });
};

const dropEvent = (s: MemoryState, id: Id): void => {
  s.events.delete(id);
  detachMedia(s, 'event', id);
  dropCitationsOf(s, 'event', id);
};

const dropName = (s: MemoryState, id: Id): void => {
  s.names.delete(id);
  dropCitationsOf(s, 'name', id);
};

/** A relationship with its citations and, for a partnership, its events. */
const dropRelationship = (s: MemoryState, id: Id): void => {
  s.relationships.delete(id);
  dropCitationsOf(s, 'relationship', id);
  for (const e of s.events.values()) if (e.partnershipId === id) dropEvent(s, e.id);
};

/** A person with its names, events, relationships and the citations of all of those. */
const dropPerson = (s: MemoryState, id: Id): void => {
  s.persons.delete(id);
  detachMedia(s, 'person', id);
  dropCitationsOf(s, 'person', id);
  for (const n of s.names.values()) if (n.personId === id) dropName(s, n.id);
  for (const e of s.events.values()) if (e.personId === id) dropEvent(s, e.id);
  for (const r of s.relationships.values()) if (r.personAId === id || r.personBId === id) dropRelationship(s, r.id);
  for (const d of s.dismissals.values()) if (d.personAId === id || d.personBId === id) s.dismissals.delete(d.id);
  for (const m of s.merges.values()) if (m.keptId === id || m.otherId === id) s.merges.delete(m.id);
  // As ON DELETE SET NULL: a person merged into this one keeps no reference to a row that is gone.
  for (const p of s.persons.values()) if (p.mergedInto === id) s.persons.set(p.id, { ...p, mergedInto: null });
};

const dropSource = (s: MemoryState, id: Id): void => {
  s.sources.delete(id);
  detachMedia(s, 'source', id);
  for (const c of s.citations.values()) if (c.sourceId === id) s.citations.delete(c.id);
};

/** Removes the tree and every row it owns, queueing its media objects; its audit entries stay, with a null tree. */
export const dropTree = (s: MemoryState, id: Id): void => {
  s.trees.delete(id);
  for (const m of s.media.values()) if (m.treeId === id && m.storageKey !== null) queueBlobRemoval(s, m.storageKey);
  const owned = [s.memberships, s.persons, s.names, s.events, s.places, s.relationships, s.sources, s.citations, s.repositories, s.media, s.proposals, s.dismissals, s.merges] as const;
  for (const map of owned) for (const [k, row] of map as Map<string, { readonly treeId: Id }>) if (row.treeId === id) map.delete(k);
  for (const [k, a] of s.audit) if (a.treeId === id) s.audit.set(k, { ...a, treeId: null });
};

/** A user with what the foreign keys cascade to in PostgreSQL: sessions, memberships, email tokens. */
const dropUser = (s: MemoryState, id: Id): void => {
  s.users.delete(id);
  for (const map of [s.sessions, s.memberships, s.emailTokens] as const)
    for (const [k, row] of map as Map<string, { readonly userId: Id }>) if (row.userId === id) map.delete(k);
};

export const memoryPurges = (s: MemoryState): PurgeRepository => ({
  purgeDeletedBefore: async (cutoff) => {
    const due = (row: { readonly deletedAt: Date | null }): boolean => row.deletedAt !== null && row.deletedAt.getTime() < cutoff.getTime();
    const sweep = <T extends { readonly id: Id; readonly deletedAt: Date | null }>(map: Map<string, T>, drop: (id: Id) => void): number => {
      let n = 0;
      for (const row of map.values()) {
        if (!due(row)) continue;
        drop(row.id);
        n += 1;
      }
      return n;
    };
    const trees = sweep(s.trees, (id) => dropTree(s, id));
    const persons = sweep(s.persons, (id) => dropPerson(s, id));
    const sources = sweep(s.sources, (id) => dropSource(s, id));
    const relationships = sweep(s.relationships, (id) => dropRelationship(s, id));
    const names = sweep(s.names, (id) => dropName(s, id));
    const events = sweep(s.events, (id) => dropEvent(s, id));
    const citations = sweep(s.citations, (id) => s.citations.delete(id));
    const media = sweep(s.media, (id) => {
      const key = s.media.get(id)!.storageKey;
      s.media.delete(id);
      // Rows of one GEDZIP import may share an object: it goes with the last row that names it.
      if (key !== null && ![...s.media.values()].some((m) => m.storageKey === key)) queueBlobRemoval(s, key);
    });
    const repositories = sweep(s.repositories, (id) => s.repositories.delete(id));
    const users = sweep(s.users, (id) => dropUser(s, id));
    const counts: PurgeCounts = { trees, persons, names, events, relationships, sources, citations, media, users, repositories };
    forgetRemoved(s);
    return counts;
  },
});
