import { restrictionOf, type Actor } from '../kernel/actor.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { accessTree, decideAccess, viewableByNonMember } from '../trees/access.js';
import type { TreeRead, TreeWithRole } from '../trees/model.js';

/**
 * `members`: the authenticated API (non-members of a viewable tree read through the engine, a tree
 * they may not view is 403). `public`: the anonymous surface, where everyone reads as a non-member
 * and a tree the caller may not view is 404; a restricted session (an unverified email) reads neither.
 */
export type Surface = 'members' | 'public';

export type TreeReader = { readonly tree: TreeRead; readonly member: boolean; readonly role: 'owner' | 'editor' | 'viewer' | null };

export const readerFor = async (
  stores: Pick<Stores, 'trees' | 'memberships'>,
  actor: Actor,
  treeId: Id,
  surface: Surface,
): Promise<Result<TreeReader>> => {
  if (surface === 'members') {
    const access = await accessTree(stores, actor, treeId, 'view');
    return E.isLeft(access) ? access : ok({ tree: access.right.tree, role: access.right.role, member: access.right.role !== null });
  }
  const restricted = restrictionOf(actor);
  if (restricted !== null) return fail(restricted);
  const tree = await stores.trees.byId(treeId);
  return readerOf(tree === null ? null : { ...tree, role: null }, actor, treeId, surface);
};

/** readerFor's decision on a tree already read with the caller's role (null role when not a member or anonymous). */
export const readerOf = (found: TreeWithRole | null, actor: Actor, treeId: Id, surface: Surface): Result<TreeReader> => {
  if (surface === 'members') {
    const access = decideAccess(found, actor, treeId, 'view');
    return E.isLeft(access) ? access : ok({ tree: access.right.tree, role: access.right.role, member: access.right.role !== null });
  }
  const restricted = restrictionOf(actor);
  if (restricted !== null) return fail(restricted);
  if (found === null || found.deletedAt !== null || !viewableByNonMember(found.visibility, actor)) return fail(notFound('tree', treeId));
  const { role: _role, ...tree } = found;
  return ok({ tree, role: null, member: false });
};
