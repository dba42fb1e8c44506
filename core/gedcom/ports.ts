import type { LifeEvent, Name, Person, Place, Relationship } from '../people/model.js';
import type { Citation, Source } from '../sources/model.js';

/** New rows of one tree, written together by an import. */
export type RecordBatch = {
  readonly persons: readonly Person[];
  readonly names: readonly Name[];
  readonly places: readonly Place[];
  readonly relationships: readonly Relationship[];
  readonly events: readonly LifeEvent[];
  readonly sources: readonly Source[];
  readonly citations: readonly Citation[];
};

export type BulkRecordWriter = {
  /**
   * Inserts every row of the batch, each exactly as its repository's `insert` would, in a number of
   * statements that grows with the batch size divided by a chunk size, not with the row count.
   * Rows are new: an id that exists already, or a place name the tree has already (compared trimmed
   * and case-insensitively), fails the whole call. Order inside the batch does not matter; the
   * writer inserts owners before what references them.
   */
  readonly insertAll: (batch: RecordBatch) => Promise<void>;
};
