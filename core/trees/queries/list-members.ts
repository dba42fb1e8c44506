import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { QueryDeps } from '../../deps.js';
import type { MemberRead } from '../model.js';

/** Members only: the list exposes emails, so non-members never see it, even on public trees. */
export const listMembers =
  (deps: Pick<QueryDeps<'trees' | 'memberships'>, 'storage'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<readonly MemberRead[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    return E.isLeft(access) ? access : ok(await deps.storage.memberships.list(treeId));
  };
