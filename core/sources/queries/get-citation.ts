import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { notFound } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../../people/deps.js';
import type { Citation } from '../model.js';

/** One citation; withheld from a non-member (404) unless its fact resolves to fully visible persons. */
export const getCitation =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, id: Id): AsyncResult<Citation> => {
    const c = await deps.storage.citations.byId(id);
    if (c === null) return fail(notFound('citation', id));
    const reader = await readerFor(deps.storage, actor, c.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    const source = c.deletedAt === null ? await deps.storage.sources.byId(c.sourceId) : null;
    if (source === null || source.deletedAt !== null) return fail(notFound('citation', id));
    const filter = await treeRecordFilter(deps.storage, c.treeId, reader.right.member, deps.clock.now(), { citations: true });
    return filter.citation(c) ? ok(c) : fail(notFound('citation', id));
  };
