import type { Id } from '../kernel/ids.js';
import type { ListOptions } from '../kernel/list.js';
import type { Media } from './model.js';

export type MediaRepository = {
  /** The item whether deleted or not, or null. */
  readonly byId: (id: Id) => Promise<Media | null>;
  /** Live items of the tree (deleted = true: the soft-deleted ones), ordered by id; `after` and `limit` page. */
  /**
   * Ordered by id. A non-member audience: media attached to a person shown in full, to an event they
   * are shown, or to a source they are shown; unattached media never.
   */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Media[]>;
  readonly insert: (media: Media) => Promise<void>;
  /** Replaces title, target, updatedAt and the deletion stamp. */
  readonly update: (media: Media) => Promise<void>;
  /**
   * Gives a record without bytes (storageKey null) its file: storageKey, checksum, size, contentType,
   * fileName and updatedAt from `media`. Whether it did: false (nothing changed) when the record is
   * unknown or has its bytes already, so of two uploads to one record only the first takes.
   */
  readonly fillFile: (media: Media) => Promise<boolean>;
};

/**
 * Object keys whose bytes must go from the BlobStore: queued in the same transaction that removes
 * their metadata (the purges queue them themselves), and drained after commit, so a crash or a store outage between the two only
 * delays the removal, never loses track of it.
 */
export type BlobRemovalQueue = {
  /** Queues these keys; a key already queued stays queued once. */
  readonly enqueue: (keys: readonly string[]) => Promise<void>;
  /** Up to `limit` queued keys, oldest first. */
  readonly next: (limit: number) => Promise<readonly string[]>;
  /** Forgets these keys (their objects are gone). Unknown keys are ignored. */
  readonly done: (keys: readonly string[]) => Promise<void>;
};
