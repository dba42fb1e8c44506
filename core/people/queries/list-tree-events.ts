import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { nextAfter, type ListOptions } from '../ports.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../deps.js';
import { visiblePage } from '../../privacy/visible-page.js';
import { eventViews, type EventView } from './event-views.js';

/** Every event of the tree a reader may see, in a constant number of queries. */
export const listTreeEvents =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly views: readonly EventView[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const { member } = reader.right;
    if (member) {
      const events = await deps.storage.events.listByTree(treeId, page);
      return ok({ views: await eventViews(deps.storage, events), lastId: nextAfter(events, page.limit) });
    }
    // A non-member's page is cut after the privacy filter, so its cursor never names a withheld event.
    const events = await deps.storage.events.listByTree(treeId, page.after === undefined ? {} : { after: page.after });
    const filter = await treeRecordFilter(deps.storage, treeId, false, deps.clock.now(), {}, page.after === undefined ? { events } : {});
    const visible = visiblePage(events.filter(filter.event), page.limit, (e) => e.id);
    return ok({ views: await eventViews(deps.storage, visible.rows), lastId: visible.lastId });
  };
