import type { GedcomKept } from '../../core/people/model.js';
import type { BulkRecordWriter } from '../../core/gedcom/ports.js';
import type { Sql } from './sql.js';
import * as tables from './tables/index.js';
import { copyRows } from './tables/build.js';

/**
 * The tables whose rows may carry GEDCOM lines kept verbatim (core/gedcom/extensions.ts), with that
 * column: only a bulk write (an import) sets it; every other write leaves it as it is.
 */
const withKept = <R extends GedcomKept, Db, Read>(t: tables.Table<R, Db, Read>): tables.Table<R, Db, Read> =>
  ({ ...t, columns: [...t.columns, ['gedcom_extra', 'text', (r: R) => r.gedcomExtra ?? null]] });
const KEPT = {
  persons: withKept(tables.persons), names: withKept(tables.names), events: withKept(tables.events), relationships: withKept(tables.relationships),
  sources: withKept(tables.sources), citations: withKept(tables.citations),
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

/** The statistics target of that ANALYZE (PostgreSQL's default is 100: a sample of 300 rows per unit). */
const IMPORT_STATISTICS_TARGET = 10;

/**
 * Moves the words an import added (the name postings' trigger writes them to name_words) from the
 * trigram index's pending list into the index, in bulk. GIN keeps new entries in that list, which
 * every search reads through until autovacuum merges it: after a 100,000-person import that was 1 ms
 * of a one-word search's 1.3 ms. Only where this role owns the index (as VACUUM would need), else
 * left to autovacuum; in the import's transaction, so its words are never left behind.
 */
const MERGE_NEW_WORDS = `select gin_clean_pending_list(c.oid) from pg_class c
  where c.oid = to_regclass('name_words_tree_id_word_trgm_index') and pg_has_role(c.relowner, 'USAGE')`;

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
  let lean = false;
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
        for (const [table, rows] of [[KEPT.persons, b.persons], [KEPT.names, b.names], [tables.places, b.places], [KEPT.relationships, b.relationships],
          [KEPT.events, b.events], [tables.repositories, b.repositories ?? []], [KEPT.sources, b.sources], [KEPT.citations, b.citations]] as const) {
          await copyRows(db, table as unknown as tables.Table<{ readonly id: string }, never>, rows);
          if (options.deferChecks === true) {
            widen(ranges, table.name, rows);
            counts.set(table.name, (counts.get(table.name) ?? 0) + rows.length);
          }
        }
      };
      // An import's creations are recorded without their fields (migration 20261224090000), for the
      // rest of its transaction: one statement per unit of work.
      if (options.leanHistory === true && !lean) {
        await db.rows(`select set_config('genealogy.history', 'lean', true)`);
        lean = true;
      }
      if (options.deferChecks === true) await withoutTriggers(write);
      else await write();
    },
    verify: async () => {
      // A big import changes what the planner must know of the tables: the statistics it had (a
      // near-empty tree) made the export right after it probe one index with another's columns, 25
      // times slower. ANALYZE reads a sample, not the table, and joins this transaction.
      const analyzed = [...counts].filter(([, n]) => n >= ANALYZE_ROWS).map(([table]) => table);
      if (analyzed.length > 0) {
        // What the plans need here is the tables' size and their columns' rough shape: a sample of
        // 3,000 rows (statistics target 10) gives that in about a tenth of the default's time (84
        // against 969 ms for 100,000 persons). The statistics stay coarse only until autovacuum's
        // own ANALYZE, which the rows inserted here call for once they are committed.
        await db.run(`set local default_statistics_target = ${IMPORT_STATISTICS_TARGET}`);
        await db.run(`analyze ${analyzed.join(', ')}`);
        await db.run('set local default_statistics_target to default');
      }
      if ((counts.get('names') ?? 0) > 0) await db.rows(MERGE_NEW_WORDS);
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
