import { newId, type Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { withKeptFacts } from '../../people/keep-life-facts.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../../people/model.js';
import type { Citation, Repository, Source } from '../../sources/model.js';
import type { RecordBatch } from '../ports.js';
import type { PlanName } from '../types.js';

// The rows a streamed import has made and not yet written, written in bounded batches: the import
// holds one batch, never the file. Rows may point at rows of a later batch (a family before its
// members); the stores' bulk writer accepts that inside its transaction (see BulkRecordWriter).

/**
 * Rows held as objects before they are handed to the bulk writer, which encodes them at once and
 * holds the bytes (adapters/postgres/bulk.ts writes a held set of some MB per COPY, whatever the
 * batches), so this bounds how long a row object lives, not how the rows are written. A batch's rows
 * live while the next records are mapped: at 10,000 rows (some 1,200 persons, a tenth of a second of
 * mapping) every row outlived two young-generation collections and was promoted, and the service
 * spent 2.2 s in scavenges and 0.5 s in full collections of its 9.8-11.8 s of CPU for the
 * 100,000-person bench file (--trace-gc, scratch cluster); at 1,000 rows (about 120 persons) most
 * die young: 1.0-1.1 s and 0.2 s (300 rows: no less).
 */
export const BATCH_ROWS = 1_000;

/**
 * Characters of kept lines (core/gedcom/extensions.ts) held before a write, whatever the rows: a
 * file whose records carry large unmapped structures is written in smaller batches, so the rows held
 * stay bounded by bytes too (a hostile file of 10,000 persons each with 100 KB of `_X` lines would
 * otherwise hold a gigabyte).
 */
export const BATCH_KEPT_CHARS = 8 * 1024 * 1024;

/** A name row an import creates at `now` with the mapped fields of `n` (kept lines are the caller's). */
export const nameRow = (n: PlanName, id: Id, treeId: Id, personId: Id, now: Date): Name => ({
  id, treeId, personId, nameType: n.nameType, givenName: n.givenName, surname: n.surname, prefix: n.prefix, suffix: n.suffix,
  surnamePrefix: n.surnamePrefix, isPrimary: n.isPrimary, notes: n.notes, createdAt: now, deletedAt: null, deletionId: null,
});

export type RowBuffer = {
  readonly persons: Person[];
  readonly names: Name[];
  readonly places: Place[];
  readonly relationships: Relationship[];
  readonly events: LifeEvent[];
  readonly sources: Source[];
  readonly citations: Citation[];
  readonly repositories: Repository[];
};

const empty = (): RowBuffer => ({ persons: [], names: [], places: [], relationships: [], events: [], sources: [], citations: [], repositories: [] });

export type RowWriter = {
  /** The rows to add to; written (and replaced by empty lists) once they pass BATCH_ROWS. */
  readonly rows: () => RowBuffer;
  /**
   * Starts writing what is held if it is enough for a batch, once the batch before is written (call
   * between records, never inside one): a promise to await then, else undefined (nothing to wait for).
   */
  readonly maybeFlush: () => Promise<void> | undefined;
  /** Counts characters of kept lines added to the rows held (see BATCH_KEPT_CHARS). */
  readonly keptChars: (n: number) => void;
  /** Writes what is held and waits until every write is done. */
  readonly flush: () => Promise<void>;
  /** Waits until no write is under way, failed or not, and writes nothing more: for a unit of work that ends, however (its commit or rollback must come last). */
  readonly settle: () => Promise<void>;
};

export const createRowWriter = (tx: Pick<Stores, 'bulk'>, onWritten?: (persons: number) => void): RowWriter => {
  let buffer = empty();
  let written = 0;
  let kept = 0;
  // One batch in flight while the next is mapped: the database and the mapping work at once (two
  // cores: the import's time is the slower of the two, not their sum). A failed write is heard here,
  // so no rejection goes unhandled, and reported by the next write or flush.
  let writing: Promise<void> = Promise.resolve();
  const size = (b: RowBuffer): number =>
    b.persons.length + b.names.length + b.places.length + b.relationships.length + b.events.length + b.sources.length + b.citations.length + b.repositories.length;
  const send = async (): Promise<void> => {
    await writing;
    if (size(buffer) === 0) return;
    const b = buffer;
    buffer = empty();
    kept = 0;
    // New persons carry the facts of their own events, which come in the same record, so the same batch.
    const batch: RecordBatch = { ...b, persons: withKeptFacts(b.persons, b.events) };
    writing = tx.bulk.insertAll(batch, { deferChecks: true, leanHistory: true }).then(() => {
      written += b.persons.length;
      onWritten?.(written);
    });
    writing.catch(() => undefined);
  };
  return {
    rows: () => buffer,
    maybeFlush: () => (size(buffer) >= BATCH_ROWS || kept >= BATCH_KEPT_CHARS ? send() : undefined),
    keptChars: (n) => {
      kept += n;
    },
    flush: async () => {
      await send();
      await writing;
    },
    settle: async () => {
      await writing.catch(() => undefined);
      await tx.bulk.settle();
    },
  };
};

/**
 * Ids for the i-th person of a file without a map from xref to id: one fresh UUIDv7 for the import,
 * counted up in its last 48 random bits (RFC 9562's monotonic counter), so ids stay unique and in
 * creation order. A file of more persons than 2^25 is refused long before (see MAX_FILE_PERSONS).
 */
export const idSequence = (): ((i: number) => Id) => {
  const base = newId();
  const prefix = base.slice(0, 24);
  const low = Number.parseInt(base.slice(24), 16);
  const span = 2 ** 48;
  // Written a byte at a time from a table: a 48-bit number is no small integer, and its toString(16)
  // took about 330 ns where this takes 55 (an id is asked for about 14 times per person).
  return (i) => {
    const v = (low + i) % span;
    const hi = Math.floor(v / 2 ** 24);
    const lo = v - hi * 2 ** 24;
    return prefix + HEX_BYTE[hi >>> 16]! + HEX_BYTE[(hi >>> 8) & 255]! + HEX_BYTE[hi & 255]! + HEX_BYTE[lo >>> 16]! + HEX_BYTE[(lo >>> 8) & 255]! + HEX_BYTE[lo & 255]!;
  };
};

/** Each byte's two lower-case hex digits. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * Ids for the other rows of an import, the same way: one random UUIDv7 drawn per import instead of
 * one per row (drawing random bytes was a tenth of a big import's time).
 */
export const idCounter = (): (() => Id) => {
  const at = idSequence();
  let n = 0;
  return () => at(n++);
};

/** Persons a file may hold: person numbers and edge keys (see import-edges.ts) stay exact doubles. */
export const MAX_FILE_PERSONS = 2 ** 25;
