import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf, type Surface } from '../../privacy/reader.js';
import { visibilityOfRows } from '../../privacy/person-visibility.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonView } from '../vitals.js';
import { personViews } from './person-views.js';

/** A person read: their text as the store wrote it (a kept card, or a redacted person's), or their view for the route to write. */
export type PersonAnswer = { readonly kind: 'text'; readonly json: string } | { readonly kind: 'view'; readonly view: PersonView };

/**
 * One person as GET /persons/{id} answers them (issue 27): the decisions of getPerson (get-person.ts)
 * on one read (`persons.readJson`) that also brings the person's text when their row is enough (a
 * redacted person, or a kept card: adapters/postgres/person-cards.ts), which the service then passes
 * on; a person shown in full without a card comes with their profile, and is viewed here as getPerson
 * views them. The store's audience is the one readerOf decides here (a member by role on the members'
 * surface, else a non-member at this moment). spec/adapters/person-cards.spec.ts holds every answer,
 * with and without cards, to getPerson's written by the route's personWire.
 */
export const getPersonJson =
  (deps: QueryDeps<'persons' | 'places'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<PersonAnswer> => {
    const now = deps.clock.now();
    const found = await deps.storage.persons.readJson(personId, actor.kind === 'user' ? actor.userId : null, { byRole: surface === 'members', now });
    if (found === null) return fail(notFound('person', personId));
    const reader = readerOf(found.tree, actor, found.treeId, surface);
    if (E.isLeft(reader)) return reader;
    // Were the store's audience ever to differ from the reader's, this fails loudly rather than answer for another reader.
    if (reader.right.member !== found.member) throw new Error(`persons.readJson read for a ${found.member ? 'member' : 'non-member'}; the reader is not one (${personId})`);
    if (found.deleted) return fail(notFound('person', personId));
    if (found.json !== null) return ok({ kind: 'text', json: found.json });
    if (found.full === null) return fail(notFound('person', personId));
    const { person, profile } = found.full;
    // In full, as the rule the store ran says; the engine's own word on the row, or this fails loudly.
    if (!found.member && visibilityOfRows([person], now).of(personId) !== 'full') throw new Error(`persons.readJson shows in full a person the engine does not (${personId})`);
    const [view] = await personViews(deps.storage, [person], profile.names, profile.events, { of: (id) => (id === personId ? 'full' : 'hidden') }, true, profile.places);
    return ok({ kind: 'view', view: view! });
  };
