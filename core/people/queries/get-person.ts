import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf, type Surface } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonView } from '../vitals.js';
import { personViews } from './person-views.js';

const nothing = { names: [], events: [], places: [] } as const;

/**
 * One person with their names, through the privacy engine: full, redacted, or 404 when hidden. One
 * read (`persons.read`) brings the person's row (whose kept facts decide), the tree with the reader's
 * role and, when the reader is shown the person in full, their names, events and places: two
 * statements with the session's. The decision is the engine's, here, whatever the read brought.
 */
export const getPerson =
  (deps: QueryDeps<'persons' | 'places'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<PersonView> => {
    const s = deps.storage;
    const now = deps.clock.now();
    const found = await s.persons.read(personId, actor.kind === 'user' ? actor.userId : null, { byRole: surface === 'members', now });
    if (found === null) return fail(notFound('person', personId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, surface);
    if (E.isLeft(reader)) return reader;
    if (person.deletedAt !== null) return fail(notFound('person', personId));
    const visibility = await personVisibility(s, person.treeId, reader.right.member, now, [personId], [person]);
    const seen = visibility.of(personId);
    if (seen === 'hidden') return fail(notFound('person', personId));
    // The read's rule and the engine's are one (spec/contracts/privacy-filter.contract.ts): a person
    // shown in full came with their profile. Were they ever to part, this fails loudly rather than
    // show a person without their names.
    if (seen === 'full' && found.profile === null) throw new Error(`persons.read withheld the profile of a person the engine shows in full (${personId})`);
    const profile = seen === 'full' ? found.profile! : nothing;
    const [view] = await personViews(s, [person], profile.names, profile.events, visibility, true, profile.places);
    return ok(view!);
  };
