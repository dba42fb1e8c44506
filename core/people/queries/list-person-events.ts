import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Surface } from '../../privacy/reader.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { QueryDeps } from '../../deps.js';
import { eventViews, type EventView } from './event-views.js';
import { personInView } from './person-in-view.js';

/** A person's events including their partnership events; for a non-member only what the engine allows. */
export const listPersonEvents =
  (deps: QueryDeps<'persons' | 'events' | 'relationships' | 'trees' | 'memberships' | 'places'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<readonly EventView[]> => {
    const found = await personInView(deps.storage, actor, personId, surface, deps.clock.now());
    if (E.isLeft(found)) return found;
    const { reader, events, relationships, others } = found.right;
    const partnerships = new Map(relationships.map((r) => [r.id, r]));
    const filter = recordFilter(reader.member, others, { partnership: (id) => partnerships.get(id) });
    return ok(await eventViews(deps.storage, events.filter(filter.event)));
  };
