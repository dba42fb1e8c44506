import type { QueryDeps } from '../deps.js';
import type { MediaDeps } from './deps.js';

/**
 * Removes objects stored by a write that then failed. An object the store will not remove now is
 * reported (`onOrphan`) and queued, so the purge removes it later: nothing is left untracked.
 */
export const discardBlobs = async (deps: Pick<QueryDeps<'blobRemovals'>, 'storage'> & MediaDeps, keys: readonly string[]): Promise<void> => {
  for (const key of keys) {
    try {
      await deps.blobs.remove(key);
    } catch (err) {
      deps.onOrphan?.(key, err);
      await deps.storage.blobRemovals.enqueue([key]).catch(() => undefined);
    }
  }
};
