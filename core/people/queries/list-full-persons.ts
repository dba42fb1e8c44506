import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { Person } from '../model.js';

/**
 * One page of the persons of a viewable tree that a non-member is shown in full (a sitemap lists
 * only those: a redacted person has no page), ordered by id (PublicPageReads.fullPersons). A tree the
 * caller may not view is 404.
 */
export const listFullPersons =
  (deps: QueryDeps<'publicPages' | 'trees' | 'memberships'>) =>
  async (actor: Actor, treeId: Id, page: { readonly limit: number; readonly after?: Id; readonly skip?: number }): AsyncResult<readonly Pick<Person, 'id' | 'updatedAt'>[]> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'public');
    if (E.isLeft(reader)) return reader;
    return ok(await deps.storage.publicPages.fullPersons(treeId, deps.clock.now(), page));
  };
