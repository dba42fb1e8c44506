import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { RecordChange, RecordKind } from '../model.js';
import { historyAccess, unknownRecord } from '../access.js';
import { changedSince, revertChange } from '../revert.js';

export type RestoreInput = { readonly force?: boolean };

/**
 * Puts a record back as it was just before one of its changes (editor), as one new change of
 * origin `restore`: an update's fields get their `before` values; a deletion is undone; a creation
 * or an undeletion is undone by deleting the record. A field changed again since that change (its
 * value now is not the change's `after`) is a conflict, 409 naming the fields, unless `force`.
 * Answers the change the restore wrote (the record's newest), or, when nothing differed, its newest.
 */
export const restoreChange =
  (deps: CommandDeps<'history' | 'trees' | 'memberships' | 'audit' | 'deletions' | 'persons' | 'events'>) =>
  async (actor: Actor, kind: RecordKind, recordId: Id, changeId: Id, input: RestoreInput): AsyncResult<RecordChange> =>
    deps.storage.uow.run(async (tx) => {
      const addressed = await tx.history.state(kind, recordId);
      if (addressed === null) return fail(unknownRecord(actor, kind, recordId));
      const access = await historyAccess(tx, actor, addressed.treeId, 'editor', { entity: kind, id: recordId });
      if (E.isLeft(access)) return access;
      const change = await tx.history.change(changeId, addressed.treeId);
      if (change === null || change.treeId !== addressed.treeId) return fail(notFound('change', changeId));
      // A person's history shows its names', events' and edges' changes too: each restores its own record.
      const own = change.recordType === kind && change.recordId === recordId;
      const state = own ? addressed : await tx.history.state(change.recordType, change.recordId);
      if (state === null || (!own && !(kind === 'person' && state.persons.includes(recordId)))) return fail(notFound('change', changeId));
      const target = { kind: change.recordType, id: change.recordId };

      const changed = changedSince(change, state);
      if (changed.length > 0 && input.force !== true)
        return fail(conflict('history_conflict', `Changed since this change: ${changed.join(', ')}. Send {"force": true} to restore anyway.`, changed.map((f) => ({ path: f, message: 'changed since this change' }))));
      await revertChange(tx, change, state, deps.clock.now());
      if (target.kind === 'person' || target.kind === 'event') await keepLifeFacts(tx, state.persons);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'record.restore', { type: target.kind, id: target.id, treeId: state.treeId }, { change_id: changeId, force: input.force === true }));
      const [newest] = await tx.history.forRecord(target.kind, target.id, { limit: 1 });
      return newest === undefined ? fail(notFound('change', changeId)) : ok(newest);
    });
