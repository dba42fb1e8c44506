import type { BulkRecordWriter } from '../../core/gedcom/ports.js';
import type { AuditEntry } from '../../core/kernel/audit.js';
import { copyLine, type Sql } from './sql.js';
import * as tables from './tables.js';
import type { Cell, Column, Table } from './tables.js';

// Each column travels as one array parameter and the rows are zipped back by unnest: one statement
// per chunk of rows, whatever their number (measured here about 2.5 times faster than one JSON
// document expanded by json_populate_recordset, and far faster than a statement per row).
const CHUNK = 10_000;

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

/** Inserts one record into its table: every column, as bind parameters cast to the column's type. */
export const insertRow = async <R>(db: Sql, table: Table<R, never>, row: R): Promise<void> => {
  await db.run(
    `insert into ${table.name} (${table.columns.map(([n]) => n).join(', ')}) values (${table.columns.map(([, type]) => `?::${type}`).join(', ')})`,
    table.columns.map(([, , value]) => value(row)),
  );
};

/** Sets the named columns of the record's row (found by its `id`). */
export const updateRow = async <R extends { readonly id: string }>(db: Sql, table: Table<R, never>, names: readonly string[], row: R): Promise<void> => {
  const columns = pick(table.columns, names);
  await db.run(
    `update ${table.name} set ${columns.map(([n, type]) => `${n} = ?::${type}`).join(', ')} where id = ?::uuid`,
    [...columns.map(([, , value]) => value(row)), row.id],
  );
};

/** Inserts many records of one table in one statement per chunk. */
export const insertRows = <R>(db: Sql, table: Table<R, never>, rows: readonly R[]): Promise<void> => insertColumns(db, table.name, table.columns, rows);

export const auditColumns: readonly Column<AuditEntry>[] = [
  ['id', 'uuid', (e) => e.id], ['tree_id', 'uuid', (e) => e.treeId], ['actor_id', 'uuid', (e) => e.actorId], ['action', 'text', (e) => e.action],
  ['entity_type', 'text', (e) => e.entityType], ['entity_id', 'uuid', (e) => e.entityId], ['details', 'jsonb', (e) => JSON.stringify(e.details)],
  ['created_at', 'timestamptz', (e) => iso(e.createdAt)],
];

export const insertAuditEntries = (db: Sql, entries: readonly AuditEntry[]): Promise<void> => insertColumns(db, 'audit_entries', auditColumns, entries);

/**
 * Rows of one table through `COPY ... FROM STDIN`: the fastest way into PostgreSQL (no statement to
 * parse per chunk, no parameter arrays), with the same triggers and checks as an insert.
 */
export const copyRows = async <R>(db: Sql, table: Table<R, never>, rows: readonly R[]): Promise<void> => {
  if (rows.length === 0) return;
  function* lines(): Generator<string> {
    for (const r of rows) yield copyLine(table.columns.map(([, , value]) => value(r)));
  }
  await db.copy(`copy ${table.name} (${table.columns.map(([n]) => n).join(', ')}) from stdin`, lines());
};

/** Each reference a bulk write makes, as the foreign key that checks it: table, column, referenced table. */
const REFERENCES: readonly (readonly [string, string, string])[] = [
  ['names', 'person_id', 'persons'],
  ['events', 'person_id', 'persons'], ['events', 'partnership_id', 'relationships'], ['events', 'place_id', 'places'],
  ['relationships', 'person_a_id', 'persons'], ['relationships', 'person_b_id', 'persons'],
  ['citations', 'source_id', 'sources'],
];

/** Rows of one table written by one import past which its statistics are renewed (autovacuum would, some time after the commit). */
const ANALYZE_ROWS = 10_000;

/** The smallest and largest id written to each table: an import's ids are consecutive (import-rows.ts), so the range is its rows. */
type Ranges = Map<string, { min: string; max: string }>;

const widen = (ranges: Ranges, table: string, rows: readonly { readonly id: string }[]): void => {
  for (const { id } of rows) {
    const r = ranges.get(table);
    if (r === undefined) ranges.set(table, { min: id, max: id });
    else if (id < r.min) r.min = id;
    else if (id > r.max) r.max = id;
  }
};

/**
 * Bulk rows through `COPY ... FROM STDIN`, the fastest way into PostgreSQL. With `deferChecks` (the
 * GEDCOM import, whose ids are consecutive): most of a big import's
 * time went to the foreign keys' per-row triggers (one lookup and row lock per reference, about two
 * million for 100,000 persons), so where the database lets this role set session_replication_role
 * (a superuser, such as the embedded default, or PostgreSQL 15's `GRANT SET ON PARAMETER`), the COPYs
 * run with triggers off (the name_words trigger fires ALWAYS) and `verify` checks every reference of
 * the written rows at the end in one anti-join per reference; otherwise the triggers check each row,
 * deferred to the commit (a batch may point at rows of a later batch). Unique and check constraints
 * hold either way.
 */
export const pgBulkRecords = (db: Sql): BulkRecordWriter => {
  let fast: boolean | null = null;
  const ranges: Ranges = new Map();
  const counts = new Map<string, number>();
  const withoutTriggers = async (work: () => Promise<void>): Promise<void> => {
    if (fast === null) {
      await db.run('savepoint bulk_role');
      try {
        await db.run('set local session_replication_role = replica');
        fast = true;
        await db.run('release savepoint bulk_role');
      } catch {
        fast = false;
        await db.run('rollback to savepoint bulk_role');
      }
    } else if (fast) await db.run('set local session_replication_role = replica');
    if (!fast) {
      await db.run('set constraints all deferred');
      return work();
    }
    try {
      await work();
    } finally {
      await db.run('set local session_replication_role = origin');
    }
  };
  return {
    insertAll: async (b, options = {}) => {
      const write = async (): Promise<void> => {
        for (const [table, rows] of [[tables.persons, b.persons], [tables.names, b.names], [tables.places, b.places], [tables.relationships, b.relationships],
          [tables.events, b.events], [tables.sources, b.sources], [tables.citations, b.citations]] as const) {
          await copyRows(db, table as unknown as Table<{ readonly id: string }, never>, rows);
          if (options.deferChecks === true) {
            widen(ranges, table.name, rows);
            counts.set(table.name, (counts.get(table.name) ?? 0) + rows.length);
          }
        }
      };
      if (options.deferChecks === true) await withoutTriggers(write);
      else await write();
    },
    verify: async () => {
      // A big import changes what the planner must know of the tables: the statistics it had (a
      // near-empty tree) made the export right after it probe one index with another's columns, 25
      // times slower. ANALYZE reads a sample, not the table, and joins this transaction.
      const analyzed = [...counts].filter(([, n]) => n >= ANALYZE_ROWS).map(([table]) => table);
      if (analyzed.length > 0) await db.run(`analyze ${analyzed.join(', ')}`);
      counts.clear();
      if (fast !== true) return;
      for (const [table, column, target] of REFERENCES) {
        const range = ranges.get(table);
        if (range === undefined) continue;
        const [{ n }] = await db.rows<{ n: number }>(
          `select count(*)::int as n from ${table} x where x.id between ?::uuid and ?::uuid and x.${column} is not null
             and not exists (select 1 from ${target} t where t.id = x.${column})`, [range.min, range.max]) as [{ n: number }];
        if (n > 0) throw new Error(`bulk write: ${n} ${table}.${column} name no ${target} row`);
      }
      ranges.clear();
    },
  };
};
