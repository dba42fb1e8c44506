import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { Source } from '../model.js';

/** One source; a withheld source answers 404 to a non-member. */
export const getSource =
  (deps: QueryDeps<'sources' | 'trees' | 'memberships'>) =>
  async (actor: Actor, id: Id): AsyncResult<Source> => {
    const source = await deps.storage.sources.byId(id);
    if (source === null) return fail(notFound('source', id));
    const reader = await readerFor(deps.storage, actor, source.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (source.deletedAt !== null) return fail(notFound('source', id));
    if (reader.right.member) return ok(source);
    return (await deps.storage.sources.shownAt(id, deps.clock.now())) ? ok(source) : fail(notFound('source', id));
  };
