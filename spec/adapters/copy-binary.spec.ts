import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, BINARY_COPY_TYPES, binaryCopy, binaryTuples } from '../../adapters/postgres/copy-binary.js';
import * as tables from '../../adapters/postgres/tables/index.js';
import type { Cell } from '../../adapters/postgres/tables/table.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

// An import's rows go to PostgreSQL as a binary COPY (adapters/postgres/copy-binary.ts, issue 27).
// What it stores must be what the same values stored as text parameters: each column type an import
// writes, its edge values (NULL, empty, escapes of the text format, characters beyond ASCII and the
// BMP, a lone surrogate, times before 2000, the ranges' ends), rows across pieces and a row larger
// than a piece. A value that is not of its column's type, or a type without an encoder, throws.

const TYPES = ['uuid', 'text', 'jsonb', 'timestamptz', 'boolean', 'smallint', 'int', 'bigint', 'double precision'] as const;

/** Rows of one cell per type (in TYPES' order), each type's edge values in turn, the rest NULL. */
const EDGES: Readonly<Record<(typeof TYPES)[number], readonly Exclude<Cell, null>[]>> = {
  uuid: ['019b76da-a800-700c-b1af-e3e28d839be1', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '0a1B2c3D-4e5F-6a7B-8c9D-0e1f2a3b4c5d'],
  text: ['', 'plain', 'tab\tnewline\nreturn\r backslash\\ \\N', 'Zoë Łukasz Ødegård 漢字 𝔊', 'lone \ud800 surrogate', 'x'.repeat(32), 'é'.repeat(32), 42, true, 'ü'.repeat(400_000)],
  jsonb: ['{"b":"ü\\n","a":[1,2.5,null]}', '[]', '"text"', 'null', '{"day": 29, "year": 1712, "qualifier": "exact"}'],
  timestamptz: ['2026-11-26T12:34:56.789Z', '2000-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z', '1712-02-29T00:00:00.000Z', '2262-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  boolean: [true, false, 't', 'f'],
  smallint: [0, -32768, 32767, '-7'],
  int: [0, -1, 2 ** 31 - 1, -(2 ** 31), '12'],
  bigint: [0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -1, '9007199254740991'],
  'double precision': [0, 0.1, -12.5, 5e-324, -1.7976931348623157e308, 51.507351, 'NaN', Number.NaN, Number.POSITIVE_INFINITY, '-Infinity'],
};

const rowsOf = (): Cell[][] =>
  TYPES.flatMap((type, i) => EDGES[type].map((v) => TYPES.map((_, j) => (j === i ? v : null)))).concat([TYPES.map(() => null)]);

describe('binary COPY of an import\'s rows (copy-binary.ts)', function () {
  this.timeout(120_000);
  let url: string;
  let client: pg.Client;
  const columns = TYPES.map((t, i) => `c${i} ${t}`).join(', ');
  const names = TYPES.map((_, i) => `c${i}`).join(', ');
  before(async () => {
    url = await freshDatabaseUrl();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await dropDatabase(new URL(url).pathname.slice(1));
  });

  const copied = async (table: string, rows: readonly Cell[][], types: readonly string[] = TYPES): Promise<void> => {
    await client.query(`create table ${table} (k serial primary key, ${columns})`);
    await pipeline(Readable.from(binaryCopy(types, rows, (r) => r)), client.query(copyFrom(`copy ${table} (${names}) from stdin with (format binary)`)));
  };
  /** The same rows through text parameters, one insert each: what the binary COPY must store. */
  const inserted = async (table: string, rows: readonly Cell[][]): Promise<void> => {
    await client.query(`create table ${table} (k serial primary key, ${columns})`);
    for (const r of rows) {
      await client.query(`insert into ${table} (${names}) values (${TYPES.map((t, i) => `$${i + 1}::${t}`).join(', ')})`, r.map((v) => (v === null ? null : String(v))));
    }
  };
  const stored = async (table: string): Promise<unknown[]> => (await client.query(`select ${TYPES.map((_, i) => `c${i}::text`).join(', ')} from ${table} order by k`)).rows;

  it('stores each type\'s edge values as their text does, NULL as NULL', async () => {
    const rows = rowsOf();
    await copied('by_copy', rows);
    await inserted('by_text', rows);
    const [copy, text] = [await stored('by_copy'), await stored('by_text')];
    expect(copy).to.have.length(rows.length);
    expect(copy).to.deep.equal(text);
    // The values read back as they were meant, not only alike: a few by hand.
    const [escaped] = (await client.query(`select c1 from by_copy where c1 like 'tab%'`)).rows as { c1: string }[];
    expect(escaped!.c1).to.equal('tab\tnewline\nreturn\r backslash\\ \\N');
    const [lone] = (await client.query(`select c1 from by_copy where c1 like 'lone%'`)).rows as { c1: string }[];
    expect(lone!.c1).to.equal('lone \ufffd surrogate');
    const [before2000] = (await client.query(`select extract(epoch from c3)::text as e from by_copy where c3 < '2000-01-01' order by c3 desc limit 1`)).rows as { e: string }[];
    expect(before2000!.e).to.equal('946684799.999000');
  });

  it('many rows over several pieces, and a row larger than a piece, come whole and in order', async () => {
    const rows: Cell[][] = Array.from({ length: 30_000 }, (_, i) => TYPES.map((t, j) => (j === 1 ? `row ${i} ${'ø'.repeat(i % 50)}` : j === 6 ? i : t === 'timestamptz' ? '2026-01-01T00:00:00.000Z' : null)));
    rows.splice(12_345, 0, TYPES.map((_, j) => (j === 1 ? 'big '.repeat(200_000) : j === 6 ? -1 : null)));
    const pieces = [...binaryCopy(TYPES, rows, (r) => r)];
    expect(pieces.length).to.be.greaterThan(5);
    // The same bytes when every row's cells come in one array filled again (as copyRows gives them).
    const shared: Cell[] = [];
    const refilled = [...binaryCopy(TYPES, rows, (r) => Object.assign(shared, r))];
    expect(Buffer.concat(refilled).equals(Buffer.concat(pieces))).to.equal(true);
    await copied('pieces', rows);
    const back = (await client.query('select c1, c6 from pieces order by k')).rows as { c1: string; c6: number }[];
    expect(back.map((r) => [r.c1, r.c6])).to.deep.equal(rows.map((r) => [r[1], r[6]]));
  });

  it('binaryTuples of several calls, between the header and the trailer, are the bytes of one binaryCopy of all their rows', () => {
    const rows: Cell[][] = Array.from({ length: 20_000 }, (_, i) => TYPES.map((t, j) => (j === 1 ? `row ${i} ${'ł'.repeat(i % 40)}` : j === 6 ? i : t === 'timestamptz' ? '2026-01-01T00:00:00.000Z' : null)));
    // A row larger than the buffer the tuples are encoded into, between rows that fill it.
    rows.splice(7_000, 0, TYPES.map((_, j) => (j === 1 ? 'big '.repeat(100_000) : j === 6 ? -1 : null)));
    const calls = [rows.slice(0, 3), rows.slice(3, 12_000), [], rows.slice(12_000)];
    const tuples = calls.map((part) => binaryTuples(TYPES, part, (r) => r));
    // Each call's pieces are copies, not views of the buffer they were encoded into: each holds no more
    // memory than its bytes, or a slice of the shared pool (Buffer.poolSize: 8 KB on Node 20, 64 KB on Node 24).
    expect(tuples.flat().filter((piece) => piece.buffer.byteLength > Math.max(piece.byteLength, Buffer.poolSize))).to.deep.equal([]);
    expect(tuples[2]).to.deep.equal([]);
    const framed = Buffer.concat([BINARY_COPY_HEADER, ...tuples.flat(), BINARY_COPY_TRAILER]);
    expect(framed.equals(Buffer.concat([...binaryCopy(TYPES, rows, (r) => r)]))).to.equal(true);
  });

  it('a uuid column whose value repeats from row to row (its bytes kept from the row before) stores each row\'s own value', async () => {
    const ids = ['019b76da-a800-700c-b1af-e3e28d839be1', '019b76da-a800-700c-b1af-e3e28d839be2', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'];
    // Runs of one value, changes, a NULL between equal values, two uuid columns, and rows larger
    // than a piece now and then (the pieces after them are new buffers).
    const rows: Cell[][] = Array.from({ length: 5_000 }, (_, i) => [
      i % 7 === 3 ? null : ids[Math.floor(i / 5) % 3]!, ids[Math.floor(i / 3) % 2]!, i % 1000 === 999 ? 'big '.repeat(70_000) : `r${i}`,
    ]);
    await client.query('create table uuids (k serial primary key, a uuid, b uuid, t text)');
    await pipeline(Readable.from(binaryCopy(['uuid', 'uuid', 'text'], rows, (r) => r)), client.query(copyFrom('copy uuids (a, b, t) from stdin with (format binary)')));
    const back = (await client.query('select a::text as a, b::text as b, length(t) as n from uuids order by k')).rows as { a: string | null; b: string; n: number }[];
    expect(back).to.deep.equal(rows.map((r) => ({ a: r[0] === null ? null : String(r[0]).toLowerCase(), b: String(r[1]).toLowerCase(), n: String(r[2]).length })));
    // A value that is no uuid is refused after a valid one in its column as before it.
    expect(() => [...binaryCopy(['uuid'], [[ids[0]!], [ids[0]!], ['019b76da-a800-700c-b1af-e3e28d839bg1']], (r) => r)]).to.throw(/not a uuid/);
  });

  it('refuses a value that is not of its column\'s type, and a type it has no encoder for', () => {
    const one = (type: string, v: Cell) => () => [...binaryCopy([type], [[v]], (r) => r)];
    expect(one('uuid', '019b76da-a800-700c-b1af-e3e28d839be')).to.throw(/not a uuid/);
    expect(one('uuid', '019b76da-a800-700c-b1af-e3e28d839bg1')).to.throw(/not a uuid/);
    expect(one('uuid', '019b76da_a800-700c-b1af-e3e28d839be1')).to.throw(/not a uuid/);
    expect(one('timestamptz', '2026-11-26 12:00:00+01')).to.throw(/not a timestamptz/);
    expect(one('timestamptz', 'infinity')).to.throw(/not a timestamptz/);
    expect(one('int', 2 ** 31)).to.throw(/not a int/);
    expect(one('int', 1.5)).to.throw(/not a int/);
    expect(one('smallint', 40_000)).to.throw(/not a smallint/);
    expect(one('bigint', 2 ** 60)).to.throw(/not a bigint/);
    expect(one('boolean', 'yes')).to.throw(/not a boolean/);
    expect(one('double precision', 'x')).to.throw(/not a double precision/);
    expect(one('numeric', 1)).to.throw(/column type/);
    expect(() => [...binaryCopy(['int', 'int'], [[1]], (r) => r)]).to.throw(/1 cells for 2 columns/);
  });

  it('has an encoder for every column type of every table an import writes', () => {
    type Described = { readonly name: string; readonly columns: readonly (readonly [string, string, unknown])[] };
    const described = (Object.values(tables) as unknown[]).filter((t): t is Described => typeof t === 'object' && t !== null && 'columns' in t && 'name' in t);
    expect(described.map((t) => t.name)).to.include.members(['persons', 'names', 'events', 'relationships', 'citations', 'sources', 'places', 'repositories']);
    for (const t of described) for (const [column, type] of t.columns) expect(BINARY_COPY_TYPES, `${t.name}.${column}`).to.include(type);
  });
});
