import type { Actor } from '../kernel/actor.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { accessTree, type TreeAccess } from '../trees/access.js';
import type { Role } from '../trees/model.js';
import type { Proposal } from './model.js';

/**
 * A proposal addressed as /trees/{treeId}/proposals/{id}, for a member with at least `role`. A
 * proposal of another tree, or none, is not found, after the tree check (so a stranger learns nothing).
 */
export const proposalFor = async (
  tx: Pick<Stores, 'trees' | 'memberships' | 'proposals'>,
  actor: Actor,
  treeId: Id,
  proposalId: Id,
  role: Role,
): Promise<Result<{ readonly proposal: Proposal; readonly access: TreeAccess }>> => {
  const access = await accessTree(tx, actor, treeId, role);
  if (E.isLeft(access)) return access;
  const proposal = await tx.proposals.byId(proposalId);
  return proposal === null || proposal.treeId !== treeId ? fail(notFound('proposal', proposalId)) : ok({ proposal, access: access.right });
};
