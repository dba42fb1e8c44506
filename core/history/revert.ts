import type { JsonValue } from '../kernel/audit.js';
import { newId } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { RecordChange } from './model.js';
import type { RecordState } from './ports.js';

// Putting a record back as it was just before one of its changes: what a restore does to one change,
// and what the undo of an import does to each change of the import that was not a creation.

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

/**
 * What changed since `change` in the record as it is now (`state`): the fields whose value is no
 * longer the change's `after` (an empty value and an absent one are the same), and `deleted` when
 * the record is not in the state the change left it in.
 */
export const changedSince = (change: RecordChange, state: RecordState): readonly string[] => {
  const deleted = state.deletedAt !== null;
  if (change.action === 'delete') return deleted ? [] : ['deleted'];
  const fields = change.changes.filter((c) => !sameJson(state.fields[c.field] ?? null, c.after)).map((c) => c.field);
  return deleted ? [...fields, 'deleted'] : fields;
};

/**
 * Writes the record back to before `change`, inside the caller's unit of work: an update's fields get
 * their `before` values; a deletion is undone (a person with the edges deleted with it); a creation
 * or an undeletion is undone by deleting the record (a person with its edges).
 */
export const revertChange = async (
  tx: Pick<Stores, 'history' | 'deletions'>, change: RecordChange, state: RecordState, now: Date,
): Promise<void> => {
  const deleted = state.deletedAt !== null;
  const { recordType: kind, recordId: id } = change;
  if (change.action === 'update') await tx.history.writeFields(kind, id, Object.fromEntries(change.changes.map((c) => [c.field, c.before])));
  else if (change.action === 'delete') {
    if (!deleted) return;
    if (kind === 'person' && state.deletionId !== null) await tx.deletions.restore(state.deletionId);
    else await tx.history.setDeleted(kind, id, null);
  } else if (!deleted) {
    if (kind === 'person') await tx.deletions.deletePersons(state.treeId, [id], now, newId());
    else await tx.history.setDeleted(kind, id, { at: now, id: newId() });
  }
};
