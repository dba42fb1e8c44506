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
 * One person with their names, through the privacy engine: full, redacted, or 404 when hidden. Reads
 * the person's row (whose kept facts decide) with the tree and the reader's role in one read, then,
 * when shown in full, the person's names, events and places in one read: three statements with the
 * session's.
 */
export const getPerson =
  (deps: QueryDeps<'persons' | 'places'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<PersonView> => {
    const s = deps.storage;
    const found = await s.persons.withTree(personId, actor.kind === 'user' ? actor.userId : null);
    if (found === null) return fail(notFound('person', personId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, surface);
    if (E.isLeft(reader)) return reader;
    if (person.deletedAt !== null) return fail(notFound('person', personId));
    const visibility = await personVisibility(s, person.treeId, reader.right.member, deps.clock.now(), [personId], [person]);
    const seen = visibility.of(personId);
    if (seen === 'hidden') return fail(notFound('person', personId));
    const profile = seen === 'full' ? await s.persons.profile(personId) : nothing;
    const [view] = await personViews(s, [person], profile.names, profile.events, visibility, true, profile.places);
    return ok(view!);
  };
