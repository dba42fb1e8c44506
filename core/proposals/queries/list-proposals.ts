import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../../shared/tree-access.js';
import type { ProposalDeps } from '../deps.js';
import type { Proposal } from '../model.js';
import type { ProposalListOptions } from '../ports.js';

/** The tree's proposals, newest first, for members (viewers too); non-members 403 even on a public tree. */
export const listProposals =
  (deps: ProposalDeps) =>
  async (actor: Actor, treeId: Id, options: ProposalListOptions): AsyncResult<readonly Proposal[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    return ok(await deps.storage.proposals.listByTree(treeId, options));
  };
