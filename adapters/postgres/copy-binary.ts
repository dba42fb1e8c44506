import type { Cell } from './tables/table.js';

// `COPY ... FROM STDIN WITH (FORMAT binary)` (issue 27): an import's rows as PostgreSQL's binary
// tuples, so the server reads a uuid as its 16 bytes and a timestamptz as its microseconds instead
// of parsing their text (uuid_in, timestamptz_in: about half of a COPY's own time on the events of a
// 100,000-person import without indexes, 0.74-0.79 against 1.38-1.46 s for 330,000 rows), and the
// service writes each value into one buffer instead of joining escaped text. The format: a header,
// then per row its field count (int16) and per field its length (int32, -1 for NULL) and bytes, then
// -1 (int16). Each column type an import writes has its encoder below; any other type throws when
// the writer is made, so a new column cannot reach a COPY unencoded.

/** The header: signature, flags (none), header extension length (0). */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** Bytes gathered before a piece is handed on (one stream write per piece). */
const PIECE = 256 * 1024;
/** Microseconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01 (UTC). */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;

/** Each UTF-16 unit's value as a hex digit, -1 for any other. */
const HEX = new Int8Array(65536).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[65 + i] = HEX[97 + i] = 10 + i;
/** Where each of a uuid's 16 bytes begins in its text (two hex digits), around the dashes at 8, 13, 18 and 23. */
const UUID_DIGITS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34] as const;

/** The value of one column as its binary field, written at `at` of `b` (which has room); the field's byte length. */
type Encoder = { readonly max: (v: Exclude<Cell, null>) => number; readonly write: (b: Buffer, at: number, v: Exclude<Cell, null>) => number };

const fixed = (size: number, write: (b: Buffer, at: number, v: Exclude<Cell, null>) => void): Encoder => ({
  max: () => size,
  write: (b, at, v) => {
    write(b, at, v);
    return size;
  },
});

const refuse = (type: string, v: unknown): never => {
  throw new Error(`copy-binary: ${JSON.stringify(v)} is not a ${type}`);
};

const uuid = fixed(16, (b, at, v) => {
  if (typeof v !== 'string' || v.length !== 36 || v.charCodeAt(8) !== 45 || v.charCodeAt(13) !== 45 || v.charCodeAt(18) !== 45 || v.charCodeAt(23) !== 45) return refuse('uuid', v);
  let bad = 0;
  for (let k = 0; k < 16; k++) {
    const i = UUID_DIGITS[k]!;
    const hi = HEX[v.charCodeAt(i)]!;
    const lo = HEX[v.charCodeAt(i + 1)]!;
    bad |= hi | lo;
    b[at + k] = (hi << 4) | lo;
  }
  if (bad < 0) refuse('uuid', v);
});

/** Text as UTF-8 (a lone surrogate as U+FFFD, as Buffer.from writes it); ASCII of a few characters by hand, cheaper than a call into the runtime. */
const writeText = (b: Buffer, at: number, s: string): number => {
  const n = s.length;
  if (n <= 32) {
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      b[at + i] = c;
    }
    if (i === n) return n;
  }
  return b.write(s, at);
};
const textOf = (v: Exclude<Cell, null>): string => (typeof v === 'string' ? v : String(v));
const text: Encoder = { max: (v) => 3 * textOf(v).length, write: (b, at, v) => writeText(b, at, textOf(v)) };

/** jsonb's binary form: its version (1), then the document's text. */
const jsonb: Encoder = {
  max: (v) => 1 + 3 * textOf(v).length,
  write: (b, at, v) => {
    b[at] = 1;
    return 1 + writeText(b, at + 1, textOf(v));
  },
};

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/;
let lastIso = '';
let lastMicros = 0;
/** A Date's ISO text (tables/table.ts iso) as microseconds from 2000-01-01; the rows of one write mostly share one. */
const micros = (v: Exclude<Cell, null>): number => {
  if (v === lastIso) return lastMicros;
  const ms = typeof v === 'string' && ISO.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms)) return refuse('timestamptz (ISO text in UTC, to the millisecond)', v);
  lastIso = v as string;
  lastMicros = (ms - PG_EPOCH_MS) * 1000;
  return lastMicros;
};
const writeInt64 = (b: Buffer, at: number, n: number): void => {
  const hi = Math.floor(n / TWO_32);
  b.writeInt32BE(hi, at);
  b.writeUInt32BE(n - hi * TWO_32, at + 4);
};
const timestamptz = fixed(8, (b, at, v) => writeInt64(b, at, micros(v)));

const integer = (type: string, v: Exclude<Cell, null>, min: number, max: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : refuse(type, v);
};
const boolean = fixed(1, (b, at, v) => {
  b[at] = v === true || v === 't' || v === 'true' ? 1 : v === false || v === 'f' || v === 'false' ? 0 : refuse('boolean', v);
});

const ENCODERS: Readonly<Record<string, Encoder>> = {
  uuid,
  text,
  jsonb,
  timestamptz,
  boolean,
  smallint: fixed(2, (b, at, v) => b.writeInt16BE(integer('smallint', v, -32768, 32767), at)),
  int: fixed(4, (b, at, v) => b.writeInt32BE(integer('int', v, -(2 ** 31), 2 ** 31 - 1), at)),
  bigint: fixed(8, (b, at, v) => writeInt64(b, at, integer('bigint', v, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER))),
  'double precision': fixed(8, (b, at, v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    b.writeDoubleBE(typeof v !== 'number' && Number.isNaN(n) && v !== 'NaN' ? refuse('double precision', v) : n, at);
  }),
};

