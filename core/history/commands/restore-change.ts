import { actorId, type Actor } from '../../kernel/actor.js';
import type { JsonValue } from '../../kernel/audit.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { RecordChange, RecordKind } from '../model.js';
import { historyAccess, unknownRecord } from '../access.js';

export type RestoreInput = { readonly force?: boolean };

/** Equal as JSON values (jsonb keeps no key order, so objects compare key by key). */
export const sameJson = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as readonly JsonValue[];
    return a.length === bs.length && a.every((x, i) => sameJson(x, bs[i]));
  }
  const ao = a as { readonly [k: string]: JsonValue };
  const bo = b as { readonly [k: string]: JsonValue };
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  return [...keys].every((k) => sameJson(ao[k] ?? null, bo[k] ?? null));
};

/** An empty value and an absent one are the same to history (a created record lists its non-empty fields). */
const valueOf = (fields: { readonly [f: string]: JsonValue }, f: string): JsonValue => fields[f] ?? null;

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
      const change = await tx.history.change(changeId);
      if (change === null || change.treeId !== addressed.treeId) return fail(notFound('change', changeId));
      // A person's history shows its names', events' and edges' changes too: each restores its own record.
      const own = change.recordType === kind && change.recordId === recordId;
      const state = own ? addressed : await tx.history.state(change.recordType, change.recordId);
      if (state === null || (!own && !(kind === 'person' && state.persons.includes(recordId)))) return fail(notFound('change', changeId));
      const target = { kind: change.recordType, id: change.recordId };

      const deleted = state.deletedAt !== null;
      let changed: readonly string[];
      if (change.action === 'update') {
        changed = change.changes.filter((c) => !sameJson(valueOf(state.fields, c.field), c.after)).map((c) => c.field);
        if (deleted) changed = [...changed, 'deleted'];
      } else if (change.action === 'create' || change.action === 'undelete') {
        changed = [...change.changes.filter((c) => !sameJson(valueOf(state.fields, c.field), c.after)).map((c) => c.field), ...(deleted ? ['deleted'] : [])];
      } else changed = deleted ? [] : ['deleted'];
      if (changed.length > 0 && input.force !== true)
        return fail(conflict('history_conflict', `Changed since this change: ${changed.join(', ')}. Send {"force": true} to restore anyway.`, changed.map((f) => ({ path: f, message: 'changed since this change' }))));

      const now = deps.clock.now();
      if (change.action === 'update') {
        await tx.history.writeFields(target.kind, target.id, Object.fromEntries(change.changes.map((c) => [c.field, c.before])));
      } else if (change.action === 'delete') {
        if (deleted) {
          if (target.kind === 'person' && state.deletionId !== null) await tx.deletions.restore(state.deletionId);
          else await tx.history.setDeleted(target.kind, target.id, null);
        }
      } else if (!deleted) {
        if (target.kind === 'person') await tx.deletions.deletePersons(state.treeId, [target.id], now, newId());
        else await tx.history.setDeleted(target.kind, target.id, { at: now, id: newId() });
      }
      if (target.kind === 'person' || target.kind === 'event') await keepLifeFacts(tx, state.persons);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'record.restore', { type: target.kind, id: target.id, treeId: state.treeId }, { change_id: changeId, force: input.force === true }));
      const [newest] = await tx.history.forRecord(target.kind, target.id, { limit: 1 });
      return newest === undefined ? fail(notFound('change', changeId)) : ok(newest);
    });
