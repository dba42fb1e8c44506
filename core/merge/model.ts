import type { Id } from '../kernel/ids.js';
import type { PersonIdentifier, PersonPrivacy, Sex } from '../people/model.js';

/** Where a citation or a media item points: the kind of record and its id. */
export type MovedTarget = { readonly kind: string; readonly id: Id };

/**
 * What one merge moved from the other person to the kept one, with the values before, so that
 * restoring the other person can put back what still is as the merge left it. Plain JSON (stored as jsonb).
 */
export type MergeMoves = {
  /** Names moved to the kept person, with their is_primary before the move. */
  readonly names: readonly { readonly id: Id; readonly isPrimary: boolean }[];
  /** The other person's own events moved to the kept person. */
  readonly events: readonly Id[];
  /** Partnership events moved from the other's (duplicate, so deleted) partnership `from` to the kept one's `to`. */
  readonly partnershipEvents: readonly { readonly id: Id; readonly from: Id; readonly to: Id }[];
  /** Edges re-pointed at the kept person, with their ends before. */
  readonly relationships: readonly { readonly id: Id; readonly personAId: Id; readonly personBId: Id }[];
  readonly citations: readonly { readonly id: Id; readonly from: MovedTarget; readonly to: MovedTarget }[];
  readonly media: readonly { readonly id: Id; readonly from: MovedTarget; readonly to: MovedTarget }[];
  /** The exact text appended to the kept person's notes (separator included), or null. */
  readonly notesAppended: string | null;
  /** Fields of the kept person that were unset and took the other's value. */
  readonly filled: { readonly sex?: Sex; readonly isLiving?: boolean };
  /** The kept person's privacy before, when the merge made it stricter; else null. */
  readonly privacyBefore: PersonPrivacy | null;
  /** Identifiers the kept person gained. */
  readonly identifiersAdded: readonly PersonIdentifier[];
  /**
   * The other person's own GEDCOM kept lines as appended to the kept person's (a JSON list, see
   * merge/kept-lines.ts), or null; absent in merges recorded before kept lines were merged.
   */
  readonly keptLinesAppended?: string | null;
};

/** One merge: `id` is the deletion id that soft-deleted the other person. */
export type PersonMerge = {
  readonly id: Id;
  readonly treeId: Id;
  readonly keptId: Id;
  readonly otherId: Id;
  readonly moved: MergeMoves;
  readonly createdAt: Date;
};
