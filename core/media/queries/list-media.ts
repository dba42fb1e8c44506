import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { readerFor } from '../../privacy/reader.js';
import { nextAfter, type ListOptions } from '../../kernel/list.js';
import type { QueryDeps } from '../../deps.js';
import type { Media } from '../model.js';

/** A page of the tree's media; a non-member sees the items the privacy rules let through (filtered by the store); `deleted` is for members. */
export const listMedia =
  (deps: QueryDeps<'trees' | 'memberships' | 'media'>) =>
  async (actor: Actor, treeId: Id, page: ListOptions): AsyncResult<{ readonly rows: readonly Media[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (!reader.right.member && page.deleted === true) return fail(forbidden('Deleted media is for members.'));
    const rows = await deps.storage.media.listByTree(treeId, { ...page, audience: audienceOf(reader.right.member, deps.clock.now()) });
    return ok({ rows, lastId: nextAfter(rows, page.limit) });
  };
