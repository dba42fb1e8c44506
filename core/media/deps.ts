import type { BlobStore } from './blob-store.js';

/**
 * The settings of the media handlers beside the stores each names (CommandDeps / QueryDeps): where
 * the bytes go, and where a lost object is reported. Every host's whole record carries them.
 */
export type MediaDeps = {
  readonly blobs: BlobStore;
  /** Where a removal that failed after a failed write is reported; the object is queued instead. */
  readonly onOrphan?: (key: string, err: unknown) => void;
};
