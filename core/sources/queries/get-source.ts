import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { notFound } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../../people/deps.js';
import type { Source } from '../model.js';

/** One source; a withheld source answers 404 to a non-member. */
export const getSource =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, id: Id): AsyncResult<Source> => {
    const source = await deps.storage.sources.byId(id);
    if (source === null) return fail(notFound('source', id));
    const reader = await readerFor(deps.storage, actor, source.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (source.deletedAt !== null) return fail(notFound('source', id));
    if (reader.right.member) return ok(source);
    const citations = await deps.storage.citations.listByTree(source.treeId, {});
    const filter = await treeRecordFilter(deps.storage, source.treeId, false, deps.clock.now(), { citations: true });
    return filter.source(source, citations) ? ok(source) : fail(notFound('source', id));
  };
