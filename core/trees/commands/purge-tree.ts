import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import type { TreeDeps } from '../deps.js';

/**
 * Removes a deleted tree for good (owner, the name retyped). Every tree-owned row goes; audit entries
 * stay with a null tree, and the purge itself is audited with a null tree. Its media objects are
 * queued in the same transaction and removed after it commits (what the store refuses now, the purge
 * worker retries).
 */
export const purgeTree =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'> & Pick<TreeDeps, 'reclaimBlobs'>) =>
  async (actor: Actor, treeId: Id, input: { readonly name: string }): AsyncResult<void> => {
    const result = await deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner', 'either');
      if (E.isLeft(access)) return access;
      if (access.right.tree.deletedAt === null) return fail(invalidInput('tree_not_deleted', 'Delete the tree before purging it.'));
      if (input.name !== access.right.tree.name)
        return fail(invalidInput('name_mismatch', 'Retype the tree name exactly to purge it.', [{ path: 'name', message: 'does not match the tree name' }]));
      await tx.trees.purge(treeId);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'tree.purge', { type: 'tree', id: treeId, treeId: null }));
      return ok(undefined);
    });
    if (E.isRight(result)) await deps.reclaimBlobs();
    return result;
  };
