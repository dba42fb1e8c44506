import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { proposalFor } from '../access.js';
import type { QueryDeps } from '../../deps.js';
import type { Proposal } from '../model.js';

/** One proposal of the tree, for members. (The before/after diff is added by the apply work.) */
export const getProposal =
  (deps: QueryDeps<'trees' | 'memberships' | 'proposals'>) =>
  async (actor: Actor, treeId: Id, proposalId: Id): AsyncResult<Proposal> => {
    const found = await proposalFor(deps.storage, actor, treeId, proposalId, 'viewer');
    return E.isLeft(found) ? found : ok(found.right.proposal);
  };
