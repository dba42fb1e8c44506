import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { nextAfter, type ListOptions } from '../../kernel/list.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import { eventViews, type EventView } from './event-views.js';

/**
 * A page of the tree's events a reader may see. A non-member's rows are filtered by the store before
 * the page is cut, so its cursor never names a withheld event and the read costs the page.
 */
export const listTreeEvents =
  (deps: QueryDeps<'trees' | 'memberships' | 'events' | 'places'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly views: readonly EventView[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const events = await deps.storage.events.listByTree(treeId, { ...page, audience: audienceOf(reader.right.member, deps.clock.now()) });
    return ok({ views: await eventViews(deps.storage, events), lastId: nextAfter(events, page.limit) });
  };
