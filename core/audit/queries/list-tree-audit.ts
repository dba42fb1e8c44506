import type { Actor } from '../../kernel/actor.js';
import type { AuditEntry } from '../../kernel/audit.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';

/** Owner reads the tree's audit trail, newest first; one page when `limit` is given. */
export const listTreeAudit =
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'audit'>, 'storage'>) =>
  async (actor: Actor, treeId: Id, page: { readonly limit?: number; readonly after?: Id }): AsyncResult<readonly AuditEntry[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'owner');
    return E.isLeft(access) ? access : ok(await deps.storage.audit.listForTree(treeId, page));
  };
