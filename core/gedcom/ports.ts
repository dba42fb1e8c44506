import type { LifeEvent, Name, Person, Place, Relationship } from '../people/model.js';
import type { Citation, Repository, Source } from '../sources/model.js';
import type { KeptRecord } from './types.js';

/** New rows of one tree, written together by an import. */
export type RecordBatch = {
  readonly persons: readonly Person[];
  readonly names: readonly Name[];
  readonly places: readonly Place[];
  readonly relationships: readonly Relationship[];
  readonly events: readonly LifeEvent[];
  readonly sources: readonly Source[];
  readonly citations: readonly Citation[];
  /** Absent when the batch has none (most writers never make repositories). */
  readonly repositories?: readonly Repository[];
};

export type BulkOptions = {
  /**
   * The batch may point at rows a later batch of this unit of work writes, and its references may be
   * checked only by `verify` (which the caller must then call after its last batch), not row by row.
   * Its rows may be held and written with later batches' (at the latest by `verify`), so a row that
   * cannot be written (an id that exists already) may fail a later call or `verify` instead of this
   * one; the unit of work fails either way.
   */
  readonly deferChecks?: boolean;
  /**
   * An import's rows: their creations are recorded in the history without their fields (the rows as
   * written are the record's later state less its later changes), so an import does not double the
   * tree's size on disk. Any other write records every field it creates.
   */
  readonly leanHistory?: boolean;
};

export type BulkRecordWriter = {
  /**
   * Inserts every row of the batch, each exactly as its repository's `insert` would, in a number of
   * statements that grows with the batch size divided by a chunk size, not with the row count.
   * Rows are new: an id that exists already, or a place name the tree has already (compared trimmed
   * and case-insensitively), fails the whole call. Order inside the batch does not matter; the
   * writer inserts owners before what references them.
   */
  readonly insertAll: (batch: RecordBatch, options?: BulkOptions) => Promise<void>;
  /**
   * Once the last batch of a unit of work is written with `deferChecks`: every reference of those rows (a name's person, an event's person, partnership and place, an edge's ends, a citation's
   * source) names a row that exists, else it throws and the unit of work is rolled back. Batches may
   * point forward at rows of a later batch until then. After a large write it also brings the
   * database's statistics of those tables up to date, for the queries that follow it.
   */
  readonly verify: () => Promise<void>;
  /**
   * Waits until no write this writer started is under way (a write may go on after `insertAll`
   * returns), whether it succeeds or not; what it holds unwritten is left. For a unit of work that
   * ends without `verify` (an import refused or thrown out of after it wrote rows), so that its
   * rollback is not overtaken by a write.
   */
  readonly settle: () => Promise<void>;
};

/** The export's read port (in its own file, with the chunk shapes it answers). */
export type { GedcomExportReads, PersonChunk, SourceChunk } from './export-reads.js';

/** A GEDCOM import as its tree lists it: who, when, which file, what it wrote, and when it was undone. */
export type ImportRecord = {
  readonly id: string;
  readonly treeId: string;
  readonly actorId: string | null;
  /** The uploaded file's name as the client gave it ('' when none). */
  readonly fileName: string;
  /** The report's counts per kind (created, merged, skipped, ...). */
  readonly counts: { readonly [kind: string]: { readonly [what: string]: number } };
  readonly createdAt: Date;
  readonly undoneAt: Date | null;
  /**
   * What the import kept verbatim beyond its rows (extensions.ts): the records no row takes, and the
   * extension tags of all its kept lines (a 7.0 export declares them). Absent when none; export reads it.
   */
  readonly kept?: { readonly records: readonly KeptRecord[]; readonly tags: readonly string[] };
};

/**
 * The imports of a tree. `record` is called inside the import's unit of work: the storage ties the
 * record to that transaction, whose changes (the history) are what the import did.
 */
export type ImportLog = {
  readonly record: (entry: ImportRecord) => Promise<void>;
  /** Newest first; with `after`, only imports older than that one. */
  readonly list: (treeId: string, page: { readonly limit: number; readonly after?: string }) => Promise<readonly (ImportRecord & { readonly actorDisplay: string | null })[]>;
  readonly byId: (id: string) => Promise<ImportRecord | null>;
  readonly markUndone: (id: string, at: Date) => Promise<void>;
};
