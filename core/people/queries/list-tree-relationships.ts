import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { nextAfter, type ListOptions } from '../ports.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { treeRecordFilter } from '../../privacy/tree-context.js';
import type { RecordDeps } from '../deps.js';
import { visiblePage } from '../../privacy/visible-page.js';
import { relationshipView, type RelationshipView } from '../../privacy/relationship-view.js';

/** Every relationship of the tree whose both ends the reader may see (not hidden), projected for the reader. */
export const listTreeRelationships =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly rows: readonly RelationshipView[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    if (reader.right.member) {
      const rows = await deps.storage.relationships.listByTree(treeId, page);
      return ok({ rows, lastId: nextAfter(rows, page.limit) });
    }
    // A non-member's page is cut after the privacy filter, so its cursor never names a withheld edge.
    const rows = await deps.storage.relationships.listByTree(treeId, page.after === undefined ? {} : { after: page.after });
    const filter = await treeRecordFilter(deps.storage, treeId, false, deps.clock.now(), {}, page.after === undefined ? { relationships: rows } : {});
    const visible = visiblePage(rows.filter(filter.relationship), page.limit, (r) => r.id);
    return ok({ rows: visible.rows.map(relationshipView(filter)), lastId: visible.lastId });
  };
