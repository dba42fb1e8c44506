import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf, type Surface } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';

/**
 * One person as GET /persons/{id} answers them, as JSON text (issue 27): the decisions of getPerson
 * (get-person.ts), on one read that also brings the person as the store writes them for the reader's
 * audience (`persons.readJson`: a kept card, or written live), so the service passes text on. The
 * store's audience is the one readerOf decides here (a member by role on the members' surface, else a
 * non-member at this moment), and spec/contracts/person-list-json.contract.ts holds its text to
 * getPerson's view written by the route's personWire.
 */
export const getPersonJson =
  (deps: QueryDeps<'persons'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<string> => {
    const found = await deps.storage.persons.readJson(personId, actor.kind === 'user' ? actor.userId : null, { byRole: surface === 'members', now: deps.clock.now() });
    if (found === null) return fail(notFound('person', personId));
    const reader = readerOf(found.tree, actor, found.treeId, surface);
    if (E.isLeft(reader)) return reader;
    // Were the store's audience ever to differ from the reader's, this fails loudly rather than answer for another reader.
    if (reader.right.member !== found.member) throw new Error(`persons.readJson wrote for a ${found.member ? 'member' : 'non-member'}, the reader is not one (${personId})`);
    if (found.deleted || found.json === null) return fail(notFound('person', personId));
    return ok(found.json);
  };
