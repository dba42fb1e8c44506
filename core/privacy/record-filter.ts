// Which records a reader may see, derived only from the person visibilities of the engine
// (SPEC "Public read surface" and "Non-member reads"). Members see everything in their tree.
import type { Id } from '../kernel/ids.js';
import type { LifeEvent, Name, Relationship } from '../people/model.js';
import type { Citation, Source } from '../sources/model.js';
import type { Media } from '../media/model.js';
import type { VisibilityMap } from './engine.js';

export type RecordFilter = {
  readonly member: boolean;
  readonly person: VisibilityMap['of'];
  /** Names only for fully visible persons. */
  readonly name: (n: Name) => boolean;
  /** Person events for fully visible persons; partnership events need both partners fully visible. */
  readonly event: (e: LifeEvent) => boolean;
  /** Relationships only when both ends are not hidden. */
  readonly relationship: (r: Ends) => boolean;
  /** Citations only when the cited fact resolves to fully visible person(s). */
  readonly citation: (c: Citation) => boolean;
  /** Sources only when they back at least one visible citation among `citations`. */
  readonly source: (s: Source, citations: readonly Citation[]) => boolean;
  /**
   * Media only when attached to a fully visible person, to an event of fully visible persons, or to a
   * source the reader can see (`sourceVisible`); unattached media is for members only.
   */
  readonly media: (m: Media, sourceVisible: (sourceId: Id) => boolean) => boolean;
};

/** What the filter reads of an edge: its two ends. */
type Ends = Pick<Relationship, 'personAId' | 'personBId'>;

/** What the filter needs to follow a record to its persons; ids it cannot follow are withheld. */
export type RecordLookups = {
  readonly partnership: (id: Id) => Ends | undefined;
  readonly name?: (id: Id) => Name | undefined;
  readonly event?: (id: Id) => LifeEvent | undefined;
  readonly relationship?: (id: Id) => Relationship | undefined;
};

export const recordFilter = (member: boolean, visibility: VisibilityMap, lookups: RecordLookups): RecordFilter => {
  const full = (id: Id | null | undefined): boolean => id != null && visibility.of(id) === 'full';
  const bothFull = (r: Ends | undefined): boolean => r !== undefined && full(r.personAId) && full(r.personBId);
  const event = (e: LifeEvent): boolean =>
    member || (e.personId !== null ? full(e.personId) : bothFull(e.partnershipId === null ? undefined : lookups.partnership(e.partnershipId)));
  const citation = (c: Citation): boolean => {
    if (member) return true;
    switch (c.target.kind) {
      case 'person':
        return full(c.target.id);
      case 'name':
        return full(lookups.name?.(c.target.id)?.personId);
      case 'event': {
        const e = lookups.event?.(c.target.id);
        return e !== undefined && event(e);
      }
      case 'relationship':
        return bothFull(lookups.relationship?.(c.target.id));
    }
  };
  return {
    member,
    person: visibility.of,
    name: (n) => member || full(n.personId),
    event,
    relationship: (r) => member || (visibility.of(r.personAId) !== 'hidden' && visibility.of(r.personBId) !== 'hidden'),
    citation,
    source: (s, citations) => member || citations.some((c) => c.sourceId === s.id && citation(c)),
    media: (m, sourceVisible) => {
      if (member) return true;
      if (m.target === null) return false;
      switch (m.target.kind) {
        case 'person':
          return full(m.target.id);
        case 'event': {
          const e = lookups.event?.(m.target.id);
          return e !== undefined && event(e);
        }
        case 'source':
          return sourceVisible(m.target.id);
      }
    },
  };
};
