import type { Id } from '../kernel/ids.js';
import type { Name, Person, Relationship, Sex } from '../people/model.js';
import type { Citation, Source } from '../sources/model.js';
import type { ExportEvent } from './writer-events.js';

// The read port of the GEDCOM export: the tree in chunks, so the file is written as it is read and
// memory does not grow with the tree. Numbers (not ids) name records in the file: GEDCOM 5.5.1 caps
// a cross-reference at 20 characters, and a UUID does not fit.

/**
 * Persons, partnerships and sources are numbered separately from 1 in id order over the live
 * records of the export's snapshot: a live person of the tree; a live partnership whose two ends
 * are such persons; a live source of the tree.
 */
export type PersonChunk = {
  readonly kind: 'persons';
  /** Live persons in id order, the number of the first being `first`, the next `first + 1`, and so on. */
  readonly first: number;
  readonly persons: readonly Person[];
  /** Their live names, by person, the primary first, then by id. */
  readonly names: readonly Name[];
  /**
   * Live events, in id order, with the place's name: the persons' own, and those of the live
   * partnerships whose person_a is one of the persons (the chunk that writes the FAM of a partnership).
   */
  readonly events: readonly ExportEvent[];
  /**
   * The live parent_child and partnership edges (never associations) whose two ends are live, that
   * the families of these persons are derived from: every such edge touching one of the persons;
   * every parent_child edge whose child is a child of one of the persons; every partnership between
   * two persons who are parents by one of those edges. A superset does no harm.
   */
  readonly relationships: readonly Relationship[];
  /**
   * The live associations (ASSO) a person of `persons` holds (person_a) with a live person of the
   * tree: written on that person's INDI, never part of a family.
   */
  readonly associations: readonly Relationship[];
  /** The number and sex of every person of `persons` and of every end of `relationships` and `associations`. */
  readonly people: ReadonlyMap<Id, { readonly n: number; readonly sex: Sex | null }>;
  /** The number of every partnership of `relationships`. */
  readonly partnerships: ReadonlyMap<Id, number>;
  /**
   * Live citations of a live source, in id order, whose target is one of the persons, one of their
   * names or of `events`, a parent_child edge of `relationships` whose child is one of the persons, a
   * partnership of `relationships` whose person_a is one of the persons, or one of `associations`.
   */
  readonly citations: readonly Citation[];
  /** The number of every source `citations` cite. */
  readonly sources: ReadonlyMap<Id, number>;
  // Media (OBJE, 7.0 and GEDZIP) joins here: the live media of these persons and of `events`.
};

export type SourceChunk = {
  readonly kind: 'sources';
  /** Live sources in id order, numbered from `first`. */
  readonly first: number;
  readonly sources: readonly Source[];
};

export type ExportChunk = PersonChunk | SourceChunk;

export type GedcomExportReads = {
  /**
   * The tree as chunks, all read from one snapshot (PostgreSQL: one REPEATABLE READ transaction),
   * held until the iteration ends or is abandoned (`return`): every live person exactly once, in
   * person chunks of at most `size` persons in id order (none for a tree without persons), then every
   * live source exactly once in source chunks of at most `size`. Statements grow with the number of
   * chunks, not with the records. An unknown tree reads as an empty one.
   */
  readonly chunks: (treeId: Id, size: number) => AsyncIterable<ExportChunk>;
};
