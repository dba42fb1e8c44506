import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonView } from '../vitals.js';
import type { EventView } from './event-views.js';
import { personViews } from './person-views.js';
import type { Stores } from '../../stores.js';
import type { VisibilityMap } from '../../privacy/engine.js';
import type { Person } from '../model.js';
import type { PersonProfile } from '../ports.js';

/** A person's record on their public page: the person in full, and their own events. */
export type PublicPersonRead = { readonly view: Extract<PersonView, { visibility: 'full' }>; readonly events: readonly EventView[] };

/**
 * A person's public page's record: the person as GET /public/persons/{id} answers them (getPerson on
 * the public surface: the same one read, `persons.read`, and the same engine decision), with their own
 * events and those events' places from that read's profile. Only a person shown in full has a page:
 * redacted (possibly living), hidden, deleted, unknown, or of a tree the caller may not view is 404.
 */
export const getPublicPerson =
  (deps: QueryDeps<'persons' | 'places'>) =>
  async (actor: Actor, personId: Id): AsyncResult<PublicPersonRead> => {
    const s = deps.storage;
    const now = deps.clock.now();
    const found = await s.persons.read(personId, null, { byRole: false, now });
    if (found === null) return fail(notFound('person', personId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, 'public');
    if (E.isLeft(reader)) return reader;
    if (person.deletedAt !== null) return fail(notFound('person', personId));
    const visibility = await personVisibility(s, person.treeId, reader.right.member, now, [personId], [person]);
    if (visibility.of(personId) !== 'full' || found.profile === null) return fail(notFound('person', personId));
    const shown = await shownInFull(s, person, found.profile, visibility);
    return shown === null ? fail(notFound('person', personId)) : ok(shown);
  };

/** A person shown in full and their own events (with place and coordinates), from their profile; null when not in full. */
export const shownInFull = async (
  s: Pick<Stores, 'places'>, person: Person, profile: PersonProfile, visibility: VisibilityMap,
): Promise<PublicPersonRead | null> => {
  const [view] = await personViews(s, [person], profile.names, profile.events, visibility, true, profile.places);
  if (view === undefined || view.visibility !== 'full') return null;
  const places = new Map(profile.places.map((p) => [p.id, p]));
  const events = profile.events.map((event): EventView => {
    const p = event.placeId === null ? undefined : places.get(event.placeId);
    return { event, place: p?.name ?? null, coordinates: p === undefined || p.latitude === null || p.longitude === null ? null : { latitude: p.latitude, longitude: p.longitude } };
  });
  return { view, events };
};
