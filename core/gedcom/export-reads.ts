import type { Id } from '../kernel/ids.js';
import type { Coordinates, LifeEvent, Name, Person, Relationship, Sex } from '../people/model.js';
import type { Citation, Repository, Source } from '../sources/model.js';
import type { KeptRecord } from './types.js';
import type { KeptIndex } from './extensions.js';

// The read port of the GEDCOM export: the tree in chunks, so the file is written as it is read and
// memory does not grow with the tree. Numbers (not ids) name records in the file: GEDCOM 5.5.1 caps
// a cross-reference at 20 characters, and a UUID does not fit.
//
// A chunk carries only what the writer writes (the Export* rows below, which a stored record
// satisfies too), grouped by the record that writes it, so the writer places nothing by searching.
// Issue 28 adds fields (name prefix and suffix, coordinates, repositories, media) and verbatim
// extension lines to these rows: each is written after its record's own lines, in order, so they
// travel as further fields of the row they belong to (an individual, a name, an event, a family).

/** A person as its INDI record writes it. */
export type ExportPerson = Pick<Person, 'id' | 'sex' | 'privacy' | 'notes' | 'identifiers' | 'gedcomExtra'>;
/** A name as its NAME structure writes it. */
export type ExportName = Pick<Name, 'id' | 'nameType' | 'givenName' | 'surname' | 'prefix' | 'suffix' | 'surnamePrefix' | 'isPrimary' | 'notes' | 'gedcomExtra'>;
/** An event as export writes it: the place already resolved to its name and its coordinates (none: absent or null). */
export type ExportEvent = Pick<LifeEvent, 'id' | 'type' | 'customType' | 'date' | 'notes' | 'detail' | 'cause' | 'temple' | 'ordinanceStatus' | 'gedcomExtra'> & {
  readonly place: string | null;
  readonly coordinates?: Coordinates | null;
};
/**
 * A relationship edge: a family link (parent_child, partnership) or an association. Its ends are
 * PersonKeys, not ids; its id is the edge's own (families are ordered by it, citations name it).
 */
export type ExportEdge = Pick<Relationship, 'id' | 'type' | 'qualifier' | 'role' | 'notes' | 'gedcomExtra'> & { readonly personAId: PersonKey; readonly personBId: PersonKey };

/**
 * A person as a chunk's edges name it: its number in the file, in decimal (`'17'` for `@I17@`), so
 * that naming and comparing persons costs no lookup of an id.
 */
export type PersonKey = string;
/**
 * A source citation: its target by kind and id, its source by a key of the chunk's `sources` (the
 * source's id, or any key the reader numbers by).
 */
export type ExportCitation = Pick<Citation, 'sourceId' | 'target' | 'page' | 'detail' | 'confidence' | 'gedcomExtra'> & Partial<Pick<Citation, 'entryDate' | 'notes'>>;
/**
 * A source as its SOUR record writes it: `repositoryLinks` are its links by the numbers of their
 * repositories (`@R<n>@`), only those to live repositories, in the source's order (absent: none).
 */
export type ExportSource = Pick<Source, 'id' | 'title' | 'author' | 'publication' | 'notes' | 'abbreviation' | 'recordedEvents' | 'agency' | 'dataNotes' | 'gedcomExtra'> & {
  readonly repositoryLinks?: readonly { readonly repository: number; readonly callNumber: string }[];
};
/** A repository as its REPO record writes it. */
export type ExportRepository = Pick<Repository, 'id' | 'name' | 'address' | 'notes' | 'gedcomExtra'>;

/** A person of a chunk with what its INDI record writes besides its family links (FAMC, FAMS). */
export type ExportIndividual = {
  readonly person: ExportPerson;
  /** Its live names, the primary first, then by id. */
  readonly names: readonly ExportName[];
  /** Its own live events, by id. */
  readonly events: readonly ExportEvent[];
  /**
   * By id: the live citations (of a live source) of the person, of its names and events, of the
   * parent_child edges of `relationships` where it is the child, and of its associations.
   */
  readonly citations: readonly ExportCitation[];
  /** The live associations (ASSO) it holds (person_a) with a live person of the tree, by id (ends as PersonKeys). */
  readonly associations: readonly ExportEdge[];
};

