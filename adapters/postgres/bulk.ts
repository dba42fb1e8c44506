import type { GedcomKept } from '../../core/people/model.js';
import type { BulkRecordWriter, RecordBatch } from '../../core/gedcom/ports.js';
import type { Sql } from './sql.js';
import * as tables from './tables/index.js';
import { copyRows, copyTuples, tuplesOf } from './tables/build.js';
import { createIdSet, type IdSet } from './id-set.js';

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

type AnyTable = tables.Table<{ readonly id: string }, never>;
/** The tables a batch writes, in the order they are written: owners before what points at them. */
const ORDER: readonly AnyTable[] = [KEPT.persons, KEPT.names, tables.places, KEPT.relationships, KEPT.events, tables.repositories, KEPT.sources, KEPT.citations] as unknown as AnyTable[];
/** A batch's rows by table, in ORDER. */
const tablesOf = (b: RecordBatch): (readonly [AnyTable, readonly { readonly id: string }[]])[] => {
  const rows = [b.persons, b.names, b.places, b.relationships, b.events, b.repositories ?? [], b.sources, b.citations];
  return ORDER.map((t, i) => [t, rows[i]!] as const);
};

/**
 * Each reference a bulk write makes, as the foreign keys that check them, by the table they name:
 * referenced table, then the (table, column) pairs that reference it.
 */
const REFERENCES: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  ['persons', [['names', 'person_id'], ['events', 'person_id'], ['relationships', 'person_a_id'], ['relationships', 'person_b_id']]],
  ['relationships', [['events', 'partnership_id']]],
  ['places', [['events', 'place_id']]],
  ['sources', [['citations', 'source_id']]],
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

/**
 * Bytes of encoded rows a `deferChecks` write (an import) holds before it writes them, one COPY per
 * table for all the batches held. Written batch by batch (10,000 rows then, the import's own bound on the
 * rows it holds as objects, now 1,000: about 310 COPYs for 100,000 persons, where held ones make about 110), each COPY waited
 * for the service to hand it its next piece between the records it was mapping: PostgreSQL's
 * backend waited on the client (ClientRead, or idle in the transaction) in about a fifth of the
 * samples of pg_stat_activity through a 100,000-person import. Encoded at once, a batch's objects
 * are garbage right after; a held set is written while the next one is encoded, so two are alive.
 * Measured on the 1,000,000-person file (one run each, scratch cluster): 16 MB imported in 110.5 s
 * with the service's RSS peaking at 495.0 MB (the goal is 512), 4 MB in 118.7 s at 476.9 MB, the
 * code before (batch by batch) in 146.6-181.5 s at 460.1-467.5 MB; at 100,000 persons 4 and 16 MB
 * did not differ beyond the noise (12.2-14.0 against 13.6-14.6 s).
 */
const HELD_BYTES = 4 * 1024 * 1024;

/**
 * The first held set's bytes: each next one may hold twice the last's, up to HELD_BYTES. PostgreSQL
 * writes an import's rows slower than the service maps them, so it is the import's pace, and it was
 * idle until the first 4 MB were encoded (some 5,000 persons' rows). Doubling from 256 KB starts it
 * within tens of milliseconds of the second pass and keeps it busy: while it writes a set the
 * service encodes at least the next one's bytes. One 100,000-person import each, alternated (four
 * pairs, with the 1,000-row batches of import-rows.ts): the first COPY 1.6-1.9 s into the request
 * against 2.3-3.2 s.
 */
const FIRST_HELD_BYTES = 256 * 1024;

/**
 * The held sets' bytes are copied into slabs of this size, used again once the set they held is
 * written. Copied into buffers of their own, a set's bytes became garbage outside V8's heap once it
 * was written, which V8 lets pile up (it collects for external memory some 64 MB past what the last
 * collection left): through the families of a 1,000,000-person import the service's array buffers
 * swung between 39 and 107 MB (one in three seconds sampled) over the 4-8 MB of two held sets.
 */
const SLAB_BYTES = 1024 * 1024;
/** Slabs kept for the next sets: two held sets of HELD_BYTES, and a slab each begun. */
const KEPT_SLABS = 10;

/**
 * Slabs for the pieces of held sets: `keep` copies a piece into the current set's slabs, `take`
 * hands them over with the set (the next piece begins a new slab), `give` returns them once that set
 * is written. A piece larger than a slab gets a buffer of its own.
 */
