import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../../trees/access.js';
import type { QueryDeps } from '../../deps.js';
import type { Repository } from '../model.js';

/** One repository, for members of its tree only (a non-member is 403, as for the list); a deleted one is 404. */
export const getRepository =
  (deps: QueryDeps<'repositories' | 'trees' | 'memberships'>) =>
  async (actor: Actor, id: Id): AsyncResult<Repository> => {
    const repository = await deps.storage.repositories.byId(id);
    if (repository === null) return fail(notFound('repository', id));
    const access = await accessTree(deps.storage, actor, repository.treeId, 'viewer');
    if (E.isLeft(access)) return access;
    return repository.deletedAt === null ? ok(repository) : fail(notFound('repository', id));
  };