/** What a FAM record of a partnership writes besides its members. */
export type ExportPartnership = {
  /** The partnership's live events, by id. */
  readonly events: readonly ExportEvent[];
  /** By id: the live citations (of a live source) of the partnership and of its events. */
  readonly citations: readonly ExportCitation[];
};

/**
 * Persons, partnerships and sources are numbered separately from 1 in id order over the live
 * records of the export's snapshot: a live person of the tree; a live partnership whose two ends
 * are such persons; a live source of the tree.
 */
export type PersonChunk = {
  readonly kind: 'persons';
  /** The number of the first of `individuals` (its PersonKey is that number in decimal); the next is `first + 1`, and so on. */
  readonly first: number;
  /** How many persons the chunk holds. */
  readonly count: number;
  /**
   * The `count` live persons in id order, each with what its INDI record writes. A reader may read
   * them as they are iterated (and only once), so that each person's rows are garbage as soon as its
   * record is written, whatever the chunk's size.
   */
  readonly individuals: Iterable<ExportIndividual>;
  /**
   * The live parent_child and partnership edges (never associations) whose two ends are live, that
   * the families of these persons are derived from: every such edge touching one of the persons;
   * every parent_child edge whose child is a child of one of the persons; every partnership between
   * two persons who are parents by one of those edges. A superset does no harm.
   */
  readonly relationships: readonly ExportEdge[];
  /** The sex of every end of `relationships` and of the associations, by PersonKey. */
  readonly people: ReadonlyMap<PersonKey, Sex | null>;
  /** The number of every partnership of `relationships`. */
  readonly partnerships: ReadonlyMap<Id, number>;
  /**
   * The events and citations of every partnership of `relationships` whose person_a is one of the
   * persons (the chunk writes its FAM): complete once `individuals` has been iterated to its end.
   */
  readonly partnershipRecords: ReadonlyMap<Id, ExportPartnership>;
  /** The number of every source the chunk's citations cite, by their `sourceId`: each one there by the time an individual citing it is iterated. */
  readonly sources: ReadonlyMap<string, number>;
  /** The cross-references (`@I7@`, `@S2@`, `@F3@`) of the rows the chunk's kept lines point at (extensions.ts), by id; absent when none. */
  readonly pointers?: ReadonlyMap<Id, string>;
  // Media (OBJE, 7.0 and GEDZIP) joins here: the live media of these persons and of their events.
};

export type SourceChunk = {
  readonly kind: 'sources';
  /** Live sources in id order, numbered from `first`. */
  readonly first: number;
  readonly sources: readonly ExportSource[];
  /** As PersonChunk.pointers. */
  readonly pointers?: ReadonlyMap<Id, string>;
};

/**
 * After the sources: the records the tree's imports kept whole (extensions.ts), in import and file
 * order, with the cross-references of the rows their pointers name. None when there are none.
 */
export type KeptChunk = {
  readonly kind: 'kept';
  readonly records: readonly KeptRecord[];
  readonly pointers: ReadonlyMap<Id, string>;
};

/** After the sources: live repositories in id order, numbered from `first` (the numbers ExportSource links by). */
export type RepositoryChunk = {
  readonly kind: 'repositories';
  readonly first: number;
  readonly repositories: readonly ExportRepository[];
  /** As PersonChunk.pointers. */
  readonly pointers?: ReadonlyMap<Id, string>;
};

export type ExportChunk = PersonChunk | SourceChunk | RepositoryChunk | KeptChunk;

export type GedcomExportReads = {
  /**
   * The tree as chunks, all read from one snapshot (PostgreSQL: one REPEATABLE READ transaction),
   * held until the iteration ends or is abandoned (`return`): every live person exactly once, in
   * person chunks of at most `size` persons in id order (none for a tree without persons), then every
   * live source exactly once in source chunks of at most `size`, then every live repository exactly
   * once in repository chunks of at most `size` (numbered from 1 in id order). Statements grow with the number of
   * chunks, not with the records. An unknown tree reads as an empty one.
   */
  readonly chunks: (treeId: Id, size: number) => AsyncIterable<ExportChunk>;
  /** What the tree's imports kept (extensions.ts) that an export must know before its first line. */
  readonly keptIndex: (treeId: Id) => Promise<KeptIndex>;
};