const slabs = () => {
  const free: Buffer[] = [];
  let current: Buffer[] = [];
  let slab: Buffer | null = null;
  let at = 0;
  return {
    keep: (piece: Buffer): Buffer => {
      if (piece.length > SLAB_BYTES) return Buffer.from(piece);
      if (slab === null || at + piece.length > slab.length) {
        slab = free.pop() ?? Buffer.allocUnsafe(SLAB_BYTES);
        current.push(slab);
        at = 0;
      }
      piece.copy(slab, at);
      at += piece.length;
      return slab.subarray(at - piece.length, at);
    },
    take: (): Buffer[] => {
      const taken = current;
      current = [];
      slab = null;
      return taken;
    },
    give: (used: readonly Buffer[]): void => {
      for (const b of used) if (free.length < KEPT_SLABS) free.push(b);
    },
  };
};

/**
 * What a `deferChecks` write keeps to check its references at `verify` (REFERENCES): the ids written
 * to each referenced table, and the ids each reference named, compact for an import's ids (id-set.ts).
 * Before, verify asked PostgreSQL, one anti-join per referenced table, which hashed that table whole
 * (every tree's rows) and read every row the import wrote again: 0.38-0.52 s of a 100,000-person
 * import's 13-17 s, in proportion to the database, not to the import. Now a reference that names a
 * row the import wrote is checked here, where it costs a bit test while the rows are mapped; only
 * those naming rows there before (a merged person, a place or source the tree had) are looked up.
 */
type Checked = {
  /** Referenced table -> the ids this write wrote to it. */
  readonly written: Map<string, IdSet>;
  /** Per REFERENCES entry, per referencing column (in its order): the ids that column named. */
  readonly named: Map<string, IdSet>;
};

/** Each table's columns that reference another (REFERENCES), as the column, its key in `named` and the row's value. */
const referencing = new Map<string, readonly { readonly key: string; readonly value: (row: never) => unknown }[]>();
const referencesOf = (table: AnyTable): readonly { readonly key: string; readonly value: (row: never) => unknown }[] => {
  let list = referencing.get(table.name);
  if (list === undefined) {
    list = REFERENCES.flatMap(([, from]) => from.filter(([t]) => t === table.name).map(([, column]) => {
      const c = table.columns.find(([name]) => name === column);
      if (c === undefined) throw new Error(`${table.name} has no column ${column}`);
      return { key: `${table.name}.${column}`, value: c[2] as (row: never) => unknown };
    }));
    referencing.set(table.name, list);
  }
  return list;
};
const REFERENCED = new Set(REFERENCES.map(([target]) => target));

const note = (checked: Checked, table: AnyTable, rows: readonly { readonly id: string }[]): void => {
  if (REFERENCED.has(table.name)) {
    let ids = checked.written.get(table.name);
    if (ids === undefined) checked.written.set(table.name, (ids = createIdSet()));
    for (let i = 0; i < rows.length; i++) ids.add(rows[i]!.id);
  }
  for (const { key, value } of referencesOf(table)) {
    let ids = checked.named.get(key);
    if (ids === undefined) checked.named.set(key, (ids = createIdSet()));
    for (let i = 0; i < rows.length; i++) {
      const ref = value(rows[i] as never);
      if (ref !== null && ref !== undefined) ids.add(String(ref));
    }
  }
};

/** Ids looked up per statement among a reference's ids of rows there before. */
const LOOKED_UP = 10_000;

/**
 * Bulk rows through `COPY ... FROM STDIN`, the fastest way into PostgreSQL. With `deferChecks` (the
 * GEDCOM import, whose ids are consecutive): most of a big import's
 * time went to the foreign keys' per-row triggers (one lookup and row lock per reference, about two
 * million for 100,000 persons), so where the database lets this role set session_replication_role
 * (a superuser, such as the embedded default, or PostgreSQL 15's `GRANT SET ON PARAMETER`), the COPYs
 * run with triggers off (the name_words trigger fires ALWAYS) and `verify` checks every reference of
 * the written rows at the end (Checked: against the ids written, and the rest looked up and locked
 * as a foreign key's check would); otherwise the triggers check each row,
 * deferred to the commit (a batch may point at rows of a later batch). Unique and check constraints
 * hold either way.
 */
