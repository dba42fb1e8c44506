// What every table description is made of: a column (name, SQL type, value from the core's record)
// and a table (name, columns, the core's record from one selected row). The descriptions live one
// file per slice beside this one; every write is built from them by build.ts, so a column is named
// once. The entity schemas (../entities/) and the no-diff spec tie these names to the migrations.
import { dateOrNull } from '../sql.js';

export type Cell = string | number | boolean | null;
export type Column<R> = readonly [name: string, type: string, value: (row: R) => Cell];

/**
 * A table: its name, its columns (`id` first where it has one) and the core's record from one
 * selected row (`select *`; `Read` when a read brings more than is written, such as a tree's owner).
 */
export type Table<R, Db, Read = R> = { readonly name: string; readonly columns: readonly Column<R>[]; readonly from: (row: Db) => Read };

// A bulk write stamps every row with the same Date: formatting it once, not twice a row, is a tenth of
// the JS time of an import's COPY.
let lastDate: Date | null = null;
let lastIso = '';

/** A Date as the ISO text a `timestamptz` cell takes (never the driver's local-time formatting). */
export const iso = (d: Date | null): string | null => {
  if (d === null) return null;
  if (d !== lastDate) {
    lastIso = d.toISOString();
    lastDate = d;
  }
  return lastIso;
};

/** A jsonb cell: the value as JSON text (JSON.stringify drops undefined keys). */
export const json = (v: unknown): string => JSON.stringify(v);

/** A jsonb value as the driver brings it: parsed already, or text when selected through to_jsonb or json_agg. */
export const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export type DeletionDb = { deleted_at: string | null; deletion_id: string | null };
export const deletionOf = (r: DeletionDb) => ({ deletedAt: dateOrNull(r.deleted_at), deletionId: r.deletion_id });
export const deletionColumns = <R extends { readonly deletedAt: Date | null; readonly deletionId: string | null }>(): Column<R>[] => [
  ['deleted_at', 'timestamptz', (r) => iso(r.deletedAt)], ['deletion_id', 'uuid', (r) => r.deletionId],
];
