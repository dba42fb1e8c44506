import type { Actor } from '../../shared/actor.js';
import { fail, ok, type AsyncResult } from '../../shared/either.js';
import { unauthenticated } from '../../shared/errors.js';
import type { TreeDeps } from '../deps.js';
import type { Role, TreeRead } from '../model.js';

/**
 * The trees the caller is a member of, with their role. `deleted` lists the recoverable ones instead:
 * only those the caller owns, since only an owner can restore.
 */
export const listTrees =
  (deps: Pick<TreeDeps, 'storage'>) =>
  async (actor: Actor, input: { readonly deleted: boolean }): AsyncResult<readonly (TreeRead & { readonly role: Role })[]> => {
    if (actor.kind !== 'user') return fail(unauthenticated());
    const trees = await deps.storage.trees.listForMember(actor.userId, input.deleted);
    return ok(input.deleted ? trees.filter((t) => t.role === 'owner') : trees);
  };
