import pg from 'pg';
import { takeSocket, type PgSocket, type TakenSocket } from './socket-takeover.js';

// A statement whose rows' fields come as bytes (Buffers), for an answer the service passes on without
// reading it: a page of a whole list's JSON (person-list-json.ts), about 600 kB a page, 60 MB a list.
//
// Why: pg turns each field into a string as it parses, and strings that size, made while the socket
// delivers them, outlive the young generation's collections and are promoted: the old generation grew
// by the list's size (+55 to +90 MB of RSS for a 100,000-person list) before a full collection freed
// it. Bytes are memory outside V8's heap, freed with their small handle by the young collections.
//
// pg's own Query does everything else (parse once per connection, bind, describe, errors, the end);
// only the DataRow messages are read off the socket here, as copy-out.ts reads a COPY's. A statement
// may take another before it in the same round trip and implicit transaction (`before`: sql.ts sets
// a generic plan's settings so, for that statement alone), whose answers are read and dropped here.

const DATA_ROW = 0x44; // 'D'
const PARSE_COMPLETE = 0x31; // '1'
const READY_FOR_QUERY = 0x5a; // 'Z'
const ERROR_RESPONSE = 0x45; // 'E'
const NOTICE_RESPONSE = 0x4e; // 'N'
const PARAMETER_STATUS = 0x53; // 'S'
const NOTIFICATION = 0x41; // 'A'
/** The answers to a statement without parameters sent as Bind and Execute: BindComplete, its one row, CommandComplete (and ParseComplete first when it is parsed too). */
const BEFORE_ANSWERS = 3;

/**
 * The names of the statements sent before another (`before`), one per text: each is prepared once per
 * connection, like pg's named statements, and then only bound. Parsed unnamed at every run, sql.ts's
 * generic settings (a one-row select of three set_config) cost PostgreSQL 21.5 us of CPU a run
 * against 8.0 us named, on the embedded server (docs/PERFORMANCE.md, fiftieth session).
 */
const beforeNames = new Map<string, string>();
const beforeName = (text: string): string => {
  let name = beforeNames.get(text);
  if (name === undefined) beforeNames.set(text, (name = `raw_rows_before_${beforeNames.size}`));
  return name;
};

type Connection = { readonly stream: PgSocket };
/** What of pg's connection `prepare` writes with: the extended protocol's messages, and pg's record of the statements it has parsed (by name). */
type Writer = Connection & {
  readonly parsedStatements: Record<string, string>;
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  execute(m: { portal: string; rows: number }): void;
};

/**
 * A field's bytes: one view, or (a field of a large row that came across several of the socket's
 * chunks) the views of its parts in order, never a copy; null for SQL NULL.
 */
export type RawField = Buffer | readonly Buffer[] | null;
/** A row's fields as bytes. */
export type RawRow = readonly RawField[];

/** A field's bytes in one buffer (its parts copied together when it came in several). */
export const wholeField = (f: Buffer | readonly Buffer[]): Buffer => (f instanceof Uint8Array ? f : Buffer.concat(f));

/**
 * From how many bytes a data row that the socket delivers across chunks is read from views of those
 * chunks rather than copied whole into a buffer of its own. A whole list's pages come as rows of
 * about 60 kB (person-list-json.ts), nearly every one of them cut by a chunk's end: copied, they
 * doubled the bytes a list leaves for the collector outside V8's heap (about 60 MB a list), which
 * Node 24 let pile up to 67 MB before collecting. Smaller rows are still copied (a few kB).
 */
export const VIEWS_FROM = 16 * 1024;

const EMPTY = Buffer.alloc(0);

/** A data row gathered as views of several chunks, read across their ends. */
class Parts {
  private part = 0;
  private at = 0;
  constructor(private readonly parts: readonly Buffer[]) {}
  private byte(): number {
    while (this.at >= this.parts[this.part]!.length) {
      this.part++;
      this.at = 0;
    }
    return this.parts[this.part]![this.at++]!;
  }
  skip(n: number): void {
    for (let i = 0; i < n; i++) this.byte();
  }
  int16(): number {
    const v = (this.byte() << 8) | this.byte();
    return v >= 0x8000 ? v - 0x10000 : v;
  }
  int32(): number {
    return ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) | 0;
  }
  /** The next `n` bytes: a view of one chunk when they are in one, else the views of each chunk's share. */
  take(n: number): Buffer | readonly Buffer[] {
    while (this.part < this.parts.length && this.at >= this.parts[this.part]!.length) {
      this.part++;
      this.at = 0;
    }
    if (n === 0) return EMPTY;
    const first = this.parts[this.part]!;
    if (first.length - this.at >= n) {
      this.at += n;
      return first.subarray(this.at - n, this.at);
    }
    const views: Buffer[] = [];
    for (let left = n; left > 0; ) {
      const p = this.parts[this.part]!;
      const k = Math.min(left, p.length - this.at);
      if (k > 0) views.push(p.subarray(this.at, this.at + k));
      this.at += k;
      left -= k;
      if (left > 0) {
        this.part++;
        this.at = 0;
      }
    }
    return views;
  }
}

