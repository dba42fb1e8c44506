import { signedInUser, type Actor } from '../kernel/actor.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { forbidden, notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { roleAtLeast, type Role, type TreeRead, type TreeWithRole, type Visibility } from './model.js';

export type TreeAccess = { readonly tree: TreeRead; readonly role: Role | null };

/** Who may view a tree without being a member (SPEC "Visibility semantics for non-members"). */
export const viewableByNonMember = (visibility: Visibility, actor: Actor): boolean =>
  visibility === 'public' || visibility === 'unlisted' || (visibility === 'site_members' && actor.kind === 'user');

/**
 * Loads a tree for an authenticated request and checks the caller's right to it. Anonymous is
 * Unauthenticated and a restricted session (an unverified email) its restriction, whatever its role.
 * `needed` is a role, or 'view' (members, and non-members where the visibility allows).
 * A deleted tree is not found unless `state` asks for it (restore, purge).
 */
export const accessTree = async (
  stores: Pick<Stores, 'trees' | 'memberships'>,
  actor: Actor,
  treeId: Id,
  needed: Role | 'view',
  state: 'live' | 'deleted' | 'either' = 'live',
): Promise<Result<TreeAccess>> => {
  const user = signedInUser(actor);
  if (E.isLeft(user)) return user;
  return decideAccess(await stores.trees.withRole(treeId, user.right.userId), actor, treeId, needed, state);
};

/** accessTree's decision on a tree already read with the caller's role (by whatever read brought it). */
export const decideAccess = (
  found: TreeWithRole | null,
  actor: Actor,
  treeId: Id,
  needed: Role | 'view',
  state: 'live' | 'deleted' | 'either' = 'live',
): Result<TreeAccess> => {
  const user = signedInUser(actor);
  if (E.isLeft(user)) return user;
  const inState = state === 'either' || (found !== null && (found.deletedAt !== null) === (state === 'deleted'));
  if (found === null || !inState) return fail(notFound('tree', treeId));
  const { role, ...tree } = found;
  if (role === null) {
    if (tree.deletedAt !== null) return fail(notFound('tree', treeId));
    return needed === 'view' && viewableByNonMember(tree.visibility, actor)
      ? ok({ tree, role: null })
      : fail(forbidden(needed === 'view' ? 'This tree is private.' : 'You are not a member of this tree.'));
  }
  if (needed !== 'view' && !roleAtLeast(role, needed)) return fail(forbidden(`This needs the ${needed} role.`));
  return ok({ tree, role });
};
