import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonListJson } from '../ports.js';

/**
 * A page of a tree's whole person list as JSON text (`persons.listJson`): the list without `q`, `ids`
 * or `deleted` that listPersons answers, for a reader this query decides here, as listPersons does
 * (a member of the tree, a signed-in non-member, or anonymous on the public surface, at this
 * moment); the store then writes each person as the engine's rule shows them to that audience.
 * Per page the reader is decided again, so a revoked access stops the list where it is.
 */
export const listPersonsJson =
  (deps: QueryDeps<'trees' | 'memberships' | 'persons'>) =>
  async (actor: Actor, treeId: Id, page: { readonly limit: number; readonly after?: Id }, surface: Surface = 'members'): AsyncResult<PersonListJson> => {
    const s = deps.storage;
    const reader = await readerFor(s, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const audience = audienceOf(reader.right.member, deps.clock.now());
    return ok(await s.persons.listJson(treeId, { limit: page.limit, ...(page.after === undefined ? {} : { after: page.after }), audience }));
  };
