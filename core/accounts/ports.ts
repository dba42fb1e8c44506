import type { Id } from '../kernel/ids.js';
import type { LifeEvent, Name, Place } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import type { Media } from '../media/model.js';
import type { Dismissal } from '../duplicates/model.js';
import type { BlobBody } from '../media/blob-store.js';
import type { ArchiveHeader, ArchiveImport, ArchiveItem } from './archive.js';

/**
 * What a backup reads besides the repositories' own lists: the records of one tree that a backup
 * holds, in keyset chunks (ordered by id, strictly after `after` when given, at most `limit`), each
 * chunk one statement. "Reachable" means live and owned by live records: a soft-deleted person's
 * names and events, and citations of deleted sources or targets, are left out as the API hides them.
 * Rows come with the GEDCOM lines their import kept (`gedcomExtra`, absent when none).
 */
export type AccountArchiveReads = {
  /** Live names of live persons. */
  readonly names: (treeId: Id, after: Id | null, limit: number) => Promise<readonly Name[]>;
  /** Live events of a live person or of a live partnership. */
  readonly events: (treeId: Id, after: Id | null, limit: number) => Promise<readonly LifeEvent[]>;
  /** Every place of the tree (places are never deleted). */
  readonly places: (treeId: Id, after: Id | null, limit: number) => Promise<readonly Place[]>;
  /**
   * Live citations whose source is live and whose target is reachable (a live person; a live name or
   * event whose owner is live; a live relationship).
   */
  readonly citations: (treeId: Id, after: Id | null, limit: number) => Promise<readonly Citation[]>;
  /** Live media; a target that is not live (a deleted person, event or source) reads as null. */
  readonly media: (treeId: Id, after: Id | null, limit: number) => Promise<readonly Media[]>;
  /**
   * Dismissed duplicate pairs whose two persons are live persons of the tree: a pair with a deleted
   * (or merged away) person is left out, as that person is.
   */
  readonly dismissals: (treeId: Id, after: Id | null, limit: number) => Promise<readonly Dismissal[]>;
  /**
   * The kept GEDCOM lines (`gedcomExtra`) of those rows of a kind whose repository's list leaves
   * them out, by id; rows without any (and unknown ids) are not in the map.
   */
  readonly keptLines: (kind: 'person' | 'relationship' | 'source', ids: readonly Id[]) => Promise<ReadonlyMap<Id, string>>;
  /** The tree's imports not undone that kept records whole (`kept` set), ordered by id. */
  readonly imports: (treeId: Id, after: Id | null, limit: number) => Promise<readonly ArchiveImport[]>;
  /**
   * Writes an import as a backup held it (in the restore's unit of work), tied to no unit of work's
   * changes: its rows were restored, not imported, so undoing it deletes and reverts nothing and only
   * takes its kept records out of export. An id that exists fails.
   */
  readonly restoreImport: (entry: ArchiveImport) => Promise<void>;
};

/** Why a backup cannot be restored, in words for the caller (a 422). */
export type ArchiveFault = { readonly kind: 'fault'; readonly reason: string };

/** A media file inside a backup. */
export type ArchiveFile = { readonly size: number; readonly open: () => Promise<BlobBody> };

/**
 * A backup opened for restoring (the zip reader in adapters/archive): its limits already checked.
 * `items` yields the trees and records in reading order, decoded and bounded like API input; a
 * record that does not decode, or bytes that break off, end the iteration with a fault.
 */
export type ArchiveSource = {
  readonly header: ArchiveHeader;
  readonly items: () => AsyncIterable<ArchiveItem | ArchiveFault>;
  /** The file stored for that media id, or null when the backup holds none. */
  readonly mediaFile: (mediaId: Id) => ArchiveFile | null;
  /** The media ids the backup holds files for. */
  readonly mediaIds: () => readonly Id[];
};
