import type { GedcomKept } from '../people/model.js';
import type { Id } from '../kernel/ids.js';
import type { Deletion } from '../kernel/deletion.js';

export const mediaTargets = ['person', 'event', 'source'] as const;
export type MediaTargetKind = (typeof mediaTargets)[number];
export type MediaTarget = { readonly kind: MediaTargetKind; readonly id: Id };

/** A media item's metadata; its bytes live in the BlobStore under `storageKey`. */
export type Media = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly title: string;
  /** The file name the uploader's client gave (no path), or '' when it gave none. */
  readonly fileName: string;
  /** Decided from the file's first bytes (see sniff.ts), never only from the client's word. */
  readonly contentType: string;
  readonly size: number;
  /** SHA-256 of the bytes, lower-case hex. */
  readonly checksum: string;
  /** At most one person, event or source of the same tree, or null (members only). */
  readonly target: MediaTarget | null;
  /**
   * Where the bytes are in the BlobStore; null for a record whose file was not uploaded (a GEDCOM
   * OBJE whose file did not come with the file): its size is 0, its checksum and content type '',
   * until an upload to it (fill-media-file.ts) brings them.
   */
  readonly storageKey: string | null;
  /** The file's path as a GEDCOM FILE gave it ('' for an uploaded item): written back on export. */
  readonly filePath: string;
  /** The file's format as a GEDCOM FORM gave it (`jpg`, `image/jpeg`; '' when none). */
  readonly form: string;
  readonly createdBy: Id | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** Where a tree's media bytes go: one prefix per tree, one object per media item. */
export const mediaStorageKey = (treeId: Id, mediaId: Id): string => `media/${treeId}/${mediaId}`;
