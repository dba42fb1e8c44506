import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../../trees/access.js';
import type { QueryDeps } from '../../deps.js';
import type { Proposal } from '../model.js';
import type { ProposalListOptions } from '../ports.js';

/** The tree's proposals, newest first, for members (viewers too); non-members 403 even on a public tree. */
export const listProposals =
  (deps: QueryDeps<'trees' | 'memberships' | 'proposals'>) =>
  async (actor: Actor, treeId: Id, options: ProposalListOptions): AsyncResult<readonly Proposal[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    return ok(await deps.storage.proposals.listByTree(treeId, options));
  };
