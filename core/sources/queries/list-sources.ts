import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { audienceOf } from '../../shared/audience.js';
import { readerFor } from '../../privacy/reader.js';
import type { RecordDeps } from '../../shared/record-deps.js';
import { nextAfter, type ListOptions } from '../../shared/list.js';
import type { Source } from '../model.js';

/** A page of the tree's sources; a non-member sees only those backing at least one citation they may see (filtered by the store). */
export const listSources =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Source[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    const rows = await deps.storage.sources.listByTree(treeId, { ...page, audience: audienceOf(reader.right.member, deps.clock.now()) });
    return ok({ rows, lastId: nextAfter(rows, page.limit) });
  };