export const pgBulkRecords = (db: Sql): BulkRecordWriter => {
  let fast: boolean | null = null;
  let lean = false;
  let checked: Checked = { written: new Map(), named: new Map() };
  const counts = new Map<string, number>();
  // The `deferChecks` rows encoded and not yet written, by table (heldLimit), and the held set being written.
  let held = new Map<AnyTable, Buffer[]>();
  let heldBytes = 0;
  /** What the next held set may hold before it is written (FIRST_HELD_BYTES, doubling up to HELD_BYTES). */
  let heldLimit = FIRST_HELD_BYTES;
  let writing: Promise<void> | null = null;
  const room = slabs();
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
    } catch (err) {
      // A write that failed in PostgreSQL has aborted the transaction, where this statement fails too:
      // the write's own error is the one to report.
      await db.run('set local session_replication_role = origin').catch(() => undefined);
      throw err;
    }
    await db.run('set local session_replication_role = origin');
  };
  /** Writes the held set (owners before what points at them, though a `deferChecks` write does not need it). */
  const writeHeld = async (): Promise<void> => {
    const set = held;
    const used = room.take();
    held = new Map();
    heldBytes = 0;
    await withoutTriggers(async () => {
      for (const table of ORDER) {
        const tuples = set.get(table);
        if (tuples !== undefined) await copyTuples(db, table, tuples);
      }
    });
    // Only after every COPY of the set ended: PostgreSQL has read all of its bytes. A set whose write
    // failed keeps its slabs (the connection may still hold some of its bytes to send).
    room.give(used);
  };
  /** Waits for the held set being written, then writes the rest held. */
  const writeAllHeld = async (): Promise<void> => {
    const w = writing;
    writing = null;
    await w;
    if (held.size > 0) await writeHeld();
  };
  return {
    insertAll: async (b, options = {}) => {
      const batch = tablesOf(b);
      // An import's creations are recorded without their fields (migration 20261224090000), for the
      // rest of its transaction: one statement per unit of work.
      if (options.leanHistory === true && !lean) {
        await db.rows(`select set_config('genealogy.history', 'lean', true)`);
        lean = true;
      }
      if (options.deferChecks !== true) {
        for (const [table, rows] of batch) await copyRows(db, table, rows);
        return;
      }
      for (const [table, rows] of batch) {
        if (rows.length === 0) continue;
        if (fast !== false) note(checked, table, rows);
        counts.set(table.name, (counts.get(table.name) ?? 0) + rows.length);
        let list = held.get(table);
        if (list === undefined) held.set(table, (list = []));
        for (const piece of tuplesOf(table, rows, room.keep)) {
          list.push(piece);
          heldBytes += piece.length;
        }
      }
      if (heldBytes < heldLimit) return;
      // One held set written at a time: this one waits for the one before, then is written while the caller maps on.
      const before = writing;
      writing = null;
      await before;
      heldLimit = Math.min(2 * heldLimit, HELD_BYTES);
      writing = writeHeld();
      writing.catch(() => undefined);
    },
    settle: async () => {
      await writing?.catch(() => undefined);
    },
    verify: async () => {
      await writeAllHeld();
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
      const { written, named } = checked;
      checked = { written: new Map(), named: new Map() };
      if (fast !== true) return;
      for (const [target, from] of REFERENCES) {
        const own = written.get(target) ?? createIdSet();
        for (const [table, column] of from) {
          const ids = named.get(`${table}.${column}`);
          if (ids === undefined) continue;
          // The ids this reference named that this write did not write: rows there before, or none.
          const before = ids.missingFrom(own);
          let failed = 0;
          for (let i = 0; i < before.length; i += LOOKED_UP) {
            const some = before.slice(i, i + LOOKED_UP);
            // Locked as a foreign key's check locks the row it finds: no one deletes it before this commits.
            const [found] = await db.rows<{ n: number }>(`select count(*)::int as n from (select 1 from ${target} t where t.id = any(?::uuid[]) for key share) f`, [some]);
            failed += some.length - found!.n;
          }
          if (failed > 0) throw new Error(`bulk write: ${failed} ${table}.${column} name no ${target} row`);
        }
      }
    },
  };
};
