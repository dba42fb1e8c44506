import { restrictionOf, type Actor } from '../kernel/actor.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { forbidden, notFound, unauthenticated, type DomainError } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { accessTree } from '../trees/access.js';
import { roleAtLeast, type Role } from '../trees/model.js';

/**
 * History is for members of the tree (at least `needed`). A signed-in non-member is told what an
 * unknown id would tell them (no existence oracle); anonymous and restricted callers get their own
 * answer, as for every record; a member below `needed` is forbidden.
 */
export const historyAccess = async (
  stores: Pick<Stores, 'trees' | 'memberships'>,
  actor: Actor,
  treeId: Id,
  needed: Role,
  unknown: { readonly entity: string; readonly id: Id },
): Promise<Result<Role>> => {
  const caller = callerError(actor);
  if (caller !== null) return fail(caller);
  const access = await accessTree(stores, actor, treeId, 'view');
  if (E.isLeft(access) || access.right.role === null) return fail(notFound(unknown.entity, unknown.id));
  const { role } = access.right;
  return roleAtLeast(role, needed) ? ok(role) : fail(forbidden(`This needs the ${needed} role.`));
};

/** What anonymous (401) and restricted (their restriction) callers get for any record, known or not. */
export const callerError = (actor: Actor): DomainError | null =>
  actor.kind === 'anonymous' ? unauthenticated() : restrictionOf(actor);

/** An id with no record: 404 to a user, the caller's own answer to anyone else. */
export const unknownRecord = (actor: Actor, entity: string, id: Id): DomainError => callerError(actor) ?? notFound(entity, id);