type QueryConfig = { readonly text: string; readonly name?: string; readonly values: unknown[]; readonly queryMode?: 'extended' };
type PgQuery = { submit(connection: Connection): Error | null; prepare(connection: Writer): void };
const PgQueryClass = pg.Query as unknown as new (config: QueryConfig, values: undefined, callback: (err: Error | null) => void) => PgQuery;

/** Exported for its spec (spec/adapters/raw-rows.spec.ts), which feeds it a socket's chunks cut at every byte. */
export class RawRowsQuery extends PgQueryClass {
  /** Not `rows`: pg's Query reads that as how many rows a portal fetches at a time. */
  readonly received: RawRow[] = [];
  private taken: TakenSocket | null = null;
  /** The 5-byte header of a message split before its length was known. */
  private readonly head = Buffer.alloc(5);
  private headLength = 0;
  /** A message being gathered across chunks, and how much of it is there. */
  private message: Buffer | null = null;
  private filled = 0;
  /** A large data row being gathered across chunks as views of them (VIEWS_FROM), and how many of its bytes are still to come. */
  private parts: Buffer[] | null = null;
  private partsLeft = 0;
  /** How many answers to `before` are still to come (read here, never pg's). */
  private beforeAnswers = 0;
  /** Where to record `before` as parsed (pg's record of the connection's statements) once its ParseComplete comes; null when it was not parsed here. */
  private beforeParsed: { readonly on: Record<string, string>; readonly name: string } | null = null;

  /**
   * `before`: a statement of one row without parameters (see rawRows), sent ahead of this one in the
   * same round trip and the same implicit transaction (no Sync between them).
   */
  constructor(config: QueryConfig, values: undefined, callback: (err: Error | null) => void, private readonly before?: string) {
    // With `before`, the extended protocol even without a name or values (pg would send those as a
    // simple Query, which ends its own implicit transaction).
    super(before === undefined ? config : { ...config, queryMode: 'extended' }, values, callback);
  }

  override prepare(connection: Writer): void {
    if (this.before !== undefined) {
      // Named, and parsed only when this connection has not parsed it yet (recorded as pg records its
      // own: when PostgreSQL says it is parsed, so a statement that failed before that parses it again).
      const name = beforeName(this.before);
      this.beforeAnswers = BEFORE_ANSWERS;
      if (connection.parsedStatements[name] !== this.before) {
        connection.parse({ text: this.before, name, types: [] });
        this.beforeParsed = { on: connection.parsedStatements, name };
        this.beforeAnswers++;
      }
      connection.bind({ portal: '', statement: name, values: [] });
      connection.execute({ portal: '', rows: 0 });
    }
    super.prepare(connection);
  }

  override submit(connection: Connection): Error | null {
    this.taken = takeSocket(connection.stream, this.onData, 'raw rows');
    const refused = super.submit(connection);
    // Refused before anything was sent (pg answers the error itself): no ReadyForQuery will come.
    if (refused !== null) this.handBack(null);
    return refused;
  }

