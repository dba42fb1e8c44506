import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import type { ImportRecord } from '../../gedcom/ports.js';
import { historyAccess } from '../access.js';

/** The tree's GEDCOM imports, newest first (members): file, when, who, counts, and when undone. */
export const listImports =
  (deps: QueryDeps<'imports' | 'trees' | 'memberships'>) =>
  async (actor: Actor, treeId: Id, page: { readonly limit: number; readonly after?: Id }): AsyncResult<readonly (ImportRecord & { readonly actorDisplay: string | null })[]> => {
    const access = await historyAccess(deps.storage, actor, treeId, 'viewer', { entity: 'tree', id: treeId });
    return E.isLeft(access) ? access : ok(await deps.storage.imports.list(treeId, page));
  };
