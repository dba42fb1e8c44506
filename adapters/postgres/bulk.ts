import type { BulkRecordWriter } from '../../core/gedcom/ports.js';
import type { Name, Person } from '../../core/people/model.js';
import type { AuditEntry } from '../../core/shared/audit.js';
import type { Sql } from './sql.js';

// Each column travels as one array parameter and the rows are zipped back by unnest: one statement
// per chunk of rows, whatever their number (measured here about 2.5 times faster than one JSON
// document expanded by json_populate_recordset, and far faster than a statement per row).
const CHUNK = 10_000;

type Cell = string | number | boolean | null;
export type Column<R> = readonly [name: string, type: string, value: (row: R) => Cell];

/** A PostgreSQL array literal of text values, NULL where null; the cast in SQL gives it its type. */
const arrayLiteral = (values: readonly Cell[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;

const unnestOf = <R>(columns: readonly Column<R>[]): string => `unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')})`;

const inChunks = async <R>(rows: readonly R[], write: (chunk: readonly R[]) => Promise<void>): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
};

const insertColumns = async <R>(db: Sql, table: string, columns: readonly Column<R>[], rows: readonly R[]): Promise<void> =>
  inChunks(rows, (chunk) =>
    db.run(`insert into ${table} (${columns.map(([n]) => n).join(', ')}) select * from ${unnestOf(columns)}`, columns.map(([, , value]) => arrayLiteral(chunk.map(value)))).then(() => undefined));

/**
 * Sets the `columns` of the rows whose `id` matches, one statement per chunk: the first column must
 * be `id`; rows whose id is missing change nothing.
 */
export const updateColumns = async <R>(db: Sql, table: string, columns: readonly Column<R>[], rows: readonly R[]): Promise<void> =>
  inChunks(rows, (chunk) =>
    db.run(
      `update ${table} t set ${columns.slice(1).map(([n]) => `${n} = u.${n}`).join(', ')}
       from ${unnestOf(columns)} as u(${columns.map(([n]) => n).join(', ')}) where t.id = u.id`,
      columns.map(([, , value]) => arrayLiteral(chunk.map(value))),
    ).then(() => undefined));

/** The columns of `all` named in `names`, in that order (`id` first for an update). */
export const pick = <R>(all: readonly Column<R>[], names: readonly string[]): Column<R>[] =>
  names.map((n) => {
    const c = all.find(([name]) => name === n);
    if (c === undefined) throw new Error(`no column ${n}`);
    return c;
  });

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const personColumns: readonly Column<Person>[] = [
  ['id', 'uuid', (p) => p.id], ['tree_id', 'uuid', (p) => p.treeId], ['sex', 'text', (p) => p.sex], ['is_living', 'boolean', (p) => p.isLiving],
  ['privacy', 'text', (p) => p.privacy], ['notes', 'text', (p) => p.notes], ['created_at', 'timestamptz', (p) => iso(p.createdAt)],
  ['updated_at', 'timestamptz', (p) => iso(p.updatedAt)], ['deleted_at', 'timestamptz', (p) => iso(p.deletedAt)], ['deletion_id', 'uuid', (p) => p.deletionId],
];

export const nameColumns: readonly Column<Name>[] = [
  ['id', 'uuid', (n) => n.id], ['tree_id', 'uuid', (n) => n.treeId], ['person_id', 'uuid', (n) => n.personId], ['name_type', 'text', (n) => n.nameType],
  ['given_name', 'text', (n) => n.givenName], ['surname', 'text', (n) => n.surname], ['is_primary', 'boolean', (n) => n.isPrimary],
  ['created_at', 'timestamptz', (n) => iso(n.createdAt)], ['deleted_at', 'timestamptz', (n) => iso(n.deletedAt)], ['deletion_id', 'uuid', (n) => n.deletionId],
];

export const auditColumns: readonly Column<AuditEntry>[] = [
  ['id', 'uuid', (e) => e.id], ['tree_id', 'uuid', (e) => e.treeId], ['actor_id', 'uuid', (e) => e.actorId], ['action', 'text', (e) => e.action],
  ['entity_type', 'text', (e) => e.entityType], ['entity_id', 'uuid', (e) => e.entityId], ['details', 'jsonb', (e) => JSON.stringify(e.details)],
  ['created_at', 'timestamptz', (e) => iso(e.createdAt)],
];

export const insertAuditEntries = (db: Sql, entries: readonly AuditEntry[]): Promise<void> => insertColumns(db, 'audit_entries', auditColumns, entries);

export const pgBulkRecords = (db: Sql): BulkRecordWriter => ({
  insertAll: async (b) => {
    await insertColumns(db, 'persons', personColumns, b.persons);
    await insertColumns(db, 'names', nameColumns, b.names);
    await insertColumns(db, 'places', [['id', 'uuid', (p) => p.id], ['tree_id', 'uuid', (p) => p.treeId], ['name', 'text', (p) => p.name.trim()]], b.places);
    await insertColumns(db, 'relationships', [
      ['id', 'uuid', (r) => r.id], ['tree_id', 'uuid', (r) => r.treeId], ['type', 'text', (r) => r.type], ['person_a_id', 'uuid', (r) => r.personAId],
      ['person_b_id', 'uuid', (r) => r.personBId], ['qualifier', 'text', (r) => r.qualifier], ['notes', 'text', (r) => r.notes],
      ['created_at', 'timestamptz', (r) => iso(r.createdAt)], ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
      ['deleted_at', 'timestamptz', (r) => iso(r.deletedAt)], ['deletion_id', 'uuid', (r) => r.deletionId],
    ], b.relationships);
    await insertColumns(db, 'events', [
      ['id', 'uuid', (e) => e.id], ['tree_id', 'uuid', (e) => e.treeId], ['type', 'text', (e) => e.type], ['custom_type', 'text', (e) => e.customType],
      ['person_id', 'uuid', (e) => e.personId], ['partnership_id', 'uuid', (e) => e.partnershipId],
      ['date', 'jsonb', (e) => (e.date === null ? null : JSON.stringify(e.date))], ['place_id', 'uuid', (e) => e.placeId], ['notes', 'text', (e) => e.notes],
      ['detail', 'text', (e) => e.detail], ['created_at', 'timestamptz', (e) => iso(e.createdAt)], ['updated_at', 'timestamptz', (e) => iso(e.updatedAt)],
      ['deleted_at', 'timestamptz', (e) => iso(e.deletedAt)], ['deletion_id', 'uuid', (e) => e.deletionId],
    ], b.events);
    await insertColumns(db, 'sources', [
      ['id', 'uuid', (s) => s.id], ['tree_id', 'uuid', (s) => s.treeId], ['title', 'text', (s) => s.title], ['author', 'text', (s) => s.author],
      ['publication', 'text', (s) => s.publication], ['notes', 'text', (s) => s.notes], ['created_at', 'timestamptz', (s) => iso(s.createdAt)],
      ['updated_at', 'timestamptz', (s) => iso(s.updatedAt)], ['deleted_at', 'timestamptz', (s) => iso(s.deletedAt)], ['deletion_id', 'uuid', (s) => s.deletionId],
    ], b.sources);
    await insertColumns(db, 'citations', [
      ['id', 'uuid', (c) => c.id], ['tree_id', 'uuid', (c) => c.treeId], ['source_id', 'uuid', (c) => c.sourceId], ['target_kind', 'text', (c) => c.target.kind],
      ['target_id', 'uuid', (c) => c.target.id], ['page', 'text', (c) => c.page], ['detail', 'text', (c) => c.detail], ['confidence', 'smallint', (c) => c.confidence],
      ['created_at', 'timestamptz', (c) => iso(c.createdAt)], ['updated_at', 'timestamptz', (c) => iso(c.updatedAt)],
      ['deleted_at', 'timestamptz', (c) => iso(c.deletedAt)], ['deletion_id', 'uuid', (c) => c.deletionId],
    ], b.citations);
  },
});
