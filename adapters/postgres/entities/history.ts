import { EntitySchema } from '@mikro-orm/postgresql';
import { timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

// History (issue 29): written by the statement triggers of migration 20261224090000, read by
// adapters/postgres/history.ts. `seq` orders a tree's changes (newest first); `xact` names the
// transaction, whose actor and origin `changesets` holds.

export type RecordChangeRow = {
  seq: string;
  tree: TreeRow;
  recordType: string;
  recordId: string;
  personId: string | null;
  otherPersonId: string | null;
  action: string;
  changes: object;
  xact: string | null;
  at: Date;
  actorId: string | null;
  origin: string | null;
};

export const RecordChangeSchema = new EntitySchema<RecordChangeRow>({
  name: 'RecordChangeRow',
  tableName: 'record_changes',
  properties: {
    seq: { type: 'bigint', primary: true, autoincrement: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade', index: false },
    recordType: { type: 'text' },
    recordId: { type: 'uuid' },
    // No foreign keys to the records: a change outlives nothing it names (the delete triggers and
    // the tree's cascade remove it), and a partnership event's partners are looked up, not linked.
    personId: { type: 'uuid', nullable: true },
    otherPersonId: { type: 'uuid', nullable: true },
    action: { type: 'text' },
    changes: { type: 'json' },
    xact: { type: 'bigint', nullable: true },
    at: { ...timestamptz },
    // Rows moved from the audit log name their actor and origin here; others take them from `changesets`.
    actorId: { type: 'uuid', nullable: true },
    origin: { type: 'text', nullable: true },
  },
  indexes: [
    { properties: ['recordId', 'seq'] },
    // Partial: sources, citations and media name no person.
    { name: 'record_changes_person_id_seq_index', expression: 'create index "record_changes_person_id_seq_index" on "record_changes" ("person_id", "seq") where person_id is not null' },
    { name: 'record_changes_other_person_id_seq_index', expression: 'create index "record_changes_other_person_id_seq_index" on "record_changes" ("other_person_id", "seq") where other_person_id is not null' },
    { properties: ['tree', 'seq'] },
  ],
});

export type ChangesetRow = { xact: string; actorId: string | null; origin: string; at: Date };

/** Who wrote in a transaction and why: kept by the trigger on audit_entries from the entries it records. */
export const ChangesetSchema = new EntitySchema<ChangesetRow>({
  name: 'ChangesetRow',
  tableName: 'changesets',
  properties: {
    xact: { type: 'bigint', primary: true, autoincrement: false },
    actorId: { type: 'uuid', nullable: true },
    origin: { type: 'text' },
    at: { ...timestamptz },
  },
});

export type ImportRow = { id: string; tree: TreeRow; actorId: string | null; fileName: string; counts: object; xact: string; createdAt: Date; undoneAt: Date | null; kept?: object | null };

/** A GEDCOM import, with its transaction (whose changes are what it did) and when it was undone. */
export const ImportSchema = new EntitySchema<ImportRow>({
  name: 'ImportRow',
  tableName: 'imports',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade', index: false },
    actorId: { type: 'uuid', nullable: true },
    fileName: { type: 'text' },
    counts: { type: 'json' },
    xact: { type: 'bigint' },
    createdAt: { ...timestamptz },
    undoneAt: { ...timestamptz, nullable: true },
    /** What the import kept beyond its rows (core/gedcom/extensions.ts), read by the export only. */
    kept: { type: 'json', nullable: true, lazy: true },
  },
  indexes: [{ properties: ['tree', 'id'] }],
});

export type TreeChangeMarkRow = { xact: string; treeId: string };

/**
 * The trees a transaction changed, until it commits (migration 20270115090000): the first mark of a
 * transaction queues the trigger that draws each marked tree's `change_seq` at the commit, and removes the marks.
 */
export const TreeChangeMarkSchema = new EntitySchema<TreeChangeMarkRow>({
  name: 'TreeChangeMarkRow',
  tableName: 'tree_change_marks',
  properties: {
    xact: { type: 'bigint', primary: true, autoincrement: false },
    treeId: { type: 'uuid', primary: true },
  },
});
