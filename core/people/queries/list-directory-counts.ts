import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import { listDirectory } from '../../trees/queries/list-directory.js';
import type { TreeRead } from '../../trees/model.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonCounts } from '../ports.js';

/**
 * The directory (listDirectory: the same trees for the same caller) with how many persons of each a
 * non-member is shown (not hidden) and shown in full, in one more read whatever the number of trees.
 */
export const listDirectoryCounts =
  (deps: QueryDeps<'trees' | 'publicPages'>) =>
  async (actor: Actor): AsyncResult<readonly { readonly tree: TreeRead; readonly counts: PersonCounts }[]> => {
    const trees = await listDirectory(deps)(actor);
    if (E.isLeft(trees)) return trees;
    const counts = await deps.storage.publicPages.personCounts(trees.right.map((t) => t.id), deps.clock.now());
    return ok(trees.right.map((tree) => ({ tree, counts: counts.get(tree.id) ?? { shown: 0, full: 0 } })));
  };
