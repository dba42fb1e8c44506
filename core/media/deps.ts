import type { Clock } from '../kernel/clock.js';
import type { Storage } from '../stores.js';
import type { BlobStore } from './blob-store.js';

export type MediaDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  /** Where a removal that failed after a failed write is reported; the object is queued instead. */
  readonly onOrphan?: (key: string, err: unknown) => void;
};
