import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../../people/deps.js';
import { visiblePage } from '../../privacy/visible-page.js';
import { nextAfter, type ListOptions } from '../../people/ports.js';
import type { Source } from '../model.js';

/** Sources of the tree; a non-member sees only those backing at least one citation they may see. */
export const listSources =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>): AsyncResult<{ readonly rows: readonly Source[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (reader.right.member) {
      const rows = await deps.storage.sources.listByTree(treeId, page);
      return ok({ rows, lastId: nextAfter(rows, page.limit) });
    }
    // A non-member's page is cut after the privacy filter, so its cursor never names a withheld source.
    const rows = await deps.storage.sources.listByTree(treeId, page.after === undefined ? {} : { after: page.after });
    const citations = await deps.storage.citations.listByTree(treeId, {});
    const filter = await treeRecordFilter(deps.storage, treeId, false, deps.clock.now(), { citations: true });
    return ok(visiblePage(rows.filter((s) => filter.source(s, citations)), page.limit, (s) => s.id));
  };