  private readonly onData = (chunk: Buffer): void => {
    let i = 0;
    while (i < chunk.length) {
      if (this.parts !== null) {
        const take = Math.min(this.partsLeft, chunk.length - i);
        this.parts.push(chunk.subarray(i, i + take));
        this.partsLeft -= take;
        i += take;
        if (this.partsLeft === 0) {
          const parts = this.parts;
          this.parts = null;
          this.dataRow(new Parts(parts));
        }
        continue;
      }
      if (this.message !== null) {
        const take = Math.min(this.message.length - this.filled, chunk.length - i);
        chunk.copy(this.message, this.filled, i, i + take);
        this.filled += take;
        i += take;
        if (this.filled === this.message.length) {
          const m = this.message;
          this.message = null;
          this.dispatch(m, 0, m.length);
        }
        continue;
      }
      if (this.headLength === 0 && chunk.length - i >= 5) {
        const total = 1 + chunk.readUInt32BE(i + 1);
        // The end of the statement: pg reads it, and everything after it, from here on.
        if (chunk[i] === READY_FOR_QUERY) return this.handBack(chunk.subarray(i));
        if (chunk.length - i >= total) {
          this.dispatch(chunk, i, i + total);
          i += total;
        } else if (chunk[i] === DATA_ROW && total >= VIEWS_FROM && this.beforeAnswers === 0) {
          this.parts = [chunk.subarray(i)];
          this.partsLeft = total - (chunk.length - i);
          i = chunk.length;
        } else {
          this.message = Buffer.allocUnsafe(total);
          this.filled = chunk.copy(this.message, 0, i);
          i = chunk.length;
        }
        continue;
      }
      const take = Math.min(5 - this.headLength, chunk.length - i);
      chunk.copy(this.head, this.headLength, i, i + take);
      this.headLength += take;
      i += take;
      if (this.headLength < 5) return;
      this.headLength = 0;
      if (this.head[0] === READY_FOR_QUERY) return this.handBack(Buffer.concat([this.head, chunk.subarray(i)]));
      this.message = Buffer.allocUnsafe(1 + this.head.readUInt32BE(1));
      this.filled = this.head.copy(this.message, 0);
      if (this.filled === this.message.length) {
        const m = this.message;
        this.message = null;
        this.dispatch(m, 0, m.length);
      }
    }
  };

  /** A whole message: a row is read here, anything else (parse and bind done, the columns, the end of the rows, an error, a notice) by pg. */
  private dispatch(buf: Buffer, start: number, end: number): void {
    if (this.beforeAnswers > 0) {
      const code = buf[start];
      // An error (in `before`: PostgreSQL skips the rest up to the Sync) is this statement's, for pg;
      // notices and the like come whenever they come.
      if (code === ERROR_RESPONSE) this.beforeAnswers = 0;
      else if (code !== NOTICE_RESPONSE && code !== PARAMETER_STATUS && code !== NOTIFICATION) {
        if (code === PARSE_COMPLETE && this.beforeParsed !== null) {
          this.beforeParsed.on[this.beforeParsed.name] = this.before!;
          this.beforeParsed = null;
        }
        this.beforeAnswers--;
        return;
      }
    }
    if (buf[start] !== DATA_ROW) return this.taken!.pg(buf.subarray(start, end));
    let at = start + 5;
    const count = buf.readInt16BE(at);
    at += 2;
    const fields = new Array<RawField>(count);
    for (let k = 0; k < count; k++) {
      const length = buf.readInt32BE(at);
      at += 4;
      // A view, not a copy: of the message gathered here, or of the socket's chunk (kept while the
      // field is, as a copy would be: a page's rows are written out soon after they come).
      fields[k] = length < 0 ? null : buf.subarray(at, at + length);
      if (length > 0) at += length;
    }
    this.received.push(fields);
  }

  /** A data row gathered as views (VIEWS_FROM): its fields as views of the chunks, one per chunk a field spans. */
  private dataRow(row: Parts): void {
    row.skip(5);
    const count = row.int16();
    const fields = new Array<RawField>(count);
    for (let k = 0; k < count; k++) {
      const length = row.int32();
      fields[k] = length < 0 ? null : row.take(length);
    }
    this.received.push(fields);
  }

  private handBack(rest: Buffer | null): void {
    this.taken!.giveBack(rest);
  }
}

type PgClient = { readonly query: (q: PgQuery) => unknown };

/**
 * Runs the statement `text` (named `name` when given: prepared once per connection, as sql.ts's are)
 * on `client` and answers its rows' fields as bytes. `before`: a statement of exactly one row and no
 * parameters (such as a `select set_config(..., true)`) run first, in the same round trip and the same
 * implicit transaction, which ends with the statement (outside a transaction block); its row is not
 * answered. Its error, or the statement's, rejects.
 */
export const rawRows = (client: PgClient, text: string, name: string, values: readonly unknown[], before?: string): Promise<RawRow[]> =>
  new Promise((resolve, reject) => {
    const query: RawRowsQuery = new RawRowsQuery(
      { text, ...(name === '' ? {} : { name }), values: [...values] }, undefined, (err) => (err === null ? resolve(query.received) : reject(err)), before,
    );
    client.query(query);
  });
