import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Actor } from '../../kernel/actor.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { readerFor, readerOf, type Surface } from '../../privacy/reader.js';
import type { QueryDeps, RecordDeps } from '../../deps.js';
import { DEFAULT_SEARCH_LIMIT } from './list-persons.js';

/** A name search's page (`q`, not blank) or a batch by `ids`: what listPersons answers for them. */
export type PersonsJsonInput =
  | { readonly q: string; readonly limit?: number; readonly after?: Id }
  | { readonly ids: readonly Id[] };

/** The persons' objects joined by commas ('' for none; text, or its UTF-8 bytes), and the cursor to the next page (a search's, when full). */
export type PersonsJson = { readonly json: string | Uint8Array; readonly lastId: Id | null };

/**
 * A search's page or a batch as JSON text (issue 27): the persons listPersons answers for the same
 * reader and input, in its order (a search's rank, a batch's ids), written by the store
 * (`persons.searchPage`, `persons.pickJson`), so a page of 20 found persons is no object per person or
 * name in the service. The reader is decided here as listPersons decides it (readerFor; for a search,
 * readerOf on the tree and role the store read with the page); the search ranks as `names.search`
 * does; who of the found is shown, redacted or left out is the engine's rule, which the store applies
 * as its generated SQL (spec/contracts/person-list-json.contract.ts holds the two paths to one answer).
 */
export const personsJson =
  (deps: QueryDeps<'trees' | 'memberships' | 'persons'> & Pick<RecordDeps, 'searchThreshold'>) =>
  async (actor: Actor, treeId: Id, input: PersonsJsonInput, surface: Surface = 'members'): AsyncResult<PersonsJson> => {
    const s = deps.storage;
    const now = deps.clock.now();
    if ('ids' in input) {
      const reader = await readerFor(s, actor, treeId, surface);
      if (E.isLeft(reader)) return reader;
      const audience = audienceOf(reader.right.member, now);
      // By id as PostgreSQL orders uuids (their lower-case text's order), each once.
      const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))].sort();
      return ok({ json: ids.length === 0 ? '' : await s.persons.pickJson(treeId, ids, audience), lastId: null });
    }
    // A search: the tree with the caller's role, the search for the audience that role makes and its
    // persons' text in one read (two statements with the session's); the decision is readerOf's, here.
    const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
    const page = await s.persons.searchPage(treeId, input.q.trim(), deps.searchThreshold, {
      limit, userId: actor.kind === 'user' ? actor.userId : null, reading: { byRole: surface === 'members', now }, ...(input.after === undefined ? {} : { after: input.after }),
    });
    const reader = readerOf(page.tree, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    return ok({ json: page.json, lastId: page.lastId });
  };
