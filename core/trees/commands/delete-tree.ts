import { actorId, type Actor } from '../../shared/actor.js';
import { auditEntry } from '../../shared/audit-entry.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../../shared/tree-access.js';
import type { TreeDeps } from '../deps.js';

/** Soft-deletes a tree (owner). It stays recoverable until purged. */
export const deleteTree =
  (deps: Pick<TreeDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner');
      if (E.isLeft(access)) return access;
      const now = deps.clock.now();
      await tx.trees.update({ ...access.right.tree, deletedAt: now, updatedAt: now });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'tree.delete', { type: 'tree', id: treeId, treeId }));
      return ok(undefined);
    });
