import type { Actor } from '../../shared/actor.js';
import type { AuditEntry } from '../../shared/audit.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import type { Storage } from '../../shared/ports.js';
import { accessTree } from '../../shared/tree-access.js';

/** Owner reads the tree's audit trail, newest first; one page when `limit` is given. */
export const listTreeAudit =
  (deps: { readonly storage: Storage }) =>
  async (actor: Actor, treeId: Id, page: { readonly limit?: number; readonly after?: Id }): AsyncResult<readonly AuditEntry[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'owner');
    return E.isLeft(access) ? access : ok(await deps.storage.audit.listForTree(treeId, page));
  };
