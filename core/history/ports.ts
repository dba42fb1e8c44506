import type { JsonValue } from '../kernel/audit.js';
import type { Id } from '../kernel/ids.js';
import type { RecordChange, RecordKind } from './model.js';

export type HistoryPage = {
  readonly limit: number;
  /** Only changes older than this one (its `seq`): the next page. */
  readonly before?: string;
};

export type TreeChangesFilter = {
  /** Only changes at or after this instant. */
  readonly since?: Date;
  readonly actorId?: Id;
  readonly kind?: RecordKind;
};

/** The record as history names its fields now, whether it is deleted, and how. */
export type RecordState = {
  readonly treeId: Id;
  /** The persons whose history shows this record (the person itself, a name's or event's person, an edge's ends). */
  readonly persons: readonly Id[];
  readonly fields: { readonly [field: string]: JsonValue };
  readonly deletedAt: Date | null;
  readonly deletionId: Id | null;
};

/**
 * The history of a tree's records. Changes are recorded by the storage itself, in the transaction of
 * every write to persons, names, events, relationships, sources, citations and media (whatever wrote
 * it), with the actor and origin of that transaction's audit entries; they belong to the tree and
 * go when it is purged, and a record's changes go when the record is removed for good.
 */
export type HistoryStore = {
  /**
   * Newest first. A person's history holds the changes of the person, of its names and own events,
   * of the edges it is an end of, and of the events of its partnerships; any other record's holds
   * its own.
   */
  readonly forRecord: (kind: RecordKind, id: Id, page: HistoryPage) => Promise<readonly RecordChange[]>;
  /** The tree's changes, newest first, filtered. */
  readonly forTree: (treeId: Id, filter: TreeChangesFilter, page: HistoryPage) => Promise<readonly RecordChange[]>;
  /** One change of the tree by id, or null (also when the id names a change of another tree). */
  readonly change: (id: Id, treeId: Id) => Promise<RecordChange | null>;
  /** The record in any state (deleted too), or null when there is none of that kind and id. */
  readonly state: (kind: RecordKind, id: Id) => Promise<RecordState | null>;
  /**
   * Writes these fields of the record as given (names as `state` gives them; an event's `place` is a
   * place name, found or created in the tree). Fields the record does not have are refused (throws).
   */
  readonly writeFields: (kind: RecordKind, id: Id, fields: { readonly [field: string]: JsonValue }) => Promise<void>;
  /**
   * Undoes what an import created (a GEDCOM import's transaction, `ImportLog`), set-wise: every
   * record it created that is still live is deleted at `at` under `deletionId` (recoverable as any
   * deletion), except the records another transaction changed since, which are left and answered
   * (unless `force`: then they go too). Counts what it deleted, by kind.
   */
  readonly deleteCreatedBy: (importId: Id, o: { readonly force: boolean; readonly at: Date; readonly deletionId: Id }) => Promise<{
    readonly deleted: { readonly [K in RecordKind]: number };
    readonly left: readonly { readonly kind: RecordKind; readonly id: Id }[];
  }>;
  /** An import's changes other than creations (merges into existing records, overwrites), newest first. */
  readonly otherChangesOf: (importId: Id) => Promise<readonly RecordChange[]>;
  /** Marks a record of a kind without cascades deleted (`at`, with its own deletion id) or live. */
  readonly setDeleted: (kind: RecordKind, id: Id, deletion: { readonly at: Date; readonly id: Id } | null) => Promise<void>;
};
