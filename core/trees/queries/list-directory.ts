import { restrictionOf, type Actor } from '../../kernel/actor.js';
import { fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { QueryDeps } from '../../deps.js';
import type { TreeRead } from '../model.js';

/**
 * The directory: `public` trees for everyone, plus `site_members` trees for signed-in users; never
 * unlisted or private. A restricted session (an unverified email) is refused, not read as anonymous.
 */
export const listDirectory =
  (deps: Pick<QueryDeps<'trees'>, 'storage'>) =>
  async (actor: Actor): AsyncResult<readonly TreeRead[]> => {
    const restricted = restrictionOf(actor);
    if (restricted !== null) return fail(restricted);
    return ok(await deps.storage.trees.listByVisibility(actor.kind === 'user' ? ['public', 'site_members'] : ['public']));
  };
