import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../../shared/tree-access.js';
import type { TreeDeps } from '../deps.js';
import type { MemberRead } from '../model.js';

/** Members only: the list exposes emails, so non-members never see it, even on public trees. */
export const listMembers =
  (deps: Pick<TreeDeps, 'storage'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<readonly MemberRead[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    return E.isLeft(access) ? access : ok(await deps.storage.memberships.list(treeId));
  };
