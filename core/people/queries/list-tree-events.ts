import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { nextAfter, type ListOptions } from '../ports.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../deps.js';
import { eventViews, type EventView } from './event-views.js';

/** Every event of the tree a reader may see, in a constant number of queries. */
export const listTreeEvents =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly views: readonly EventView[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const events = await deps.storage.events.listByTree(treeId, page);
    const paged = page.limit !== undefined || page.after !== undefined;
    const filter = await treeRecordFilter(deps.storage, treeId, reader.right.member, deps.clock.now(), {}, paged ? {} : { events });
    return ok({ views: await eventViews(deps.storage, events.filter(filter.event)), lastId: nextAfter(events, page.limit) });
  };
