import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf } from '../../privacy/reader.js';
import type { TreeRead } from '../../trees/model.js';
import type { QueryDeps } from '../../deps.js';

/**
 * A tree on the public surface with its change stamp (PublicPageReads.treeStamp), in one read: what a
 * public page checks before anything else, so an unchanged page answers 304 at the cost of that read.
 * A tree the caller may not view is 404, as getPublicTree decides (the same readerOf).
 */
export const getPublicTreeStamp =
  (deps: QueryDeps<'publicPages'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<{ readonly tree: TreeRead; readonly stamp: string }> => {
    const found = await deps.storage.publicPages.treeStamp(treeId);
    const reader = readerOf(found?.tree ?? null, actor, treeId, 'public');
    if (E.isLeft(reader)) return reader;
    return found === null ? fail(notFound('tree', treeId)) : ok({ tree: reader.right.tree, stamp: found.stamp });
  };
