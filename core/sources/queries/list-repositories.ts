import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../../trees/access.js';
import type { QueryDeps } from '../../deps.js';
import { nextAfter, type ListOptions } from '../../kernel/list.js';
import type { Repository } from '../model.js';

/**
 * A page of the tree's repositories, for members only: a repository backs no fact of its own, and the
 * privacy engine has no rule for it, so a non-member (even of a public tree) is 403, as for the members list.
 */
export const listRepositories =
  (deps: QueryDeps<'trees' | 'memberships' | 'repositories'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Repository[]; readonly lastId: Id | null }> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const rows = await deps.storage.repositories.listByTree(treeId, page);
    return ok({ rows, lastId: nextAfter(rows, page.limit) });
  };
