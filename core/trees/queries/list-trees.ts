import { signedInUser, type Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { QueryDeps } from '../../deps.js';
import type { Role, TreeRead } from '../model.js';

/**
 * The trees the caller is a member of, with their role. `deleted` lists the recoverable ones instead:
 * only those the caller owns, since only an owner can restore.
 */
export const listTrees =
  (deps: Pick<QueryDeps<'trees'>, 'storage'>) =>
  async (caller: Actor, input: { readonly deleted: boolean }): AsyncResult<readonly (TreeRead & { readonly role: Role })[]> => {
    const signedIn = signedInUser(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const trees = await deps.storage.trees.listForMember(actor.userId, input.deleted);
    return ok(input.deleted ? trees.filter((t) => t.role === 'owner') : trees);
  };
