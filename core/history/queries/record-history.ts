import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import type { RecordChange, RecordKind } from '../model.js';
import { historyAccess, unknownRecord } from '../access.js';

export const DEFAULT_HISTORY_LIMIT = 50;

/**
 * A record's changes, newest first, one page (a person's include its names, events and edges):
 * members of its tree only, deleted records too. Reads the record's state, the reader's role, then
 * the page.
 */
export const recordHistory =
  (deps: QueryDeps<'history' | 'trees' | 'memberships'>) =>
  async (actor: Actor, kind: RecordKind, id: Id, page: { readonly limit?: number; readonly before?: string }): AsyncResult<readonly RecordChange[]> => {
    const state = await deps.storage.history.state(kind, id);
    if (state === null) return fail(unknownRecord(actor, kind, id));
    const access = await historyAccess(deps.storage, actor, state.treeId, 'viewer', { entity: kind, id });
    if (E.isLeft(access)) return access;
    return ok(await deps.storage.history.forRecord(kind, id, { limit: page.limit ?? DEFAULT_HISTORY_LIMIT, ...(page.before === undefined ? {} : { before: page.before }) }));
  };
