import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../../people/deps.js';
import { visiblePage } from '../../privacy/visible-page.js';
import { nextAfter, type ListOptions } from '../../people/ports.js';
import type { Citation } from '../model.js';

/** Every citation of the tree in one call; a non-member sees those whose fact resolves to fully visible persons. */
export const listCitations =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Citation[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (reader.right.member) {
      const rows = await deps.storage.citations.listByTree(treeId, page);
      return ok({ rows, lastId: nextAfter(rows, page.limit) });
    }
    // A non-member's page is cut after the privacy filter, so its cursor never names a withheld citation.
    const rows = await deps.storage.citations.listByTree(treeId, page.after === undefined ? {} : { after: page.after });
    const filter = await treeRecordFilter(deps.storage, treeId, false, deps.clock.now(), { citations: true });
    return ok(visiblePage(rows.filter(filter.citation), page.limit, (c) => c.id));
  };
