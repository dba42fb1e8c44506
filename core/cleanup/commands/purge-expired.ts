import { auditEntry } from '../../kernel/audit-entry.js';
import { ok } from '../../kernel/either.js';
import { newId } from '../../kernel/ids.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { Storage } from '../../stores.js';
import type { PurgeCounts } from '../../people/ports.js';
import type { BlobStore } from '../../media/blob-store.js';
import { removeQueuedBlobs } from '../../media/commands/remove-queued-blobs.js';

export const PURGE_LOCK = 'purge-expired';

export type PurgeResult =
  | { readonly ran: false }
  | { readonly ran: true; readonly cutoff: Date; readonly counts: PurgeCounts; readonly blobsRemoved: number; readonly blobsPending: boolean };

/**
 * Removes for good what was soft-deleted more than `purgeAfterDays` ago: records, trees and deleted
 * accounts (whose emails may then register again). Guarded by a lock across
 * instances: when another instance is purging, this one does nothing ({ ran: false }). Idempotent.
 * A run that removed anything is audited as a system action (no actor, no tree). After the commit it
 * removes the media objects queued by this run and by any earlier run the store refused.
 */
export const purgeExpired =
  (deps: CommandDeps<'purges' | 'audit'> & Pick<QueryDeps<'blobRemovals'>, 'storage'> & { readonly storage: Pick<Storage, 'exclusive'>; readonly purgeAfterDays: number; readonly blobs: BlobStore }) =>
  async (): Promise<PurgeResult> => {
    const result = await deps.storage.exclusive(PURGE_LOCK, async () => {
      const cutoff = new Date(deps.clock.now().getTime() - deps.purgeAfterDays * 24 * 3600 * 1000);
      const run = await deps.storage.uow.run(async (tx) => {
        const counts = await tx.purges.purgeDeletedBefore(cutoff);
        if (Object.values(counts).some((n) => n > 0)) {
          await tx.audit.record(auditEntry(deps.clock, null, 'system.purge', { type: 'system', id: newId(), treeId: null }, { cutoff: cutoff.toISOString(), ...counts }));
        }
        return ok(counts);
      });
      if (run._tag === 'Left') throw new Error('purge failed');
      const blobs = await removeQueuedBlobs(deps)();
      return { ran: true as const, cutoff, counts: run.right, blobsRemoved: blobs.removed, blobsPending: blobs.pending };
    });
    return result ?? { ran: false };
  };
