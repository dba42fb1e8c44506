import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlObserver } from './sql.js';
import { takeSocket, type PgSocket, type TakenSocket } from './socket-takeover.js';

// `COPY (query) TO STDOUT` in its text format, read by hand: PostgreSQL formats the rows in C, the
// rows' bytes are gathered off the socket without an object per row, and the reader splits them with
// `indexOf`, so a row costs a few string slices instead of the driver's per-row message, row object
// and per-column type parsing (about 2.5 times the CPU, measured on the export of 310,000 events).
// For reads of many rows whose columns the caller knows.

type Connection = { readonly stream: PgSocket; readonly query: (text: string) => void };
type PgClient = { readonly query: (submittable: CopyOutQuery) => unknown };
type PoolClient = { readonly acquireConnection: () => Promise<PgClient>; readonly releaseConnection: (c: unknown) => Promise<unknown> };

const COPY_DATA = 0x64; // 'd'
const COPY_OUT_RESPONSE = 0x48; // 'H'
const COPY_DONE = 0x63; // 'c'
/** Messages the server may send at any time: skipped. */
const ASYNCHRONOUS = new Set([0x4e, 0x53, 0x41]); // NoticeResponse, ParameterStatus, NotificationResponse
/** A message of the COPY's answer before its end: read here, not by pg. */
const isCopyMessage = (code: number): boolean => code === COPY_DATA || code === COPY_OUT_RESPONSE || code === COPY_DONE || ASYNCHRONOUS.has(code);

/**
 * `COPY ... TO STDOUT` as a query pg runs (a "submittable", as pg-copy-streams' is): while the data
 * comes, it reads the protocol's messages off the connection's socket itself and copies each row's
 * bytes into one growing buffer, with no object per row (pg-copy-streams makes a Buffer view per row,
 * several hundred thousand for an export); the first other message (the end of the COPY, or an
 * error) and what follows go back to pg's own reader, which ends the query as usual.
 */
class CopyOutQuery {
  private taken: TakenSocket | null = null;
  private out: Buffer;
  private size = 0;
  private carry: Buffer | null = null;
  private failure: unknown = null;
  readonly done: Promise<Buffer>;
  private resolve!: (b: Buffer) => void;
  private reject!: (e: unknown) => void;

  constructor(private readonly text: string, private readonly space: CopySpace, private readonly sink: RowSink | null = null) {
    this.out = space.buffer;
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): void {
    this.taken = takeSocket(connection.stream, this.onData, 'copy out');
    connection.query(this.text);
  }

  private readonly onData = (chunk: Buffer): void => {
    let buf = chunk;
    if (this.carry !== null) {
      // The message the last piece ended in: completed from the head of this one, then read on.
      const carry = this.carry;
      if (carry.length < 5 || !isCopyMessage(carry[0]!)) {
        buf = Buffer.concat([carry, chunk]);
        this.carry = null;
      } else {
        const missing = 1 + carry.readUInt32BE(1) - carry.length;
        if (missing > chunk.length) {
          this.carry = Buffer.concat([carry, chunk]);
          return;
        }
        this.carry = null;
        if (!this.read(Buffer.concat([carry, chunk.subarray(0, missing)]))) return;
        buf = chunk.subarray(missing);
      }
    }
    this.read(buf);
  };

  /**
   * Reads the messages of `buf`, keeping an incomplete last one; false once the COPY's data has ended.
   * The whole messages are copied into the buffer at once, then each row is moved down over the
   * headers before it (`copyWithin`, within one buffer): a copy per row (`Buffer.copy`) made a view
   * object per row, about a million an export of 100,000 persons (90 MB of V8's heap).
   */
  private read(buf: Buffer): boolean {
    // The messages of the COPY that are whole in `buf`: [0, whole).
    let whole = 0;
    let ended = -1;
    while (whole + 5 <= buf.length) {
      if (!isCopyMessage(buf[whole]!)) {
        ended = whole;
        break;
      }
      const end = whole + 1 + buf.readUInt32BE(whole + 1);
      if (end > buf.length) break;
      whole = end;
    }
    if (whole > 0) {
      const base = this.size;
      if (base + whole > this.out.length) {
        const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, base + whole));
        this.out.copy(bigger, 0, 0, base);
        this.out = this.space.buffer = bigger;
      }
      const out = this.out;
      out.set(whole === buf.length ? buf : buf.subarray(0, whole), base);
      let size = base;
      for (let i = 0; i < whole; ) {
        const end = i + 1 + buf.readUInt32BE(i + 1);
        // Each CopyData message is one row; the others (a notice...) are passed.
        if (buf[i] === COPY_DATA) {
          out.copyWithin(size, base + i + 5, base + end);
          size += end - i - 5;
        }
        i = end;
      }
      this.size = size;
      // What is gathered ends with a whole row.
      if (this.sink !== null && this.size >= SINK_AT) this.flush();
    }
    if (ended >= 0) {
      // The end of the COPY (CommandComplete), or an error: pg's reader takes it from here.
      this.handBack(buf.subarray(ended));
      return false;
    }
    if (whole < buf.length) this.carry = Buffer.from(buf.subarray(whole));
    return true;
  }

  private handBack(rest: Buffer): void {
    this.taken!.giveBack(rest);
  }

  handleCommandComplete(): void {}

  handleError(err: unknown): void {
    // pg reported the error (after which it does not call handleReadyForQuery on this query).
    this.failure = err;
    this.reject(err);
  }

  /** Hands the rows gathered so far to the sink; a throw of the sink fails the query once it has ended. */
  private flush(): void {
    const rows = this.out.subarray(0, this.size);
    this.size = 0;
    if (this.failure !== null) return;
    try {
      this.sink!(rows);
    } catch (e) {
      this.failure = e;
    }
  }

  handleReadyForQuery(): void {
    if (this.sink !== null && this.size > 0) this.flush();
    if (this.failure === null) this.resolve(this.out.subarray(0, this.size));
    else if (this.sink !== null) this.reject(this.failure);
  }
}

