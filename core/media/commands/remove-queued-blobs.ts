import type { QueryDeps } from '../../deps.js';
import type { BlobStore } from '../blob-store.js';

/**
 * Removes the objects queued by purges, after their rows are gone. A store that fails stops the run
 * and leaves the rest queued for the next one (the purge worker runs hourly): a blob is only ever
 * forgotten once it is removed. Answers how many it removed and whether keys remain.
 */
export const removeQueuedBlobs =
  (deps: Pick<QueryDeps<'blobRemovals'>, 'storage'> & { readonly blobs: BlobStore }) =>
  async (batch = 100): Promise<{ readonly removed: number; readonly pending: boolean }> => {
    let removed = 0;
    for (;;) {
      const keys = await deps.storage.blobRemovals.next(batch);
      if (keys.length === 0) return { removed, pending: false };
      const gone: string[] = [];
      try {
        for (const key of keys) {
          await deps.blobs.remove(key);
          gone.push(key);
        }
      } catch {
        await deps.storage.blobRemovals.done(gone);
        return { removed: removed + gone.length, pending: true };
      }
      await deps.storage.blobRemovals.done(gone);
      removed += gone.length;
    }
  };
