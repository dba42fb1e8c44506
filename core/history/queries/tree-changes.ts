import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import type { RecordChange } from '../model.js';
import type { TreeChangesFilter } from '../ports.js';
import { historyAccess } from '../access.js';
import { DEFAULT_HISTORY_LIMIT } from './record-history.js';

/** The tree's change feed, newest first, filtered by time, author and kind (members only). */
export const treeChanges =
  (deps: QueryDeps<'history' | 'trees' | 'memberships'>) =>
  async (actor: Actor, treeId: Id, filter: TreeChangesFilter, page: { readonly limit?: number; readonly before?: string }): AsyncResult<readonly RecordChange[]> => {
    const access = await historyAccess(deps.storage, actor, treeId, 'viewer', { entity: 'tree', id: treeId });
    if (E.isLeft(access)) return access;
    return ok(await deps.storage.history.forTree(treeId, filter, { limit: page.limit ?? DEFAULT_HISTORY_LIMIT, ...(page.before === undefined ? {} : { before: page.before }) }));
  };
