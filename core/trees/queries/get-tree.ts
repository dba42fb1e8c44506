import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../access.js';
import type { TreeDeps } from '../deps.js';
import type { Role, TreeRead } from '../model.js';

/** One tree: members see the member record, non-members of a viewable tree the public one (no owner). */
export const getTree =
  (deps: Pick<TreeDeps, 'storage'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<TreeRead & { readonly role: Role | null }> => {
    const access = await accessTree(deps.storage, actor, treeId, 'view');
    return E.isLeft(access) ? access : ok({ ...access.right.tree, role: access.right.role });
  };