/** The column types binaryCopy writes. */
export const BINARY_COPY_TYPES: readonly string[] = Object.keys(ENCODERS);

/** `n` (a field's length, -1 for NULL) as an int32, by hand: cheaper than Buffer's checked writer, a few times a row. */
const int32At = (b: Buffer, at: number, n: number): void => {
  b[at] = n >>> 24;
  b[at + 1] = n >>> 16;
  b[at + 2] = n >>> 8;
  b[at + 3] = n;
};

/**
 * The rows (`cells(row)`: one cell per column, in `types`' order; it may answer the same array for
 * every row, which is read before the next row is asked for) as the pieces of one binary COPY, about
 * PIECE bytes each (a row larger than that comes in a piece of its own size). Throws when a type has
 * no encoder, or a cell is not a value of its column's type.
 */
export function* binaryCopy<R>(types: readonly string[], rows: Iterable<R>, cells: (row: R) => readonly Cell[]): Generator<Buffer> {
  yield* tuples(types, rows, cells, true);
}

/** The binary COPY's header, and its trailer: around binaryTuples' pieces (of one or several calls, in turn) they make one COPY's data. */
export const BINARY_COPY_HEADER: Buffer = HEADER;
export const BINARY_COPY_TRAILER: Buffer = Buffer.from([0xff, 0xff]);

/**
 * binaryCopy's rows alone, without the header and the trailer, each piece a buffer of its own size:
 * the tuples of several calls, written one after the other between BINARY_COPY_HEADER and
 * BINARY_COPY_TRAILER, are one COPY. For rows held a while before they are written (pgBulkRecords),
 * so a piece holds no more memory than its bytes; `keep` copies a piece where the caller keeps it
 * (pgBulkRecords: into slabs it uses again).
 */
export const binaryTuples = <R>(
  types: readonly string[], rows: Iterable<R>, cells: (row: R) => readonly Cell[], keep: (piece: Buffer) => Buffer = copyOf,
): Buffer[] => {
  const pieces: Buffer[] = [];
  // Each piece is copied out of the scratch buffer (by `keep`: into a buffer of its own, or a slab's room) before the next is encoded into it.
  for (const piece of tuples(types, rows, cells, false, scratch)) pieces.push(keep(piece));
  return pieces;
};
const copyOf = (piece: Buffer): Buffer => Buffer.from(piece);
/**
 * binaryTuples' buffer, used again by every call (each runs to its end at once): a buffer of PIECE
 * bytes per table per batch, dropped once its bytes were copied out, was about 2 MB of garbage per
 * batch outside V8's heap, which V8 collects late; a 1,000,000-person import peaked some 25 MB higher.
 */
const scratch = Buffer.allocUnsafe(PIECE);

/** The pieces, encoded into `into` (again from its start after each piece is taken) when given, else into new buffers. */
function* tuples<R>(types: readonly string[], rows: Iterable<R>, cells: (row: R) => readonly Cell[], whole: boolean, into?: Buffer): Generator<Buffer> {
  const encoders = types.map((t) => ENCODERS[t] ?? refuse('column type binaryCopy writes', t));
  const columns = encoders.length;
  // Each uuid column's last value and its 16 bytes: a row's tree, and often its person (a person's
  // names and events come together), is the row before's, and copying 16 bytes costs a fifth of
  // reading 32 hex digits.
  const uuids = types.map((t) => t === 'uuid');
  const lastUuid: unknown[] = new Array<unknown>(columns).fill(null);
  const lastBytes = Buffer.allocUnsafe(16 * columns);
  let b = into ?? Buffer.allocUnsafe(PIECE);
  let at = 0;
  if (whole) {
    HEADER.copy(b, 0);
    at = HEADER.length;
  }
  for (const row of rows) {
    const values = cells(row);
    if (values.length !== columns) throw new Error(`copy-binary: ${values.length} cells for ${columns} columns`);
    // The row's largest size, so that room is made once a row: the piece so far is handed on first when it has not.
    let size = 2 + 4 * columns;
    for (let i = 0; i < columns; i++) {
      const v = values[i];
      if (v !== null && v !== undefined) size += encoders[i]!.max(v);
    }
    if (at + size > b.length) {
      if (at > 0) yield b.subarray(0, at);
      b = into !== undefined && size + 2 <= into.length ? into : Buffer.allocUnsafe(Math.max(PIECE, size + 2));
      at = 0;
    }
    b[at] = columns >>> 8;
    b[at + 1] = columns;
    at += 2;
    for (let i = 0; i < columns; i++) {
      const v = values[i];
      if (v === null || v === undefined) {
        int32At(b, at, -1);
        at += 4;
        continue;
      }
      if (uuids[i]) {
        int32At(b, at, 16);
        const from = 16 * i;
        if (v === lastUuid[i]) for (let k = 0; k < 16; k++) b[at + 4 + k] = lastBytes[from + k]!;
        else {
          encoders[i]!.write(b, at + 4, v);
          for (let k = 0; k < 16; k++) lastBytes[from + k] = b[at + 4 + k]!;
          lastUuid[i] = v;
        }
        at += 20;
        continue;
      }
      const length = encoders[i]!.write(b, at + 4, v);
      int32At(b, at, length);
      at += 4 + length;
    }
  }
  if (!whole) {
    if (at > 0) yield b.subarray(0, at);
    return;
  }
  if (at + 2 > b.length) {
    yield b.subarray(0, at);
    b = Buffer.allocUnsafe(2);
    at = 0;
  }
  b.writeInt16BE(-1, at);
  yield b.subarray(0, at + 2);
}