/**
 * Takes rows of a COPY as they come (whole rows, in order), in pieces of about SINK_AT bytes: a view
 * of the COPY's buffer, good until the sink returns.
 */
export type RowSink = (rows: Buffer) => void;
const SINK_AT = 1 << 20;

/**
 * Where the rows of a COPY are gathered: one buffer, grown as needed and used again by the next COPY
 * of its holder (an export's chunks, one after the other), so that a chunk's bytes cost no new
 * allocation (Buffers are memory outside V8's heap, whose growth makes V8 collect everything).
 */
export type CopySpace = { buffer: Buffer };
export const copySpace = (): CopySpace => ({ buffer: Buffer.allocUnsafe(1 << 20) });

/**
 * The whole output of `statement` (a `COPY (...) TO STDOUT`), run on the connection of `em`'s
 * transaction, which must be open. COPY takes no bind parameters: what the statement holds must be
 * literals the caller made safe (`uuidLiteral`). Meant for bounded outputs (a chunk): read it with
 * CopyRows over copyText. The answer is a view of `space`, good until the next COPY into it. With
 * `sink`, for an output of any size, the rows go to it as they come, and the answer is empty.
 */
export const copyOut = async (em: EntityManager, statement: string, space: CopySpace, observe: SqlObserver = {}, sink: RowSink | null = null): Promise<Buffer> => {
  const trx = em.getTransactionContext<{ client: PoolClient }>();
  if (trx === undefined) throw new Error('copyOut: no transaction');
  const connection = await trx.client.acquireConnection();
  try {
    observe.onQuery?.(statement);
    const query = new CopyOutQuery(statement, space, sink);
    connection.query(query);
    return await query.done;
  } catch (e) {
    if (typeof e === 'object' && e !== null) Object.defineProperty(e, 'statement', { value: statement, enumerable: false });
    throw e;
  } finally {
    await trx.client.releaseConnection(connection);
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as an SQL literal, for a COPY statement (which takes no parameters); anything else throws. */
export const uuidLiteral = (id: string): string => {
  if (!UUID.test(id)) throw new Error('not a uuid');
  return `'${id}'::uuid`;
};

const ONE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUIDS = new RegExp(`^(?:${ONE}(?:,${ONE})*)?$`, 'i');

/**
 * Uuids joined by commas as an SQL array literal (`'{...}'::uuid[]`), for a COPY statement; anything
 * but such a list throws. One match of the whole list: a chunk's 2,000 ids cost one pass.
 */
export const uuidListLiteral = (list: string): string => {
  if (!UUIDS.test(list)) throw new Error('not a list of uuids');
  return `'{${list}}'::uuid[]`;
};

/** Uuids as an SQL array literal (uuidListLiteral). */
export const uuidArrayLiteral = (ids: readonly string[]): string => uuidListLiteral(ids.join(','));

/** What follows a backslash in COPY's text format, and the character it stands for. */
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };

const unescape = (s: string): string => s.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);

/** A byte of a multi-byte UTF-8 character, as the latin1 reading shows it. */
const HIGH = /[\u0080-\u00ff]/g;

/**
 * COPY's bytes as a string to read with CopyRows: latin1, one byte one character (a copy, and V8's
 * compact strings), which CopyRows decodes again as UTF-8 only in a field holding a byte above 127.
 * A chunk's text is one large string: it is never copied by the young generation's collections,
 * whatever is parsed out of it.
 */
