import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';

/** Soft-deletes a tree (owner). It stays recoverable until purged. */
export const deleteTree =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner');
      if (E.isLeft(access)) return access;
      const now = deps.clock.now();
      await tx.trees.update({ ...access.right.tree, deletedAt: now, updatedAt: now });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'tree.delete', { type: 'tree', id: treeId, treeId }));
      return ok(undefined);
    });
