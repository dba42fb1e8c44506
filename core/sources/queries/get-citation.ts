import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { citationShown } from '../../privacy/shown.js';
import type { QueryDeps } from '../../deps.js';
import type { Citation } from '../model.js';

/** One citation; withheld from a non-member (404) unless its fact resolves to fully visible persons. */
export const getCitation =
  (deps: QueryDeps<'citations' | 'sources' | 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'relationships'>) =>
  async (actor: Actor, id: Id): AsyncResult<Citation> => {
    const c = await deps.storage.citations.byId(id);
    if (c === null) return fail(notFound('citation', id));
    const reader = await readerFor(deps.storage, actor, c.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    const source = c.deletedAt === null ? await deps.storage.sources.byId(c.sourceId) : null;
    if (source === null || source.deletedAt !== null) return fail(notFound('citation', id));
    if (reader.right.member) return ok(c);
    return (await citationShown(deps.storage, c, deps.clock.now())) ? ok(c) : fail(notFound('citation', id));
  };
