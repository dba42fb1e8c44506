import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { nextAfter, type ListOptions } from '../ports.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../deps.js';
import type { Relationship } from '../model.js';

/** Every relationship of the tree whose both ends the reader may see (not hidden). */
export const listTreeRelationships =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly rows: readonly Relationship[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const rows = await deps.storage.relationships.listByTree(treeId, page);
    const paged = page.limit !== undefined || page.after !== undefined;
    const filter = await treeRecordFilter(deps.storage, treeId, reader.right.member, deps.clock.now(), {}, paged ? {} : { relationships: rows });
    return ok({ rows: rows.filter(filter.relationship), lastId: nextAfter(rows, page.limit) });
  };
