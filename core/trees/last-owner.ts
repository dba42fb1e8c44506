import { conflict, notFound, type DomainError } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { Membership } from './model.js';

/**
 * The membership about to lose its owner role (by demotion or removal), or the reason it may not:
 * a tree always keeps one owner. Locks the owner rows first, so concurrent changes serialise.
 */
export const membershipLosingOwner = async (
  tx: Pick<Stores, 'memberships'>,
  treeId: Id,
  userId: Id,
  keepsOwnerRole: boolean,
): Promise<DomainError | Membership> => {
  const owners = await tx.memberships.ownersForUpdate(treeId);
  const target = await tx.memberships.get(treeId, userId);
  if (target === null) return notFound('member', userId);
  if (target.role === 'owner' && !keepsOwnerRole && owners.length <= 1)
    return conflict('last_owner', 'A tree always keeps one owner: make someone else owner first.');
  return target;
};

export const isDomainError = (x: DomainError | Membership): x is DomainError => '_tag' in x;
