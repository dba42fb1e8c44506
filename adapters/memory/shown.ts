// What a non-member is shown, for the memory adapter: the engine's own rule and record filter
// (core/privacy) over the state, so both adapters pass one contract
// (spec/contracts/privacy-filter.contract.ts) where PostgreSQL runs SQL generated from that rule.
import { visibilityOf, type VisibilityMap } from '../../core/privacy/engine.js';
import { recordFilter, type RecordFilter } from '../../core/privacy/record-filter.js';
import type { Relationship } from '../../core/people/model.js';
import type { ListOptions } from '../../core/kernel/list.js';
import type { Id } from '../../core/kernel/ids.js';
import type { MemoryState } from './state.js';

const liveEdge = (s: MemoryState, id: Id): Relationship | undefined => {
  const r = s.relationships.get(id);
  const ends = r && [s.persons.get(r.personAId), s.persons.get(r.personBId)];
  return r && r.deletedAt === null && ends!.every((p) => p !== undefined && p.deletedAt === null) ? r : undefined;
};

/** The record filter of a non-member reading at `now`, over live records (a deleted one is never followed). */
export const shownFilter = (s: MemoryState, now: Date): RecordFilter => {
  const visibility: VisibilityMap = {
    of: (id) => {
      const p = id === null ? undefined : s.persons.get(id);
      return p === undefined || p.deletedAt !== null ? 'hidden' : visibilityOf({ member: false }, p, now);
    },
  };
  return recordFilter(false, visibility, {
    partnership: (id) => liveEdge(s, id),
    name: (id) => {
      const n = s.names.get(id);
      return n && n.deletedAt === null ? n : undefined;
    },
    event: (id) => {
      const e = s.events.get(id);
      return e && e.deletedAt === null ? e : undefined;
    },
    relationship: (id) => liveEdge(s, id),
  });
};

/** Whether a non-member is shown the source: it is live and backs a live citation with a live source that they are shown. */
export const sourceShown = (s: MemoryState, f: RecordFilter) => (id: Id): boolean => {
  const source = s.sources.get(id);
  if (source === undefined || source.deletedAt !== null) return false;
  for (const c of s.citations.values()) if (c.sourceId === id && c.deletedAt === null && f.citation(c)) return true;
  return false;
};

/** The non-member's record filter of a live listing, or null for a member or a deleted listing. */
export const shownFor = (s: MemoryState, options: ListOptions): RecordFilter | null => {
  const a = options.audience;
  return a === undefined || a.member || options.deleted === true ? null : shownFilter(s, a.now);
};
