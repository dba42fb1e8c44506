import type { JsonValue } from '../kernel/audit.js';
import type { Id } from '../kernel/ids.js';

// History of every record (issue 29): each write of a tree's records leaves one change per record
// written, with the fields it changed before and after. The storage records them whatever path
// wrote (API, cleanup, proposals, merge, imports, restore); the core reads and restores them.

/** The kinds of record with a history, as the paths name them (`/persons/{id}/history`, ...). */
export const RECORD_KINDS = ['person', 'name', 'event', 'relationship', 'source', 'citation', 'media', 'repository'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Why a change was written: the operation its transaction ran. */
export const CHANGE_ORIGINS = ['api', 'cleanup', 'proposal', 'merge', 'gedcom_import', 'account_import', 'restore'] as const;
export type ChangeOrigin = (typeof CHANGE_ORIGINS)[number];

export const CHANGE_ACTIONS = ['create', 'update', 'delete', 'undelete'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/**
 * One field as the history names it: the record's stored field (snake_case, as the API's), an
 * event's place by its name (`place`). A created record lists its non-empty fields with `before`
 * null; a deletion or undeletion lists none.
 */
export type FieldChange = { readonly field: string; readonly before: JsonValue; readonly after: JsonValue };

export type RecordChange = {
  readonly id: Id;
  /** Orders a tree's changes (newest has the highest); the cursor of a page. */
  readonly seq: string;
  readonly treeId: Id;
  readonly recordType: RecordKind;
  readonly recordId: Id;
  readonly action: ChangeAction;
  readonly origin: ChangeOrigin;
  /** Who wrote it: null for a system write (none today) or an account since removed. */
  readonly actor: { readonly id: Id | null; readonly display: string | null };
  readonly at: Date;
  readonly changes: readonly FieldChange[];
};

/**
 * The origin an audit action gives its transaction, and which wins when one transaction audits
 * several (a proposal apply runs the commands it holds, each auditing itself). The postgres
 * adapter's trigger (migration 20261224090000) holds the same table.
 */
export const originOfAction = (action: string, details: { readonly [k: string]: unknown } = {}): ChangeOrigin => {
  if (action === 'record.restore' || action === 'import.undo') return 'restore';
  // A proposal's operations run one transaction each, their entries tagged with `proposal_id`.
  if (action === 'proposal.apply' || (details['proposal_id'] !== undefined && details['proposal_id'] !== null)) return 'proposal';
  if (action === 'cleanup.apply') return 'cleanup';
  if (action === 'person.merge') return 'merge';
  if (action === 'gedcom.import') return 'gedcom_import';
  if (action === 'account.import' || action === 'tree.import') return 'account_import';
  return 'api';
};

export const ORIGIN_RANK: Readonly<Record<ChangeOrigin, number>> = { restore: 6, proposal: 5, cleanup: 4, merge: 3, gedcom_import: 2, account_import: 1, api: 0 };

/**
 * A change's id is made from its place in the order (`seq`), so the storage keeps no id of its own
 * for each change: a UUID (version 4 in form) holding the number in its first and last groups.
 */
export const changeIdOf = (seq: string): string => {
  const hex = BigInt(seq).toString(16).padStart(20, '0');
  return `${hex.slice(0, 8)}-0000-4000-8000-${hex.slice(8)}`;
};

/** The `seq` a change id names, or null when it is not one `changeIdOf` makes. */
export const seqOfChangeId = (id: string): string | null => {
  const m = /^([0-9a-f]{8})-0000-4000-8000-([0-9a-f]{12})$/.exec(id.toLowerCase());
  return m === null ? null : BigInt(`0x${m[1]}${m[2]}`).toString();
};
