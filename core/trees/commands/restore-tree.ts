import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import type { Role, TreeRead } from '../model.js';

/** Restores a soft-deleted tree (owner). A live tree is not found here: there is nothing to restore. */
export const restoreTree =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<TreeRead & { readonly role: Role | null }> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner', 'deleted');
      if (E.isLeft(access)) return access;
      const next = { ...access.right.tree, deletedAt: null, updatedAt: deps.clock.now() };
      await tx.trees.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'tree.restore', { type: 'tree', id: treeId, treeId }));
      return ok({ ...next, role: access.right.role });
    });
