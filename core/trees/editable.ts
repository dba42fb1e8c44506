import type { Actor } from '../kernel/actor.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { accessTree, type TreeAccess } from './access.js';

type TreeOwned = { readonly treeId: Id; readonly deletedAt: Date | null };

/**
 * Loads a record addressed by its own id and checks that the actor may edit its tree. A missing or
 * soft-deleted record is not found (restore asks for `state: 'deleted'` instead).
 */
export const editableRecord = async <R extends TreeOwned>(
  tx: Pick<Stores, 'trees' | 'memberships'>,
  actor: Actor,
  entity: string,
  id: Id,
  record: R | null,
  state: 'live' | 'deleted' = 'live',
): Promise<Result<{ readonly record: R; readonly access: TreeAccess }>> => {
  if (record === null || (record.deletedAt !== null) !== (state === 'deleted')) {
    // Still check the tree when the record exists, so a stranger learns nothing from 404 vs 403.
    if (record !== null) {
      const access = await accessTree(tx, actor, record.treeId, 'editor');
      if (E.isLeft(access)) return access;
    }
    return fail(notFound(entity, id));
  }
  const access = await accessTree(tx, actor, record.treeId, 'editor');
  return E.isLeft(access) ? access : ok({ record, access: access.right });
};
