import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { TreeRead } from '../model.js';

/** A tree on the public surface: 404 (never 403) when the caller may not view it. */
export const getPublicTree =
  (deps: Pick<QueryDeps<'trees' | 'memberships'>, 'storage'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<TreeRead> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'public');
    return E.isLeft(reader) ? reader : ok(reader.right.tree);
  };
