import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../../people/deps.js';
import { nextAfter, type ListOptions } from '../../people/ports.js';
import type { Citation } from '../model.js';

/** Every citation of the tree in one call; a non-member sees those whose fact resolves to fully visible persons. */
export const listCitations =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Citation[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    const rows = await deps.storage.citations.listByTree(treeId, page);
    const filter = await treeRecordFilter(deps.storage, treeId, reader.right.member, deps.clock.now(), { citations: true });
    return ok({ rows: rows.filter(filter.citation), lastId: nextAfter(rows, page.limit) });
  };
