import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { forbidden } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { visiblePage } from '../../privacy/visible-page.js';
import { nextAfter, type ListOptions } from '../../people/ports.js';
import type { MediaDeps } from '../deps.js';
import type { Media } from '../model.js';
import { mediaVisibility } from '../visible-media.js';

/** Media of the tree; a non-member sees the items the privacy engine lets through; `deleted` is for members. */
export const listMedia =
  (deps: Pick<MediaDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, treeId: Id, page: ListOptions): AsyncResult<{ readonly rows: readonly Media[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (reader.right.member) {
      const rows = await deps.storage.media.listByTree(treeId, page);
      return ok({ rows, lastId: nextAfter(rows, page.limit) });
    }
    if (page.deleted === true) return fail(forbidden('Deleted media is for members.'));
    // A non-member's page is cut after the privacy filter, so its cursor never names a withheld item.
    const rows = await deps.storage.media.listByTree(treeId, page.after === undefined ? {} : { after: page.after });
    const visible = await mediaVisibility(deps.storage, treeId, false, deps.clock.now());
    return ok(visiblePage(rows.filter(visible), page.limit, (m) => m.id));
  };
