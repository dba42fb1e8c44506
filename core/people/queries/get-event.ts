import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { QueryDeps } from '../../deps.js';
import { eventViews, type EventView } from './event-views.js';

/** One event; a non-member gets it only when the engine shows it (else 404, never revealing it). */
export const getEvent =
  (deps: QueryDeps<'events' | 'trees' | 'memberships' | 'relationships' | 'persons' | 'places'>) =>
  async (actor: Actor, eventId: Id): AsyncResult<EventView> => {
    const s = deps.storage;
    const event = await s.events.byId(eventId);
    if (event === null) return fail(notFound('event', eventId));
    const reader = await readerFor(s, actor, event.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (event.deletedAt !== null) return fail(notFound('event', eventId));
    const partnership = event.partnershipId === null ? null : await s.relationships.byId(event.partnershipId);
    const subject = event.personId !== null ? [event.personId] : partnership && partnership.deletedAt === null ? [partnership.personAId, partnership.personBId] : [];
    if (subject.length === 0) return fail(notFound('event', eventId));
    const persons = await s.persons.byIds(event.treeId, subject);
    if (persons.length !== subject.length) return fail(notFound('event', eventId));
    const visibility = await personVisibility(s, event.treeId, reader.right.member, deps.clock.now(), subject, persons);
    const filter = recordFilter(reader.right.member, visibility, { partnership: () => partnership ?? undefined });
    if (!filter.event(event)) return fail(notFound('event', eventId));
    const [view] = await eventViews(s, [event]);
    return ok(view!);
  };
