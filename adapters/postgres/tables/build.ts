// The statements that write records, built from the tables' descriptions (table.ts): every value a
// bind parameter cast to its column's type, every column list generated, none written by hand.
import type { Sql } from '../sql.js';
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, binaryCopy, binaryTuples } from '../copy-binary.js';
import type { Cell, Column, Table } from './table.js';

/** Any description, whatever its rows read back as. */
type Described<R> = Table<R, never, unknown>;

const namesOf = <R>(columns: readonly Column<R>[]): string => columns.map(([n]) => n).join(', ');

/** The columns of `table` named in `names`, in that order. */
export const pick = <R>(table: Described<R>, names: readonly string[]): Column<R>[] =>
  names.map((n) => {
    const c = table.columns.find(([name]) => name === n);
    if (c === undefined) throw new Error(`${table.name} has no column ${n}`);
    return c;
  });

const insertSql = <R>(table: Described<R>): string =>
  `insert into ${table.name} (${namesOf(table.columns)}) values (${table.columns.map(([, type]) => `?::${type}`).join(', ')})`;

const valuesOf = <R>(columns: readonly Column<R>[], row: R): Cell[] => columns.map(([, , value]) => value(row));

/** Inserts one record into its table: every column. */
export const insertRow = async <R>(db: Sql, table: Described<R>, row: R): Promise<void> => {
  await db.run(insertSql(table), valuesOf(table.columns, row));
};

/**
 * Inserts one record unless it would conflict on `target` (a unique index's columns or expressions,
 * in parentheses); whether it was inserted. ON CONFLICT rather than a caught violation: a failed
 * statement would abort the surrounding transaction.
 */
export const insertRowIfAbsent = async <R>(db: Sql, table: Described<R>, row: R, target: string): Promise<boolean> =>
  (await db.run(`${insertSql(table)} on conflict ${target} do nothing`, valuesOf(table.columns, row))) === 1;

/**
 * `insert into <table> (<every column>) <select>`: for rows whose values the database computes; the
 * select must give every column, in the description's order. The caller may append an ON CONFLICT
 * clause, and may use the text as a data-modifying CTE.
 */
export const insertSelect = <R>(table: Described<R>, select: string): string => `insert into ${table.name} (${namesOf(table.columns)}) ${select}`;

const updateSql = <R>(table: Described<R>, columns: readonly Column<R>[]): string =>
  `update ${table.name} set ${columns.map(([n, type]) => `${n} = ?::${type}`).join(', ')} where id = ?::uuid`;

/** Sets the named columns of the record's row (found by its `id`). */
export const updateRow = async <R extends { readonly id: string }>(db: Sql, table: Described<R>, names: readonly string[], row: R): Promise<void> => {
  const columns = pick(table, names);
  await db.run(updateSql(table, columns), [...valuesOf(columns, row), row.id]);
};

/** Sets the named columns of the record's row when it also matches `condition` (SQL over its columns, ANDed); whether it did. */
export const updateRowIf = async <R extends { readonly id: string }>(
  db: Sql, table: Described<R>, names: readonly string[], row: R, condition: { readonly sql: string; readonly params: readonly unknown[] },
): Promise<boolean> => {
  const columns = pick(table, names);
  return (await db.run(`${updateSql(table, columns)} and ${condition.sql}`, [...valuesOf(columns, row), row.id, ...condition.params])) > 0;
};

// Each column travels as one array parameter and the rows are zipped back by unnest: one statement
// per chunk of rows, whatever their number (measured here about 2.5 times faster than one JSON
// document expanded by json_populate_recordset, and far faster than a statement per row).
const CHUNK = 10_000;

/** A PostgreSQL array literal of text values, NULL where null; the cast in SQL gives it its type. */
const arrayLiteral = (values: readonly Cell[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;

const unnestOf = <R>(columns: readonly Column<R>[]): string => `unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')})`;

const arraysOf = <R>(columns: readonly Column<R>[], rows: readonly R[]): string[] => columns.map(([, , value]) => arrayLiteral(rows.map(value)));

const inChunks = async <R>(rows: readonly R[], write: (chunk: readonly R[]) => Promise<void>): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
};

/** Inserts many records of one table in one statement per chunk. */
export const insertRows = <R>(db: Sql, table: Described<R>, rows: readonly R[]): Promise<void> =>
  inChunks(rows, async (chunk) => {
    await db.run(`insert into ${table.name} (${namesOf(table.columns)}) select * from ${unnestOf(table.columns)}`, arraysOf(table.columns, chunk));
  });

/**
 * Sets the named columns of the rows whose `id` matches, one statement per chunk; the values are read
 * only from the named columns (and `id`), so a row may carry only those fields. Rows whose id is
 * missing change nothing.
 */
export const updateRows = <R extends { readonly id: string }>(db: Sql, table: Described<R>, names: readonly string[], rows: readonly R[]): Promise<void> => {
  const columns = pick(table, ['id', ...names]);
  return inChunks(rows, async (chunk) => {
    await db.run(
      `update ${table.name} t set ${names.map((n) => `${n} = u.${n}`).join(', ')}
       from ${unnestOf(columns)} as u(${namesOf(columns)}) where t.id = u.id`,
      arraysOf(columns, chunk),
    );
  });
};

/**
 * Rows of one table through `COPY ... FROM STDIN` in the binary format (copy-binary.ts): the fastest
 * way into PostgreSQL (no statement to parse per chunk, no parameter arrays, no value's text to
 * parse), with the same triggers and checks as an insert.
 */
export const copyRows = async <R>(db: Sql, table: Described<R>, rows: readonly R[]): Promise<void> => {
  if (rows.length === 0) return;
  await db.copy(copyStatement(table), binaryCopy(typesOf(table), rows, cellsOf(table)));
};

/**
 * copyRows in two steps: `tuplesOf` encodes rows at once (their objects may then be dropped: the
 * bytes are a fraction of their size), `copyTuples` writes what several such calls encoded, in one
 * COPY.
 */
export const tuplesOf = <R>(table: Described<R>, rows: readonly R[], keep?: (piece: Buffer) => Buffer): Buffer[] =>
  binaryTuples(typesOf(table), rows, cellsOf(table), keep);
export const copyTuples = async <R>(db: Sql, table: Described<R>, tuples: readonly Buffer[]): Promise<void> => {
  if (tuples.length === 0) return;
  await db.copy(copyStatement(table), [BINARY_COPY_HEADER, ...tuples, BINARY_COPY_TRAILER]);
};

const copyStatement = <R>(table: Described<R>): string => `copy ${table.name} (${namesOf(table.columns)}) from stdin with (format binary)`;
const typesOf = <R>(table: Described<R>): string[] => table.columns.map(([, type]) => type);
/** A row's cells in one array for every row: binaryCopy is done with a row before it asks for the next. */
const cellsOf = <R>(table: Described<R>): ((r: R) => Cell[]) => {
  const columns = table.columns;
  const cells: Cell[] = new Array<Cell>(columns.length).fill(null);
  return (r) => {
    for (let i = 0; i < columns.length; i++) cells[i] = columns[i]![2](r);
    return cells;
  };
};
