import type { ParentChildQualifier, Relationship } from '../people/model.js';
import type { RecordFilter } from './record-filter.js';

/**
 * A relationship as a reader gets it. Its notes and qualifier (adoptive, donor, foster...) are
 * personal data of both persons, so a non-member reads them only when both ends are fully visible;
 * an edge touching a redacted person keeps only its shape (ids and type), notes, qualifier and role
 * (an association's "godparent", "witness") null.
 */
export type Viewed<R> = Omit<R, 'notes' | 'qualifier' | 'role'> & {
  readonly notes: string | null;
  readonly qualifier: ParentChildQualifier | null;
  readonly role: string | null;
};

export type RelationshipView = Viewed<Relationship>;

/** The fields of an edge the view reads or withholds (a whole Relationship, or the public pages' FamilyEdge). */
type Edge = Pick<Relationship, 'personAId' | 'personBId' | 'notes' | 'qualifier' | 'role'>;

export const relationshipView =
  (filter: Pick<RecordFilter, 'member' | 'person'>) =>
  <R extends Edge>(r: R): Viewed<R> =>
    filter.member || (filter.person(r.personAId) === 'full' && filter.person(r.personBId) === 'full') ? r : { ...r, notes: null, qualifier: null, role: null };