export const copyText = (bytes: Buffer): string => bytes.toString('latin1');

/**
 * Reads the COPY text rows of `source` in [start, end) field by field, in the order the caller
 * knows them: `next()` moves to the next row (false past the last), `field()` answers the row's next
 * field (null for `\N`), `skip()` passes one, `fieldIs(value)` tells whether the next field is
 * `value` without reading it. Only a field holding a backslash is unescaped. Fields are slices of
 * the text. Several readers may share one text (one per section of rows).
 */
export class CopyRows {
  private rowEnd: number;
  private rowStart: number;
  private at: number;
  /** The next backslash, and the next byte above 127, at or after the current field (-1: none left). */
  private nextSlash = -2;
  private nextHigh = -2;

  constructor(private readonly source: string, start = 0, private readonly end = source.length) {
    this.rowEnd = start - 1;
    this.rowStart = start;
    this.at = start;
  }

  /** Back to the current row's first field. */
  restart(): void {
    this.at = this.rowStart;
  }

  /** Where the first row tagged `tag` (its first field) begins at or after `from`; -1 when none. */
  static section(source: string, tag: string, from = 0): number {
    if (from === 0 && source.startsWith(`${tag}\t`)) return 0;
    const at = source.indexOf(`\n${tag}\t`, from === 0 ? 0 : from - 1);
    return at < 0 ? -1 : at + 1;
  }

  private findHigh(from: number): number {
    HIGH.lastIndex = from;
    return HIGH.exec(this.source)?.index ?? -1;
  }

  /** Moves to the next row; false when there is none. */
  next(): boolean {
    const start = this.rowEnd + 1;
    if (start >= this.end) return false;
    const end = this.source.indexOf('\n', start);
    this.rowEnd = end < 0 || end > this.end ? this.end : end;
    this.rowStart = start;
    this.at = start;
    return true;
  }

  /** Passes the row's next field. */
  skip(): void {
    const end = this.source.indexOf('\t', this.at);
    this.at = end < 0 || end > this.rowEnd ? this.rowEnd + 1 : end + 1;
  }

  /**
   * The row's next field compared with `value` (plain ASCII text, as an id is), without reading it:
   * negative when the field sorts before `value`, 0 when it is `value`, positive after (code unit
   * order, which is the byte order of ASCII, and PostgreSQL's order of uuids).
   */
  compareField(value: string): number {
    const s = this.source;
    // Mostly it is the value (each row of a section is its person's once): one native comparison.
    if (this.fieldIs(value)) return 0;
    let i = this.at;
    for (let k = 0; k < value.length; k++, i++) {
      const c = i < this.rowEnd ? s.charCodeAt(i) : 9;
      if (c === 9) return -1;
      const d = c - value.charCodeAt(k);
      if (d !== 0) return d;
    }
    return i < this.rowEnd && s.charCodeAt(i) !== 9 ? 1 : 0;
  }

  /**
   * Whether the row's next field is exactly `value` (plain ASCII text, as an id is); reads nothing.
   * Compared as a slice: `startsWith(value, at)` with a 36-character id cost 100-230 ns a call on a
   * chunk's text, a slice and `===` 45-75 ns (Node 24; an export asks it about 5 times a person).
   */
  fieldIs(value: string): boolean {
    const after = this.at + value.length;
    if (after > this.rowEnd || (after < this.rowEnd && this.source.charCodeAt(after) !== 9)) return false;
    return this.source.slice(this.at, after) === value;
  }

  /** The next field of the row (null for SQL null). Past the row's last field it answers ''. */
  field(): string | null {
    const start = this.at;
    if (start > this.rowEnd) return '';
    let end = this.source.indexOf('\t', start);
    if (end < 0 || end > this.rowEnd) end = this.rowEnd;
    this.at = end + 1;
    if (this.nextSlash !== -1 && this.nextSlash < start) this.nextSlash = this.source.indexOf('\\', start);
    if (this.nextHigh !== -1 && this.nextHigh < start) this.nextHigh = this.findHigh(start);
    const slash = this.nextSlash >= 0 && this.nextSlash < end;
    const high = this.nextHigh >= 0 && this.nextHigh < end;
    if (!slash && !high) return this.source.slice(start, end);
    // `\N` alone is null.
    if (slash && end - start === 2 && this.nextSlash === start && this.source.charCodeAt(start + 1) === 78) return null;
    let value = this.source.slice(start, end);
    if (high) value = Buffer.from(value, 'latin1').toString('utf8');
    return slash ? unescape(value) : value;
  }

  /** The next field, '' for null. */
  text(): string {
    return this.field() ?? '';
  }
}
