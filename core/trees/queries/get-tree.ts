import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { QueryDeps } from '../../deps.js';
import type { Role, TreeRead } from '../model.js';

/**
 * One tree: members see the member record, non-members of a viewable tree the public one (no owner),
 * and the home person only when the privacy engine does not hide that person from them.
 */
export const getTree =
  (deps: QueryDeps<'trees' | 'memberships' | 'persons'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<TreeRead & { readonly role: Role | null }> => {
    const access = await accessTree(deps.storage, actor, treeId, 'view');
    if (E.isLeft(access)) return access;
    const { tree, role } = access.right;
    if (role !== null || tree.homePersonId === null) return ok({ ...tree, role });
    const home = tree.homePersonId;
    const visibility = await personVisibility(deps.storage, treeId, false, deps.clock.now(), [home]);
    return ok({ ...tree, homePersonId: visibility.of(home) === 'hidden' ? null : home, role });
  };
