import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { readerFor } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import { nextAfter, type ListOptions } from '../../kernel/list.js';
import type { Citation } from '../model.js';

/** A page of the tree's citations; a non-member sees those whose fact resolves to fully visible persons (filtered by the store before the page is cut). */
export const listCitations =
  (deps: QueryDeps<'trees' | 'memberships' | 'citations'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Citation[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    const rows = await deps.storage.citations.listByTree(treeId, { ...page, audience: audienceOf(reader.right.member, deps.clock.now()) });
    return ok({ rows, lastId: nextAfter(rows, page.limit) });
  };
