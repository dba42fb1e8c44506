import type { GenealogicalDate } from '../kernel/date.js';
import type { Id } from '../kernel/ids.js';
import type { EventType, PersonPrivacy, RelationshipType, Sex } from '../people/model.js';

/** A live person as the cleanup previews need them: flags and the primary name. */
export type CleanupPerson = {
  readonly id: Id;
  readonly sex: Sex | null;
  readonly isLiving: boolean | null;
  readonly privacy: PersonPrivacy;
  /** The primary name (the first primary, else the first live name by id), or null when the person has none. */
  readonly name: { readonly id: Id; readonly givenName: string; readonly surname: string } | null;
};

export type CleanupFact = { readonly personId: Id; readonly type: EventType; readonly date: GenealogicalDate | null };
export type CleanupName = {
  readonly personId: Id;
  /** The person's sex: the name tools need nothing else of the person. */
  readonly sex: Sex | null;
  readonly givenName: string;
  readonly surname: string;
};
/** parent_child: `a` is the parent, `b` the child; partnership: either way round. */
export type CleanupEdge = { readonly a: Id; readonly b: Id };

/**
 * The tree-wide reads of the cleanup previews: each is one query whatever the tree's size (the CQRS
 * read side; the applies write through the people repositories).
 */
export type CleanupReads = {
  /** Live persons of the tree with their primary name, ordered by id. */
  readonly persons: (treeId: Id) => Promise<readonly CleanupPerson[]>;
  /** Live events of these types whose subject is a live person of the tree, in no particular order. */
  readonly facts: (treeId: Id, types: readonly EventType[]) => Promise<readonly CleanupFact[]>;
  /**
   * Every live name (primary or not) of live persons of the tree, by person id, each person's primary
   * name first (the first primary, else the first by name id: the `persons` rule), then by name id.
   * Persons without a live name do not appear.
   */
  readonly names: (treeId: Id) => Promise<readonly CleanupName[]>;
  /** Live edges of this type whose both persons are live, in no particular order. */
  readonly edges: (treeId: Id, type: RelationshipType) => Promise<readonly CleanupEdge[]>;
};
