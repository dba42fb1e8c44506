import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import pg from 'pg';
import { RawRowsQuery, rawRows, VIEWS_FROM, wholeField, type RawRow } from '../../adapters/postgres/raw-rows.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

// Rows as bytes (adapters/postgres/raw-rows.ts): the same values pg's own reading gives, as UTF-8
// bytes, whatever the socket's chunks cut (a field of megabytes, thousands of small rows); NULL as
// null; an error mid-statement rejects and leaves the connection usable; a named statement is
// prepared once per connection and used again.

describe('rawRows: a statement\'s fields as bytes', function () {
  this.timeout(60_000);
  let url: string;
  let client: pg.Client;
  before(async () => {
    url = await freshDatabaseUrl();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await dropDatabase(new URL(url).pathname.slice(1));
  });

  /** pg's own reading of `text`, as strings (or null), for comparison. */
  const asPgReadsIt = async (text: string, values: unknown[]): Promise<(string | null)[][]> =>
    (await client.query({ text, values, rowMode: 'array', types: { getTypeParser: () => (v: string) => v } })).rows as (string | null)[][];
  const asText = (rows: readonly RawRow[]) => rows.map((r) => r.map((f) => (f === null ? null : wholeField(f).toString('utf8'))));

  it('small rows, NULLs and text beyond ASCII: the values pg reads', async () => {
    const text = `select i, case when i % 3 = 0 then null else 'Zoë ' || i || ' 𝔊' end as t, '' as empty from generate_series(1, 5000) i`;
    const raw = await rawRows(client, text, '', []);
    expect(raw).to.have.length(5000);
    expect(asText(raw)).to.deep.equal(await asPgReadsIt(text, []));
    expect(raw[2]![1]).to.equal(null);
    expect(raw[0]![2]!.length).to.equal(0);
  });

  it('fields of megabytes, cut by the socket anywhere, come whole', async () => {
    const text = `select repeat(md5(i::text) || 'ü', $1::int) as big, i from generate_series(1, 4) i`;
    const raw = await rawRows(client, text, '', [100_000]);
    expect(raw.map((r) => wholeField(r[0]!).length)).to.deep.equal([3_400_000, 3_400_000, 3_400_000, 3_400_000]);
    // Each longer than any chunk of the socket: read as views of the chunks (raw-rows.ts VIEWS_FROM), not copied.
    for (const r of raw) expect(r[0]).to.not.be.instanceOf(Uint8Array);
    expect(asText(raw)).to.deep.equal(await asPgReadsIt(text, [100_000]));
  });

  it('a named statement is prepared once on the connection and answers again with other values', async () => {
    const text = 'select $1::int + 1 as n';
    expect(asText(await rawRows(client, text, 'raw_rows_spec', [1]))).to.deep.equal([['2']]);
    expect(asText(await rawRows(client, text, 'raw_rows_spec', [41]))).to.deep.equal([['42']]);
    const prepared = await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name = 'raw_rows_spec'`);
    expect(prepared.rows[0]!.n).to.equal(1);
  });

  it('an error after some rows rejects, a notice on the way is pg\'s, and the connection goes on answering both ways', async () => {
    await client.query(`create or replace function raw_rows_notice(i int) returns int language plpgsql as $$ begin raise notice 'row %', i; return i; end $$`);
    const notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    const noticed = await rawRows(client, 'select raw_rows_notice(i) from generate_series(1, 3) i', '', []);
    expect(asText(noticed)).to.deep.equal([['1'], ['2'], ['3']]);
    expect(notices).to.deep.equal(['row 1', 'row 2', 'row 3']);
    let failed: unknown = null;
    await rawRows(client, 'select 10 / (3 - i) from generate_series(1, 5) i', '', []).catch((e: unknown) => (failed = e));
    expect((failed as { code?: string } | null)?.code).to.equal('22012'); // division_by_zero
    expect(asText(await rawRows(client, 'select 7', '', []))).to.deep.equal([['7']]);
    expect((await client.query<{ n: number }>('select 8 as n')).rows[0]!.n).to.equal(8);
  });

  it('a statement before it, in the same implicit transaction: its settings hold for the statement and end with it; its error rejects', async () => {
    const local = "select set_config('work_mem', '7MB', true)";
    for (const name of ['', 'raw_rows_before']) {
      expect(asText(await rawRows(client, "select current_setting('work_mem'), $1::int", name, [5], local)), name).to.deep.equal([['7MB', '5']]);
      expect((await client.query<{ m: string }>("select current_setting('work_mem') as m")).rows[0]!.m, 'after it').to.equal('4MB');
      // Prepared once on the connection under a name of its own (the second time only bound).
      const prepared = await client.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [local]);
      expect(prepared.rows.map((r) => r.name)).to.have.length(1);
    }
    let failed: unknown = null;
    await rawRows(client, "select current_setting('work_mem')", '', [], "select set_config('work_mem', 'much', true)").catch((e: unknown) => (failed = e));
    expect((failed as { code?: string } | null)?.code).to.equal('22023'); // invalid_parameter_value
    expect(asText(await rawRows(client, "select current_setting('work_mem')", '', []))).to.deep.equal([['4MB']]);
    // The statement failing after the settings: they end with its transaction too.
    failed = null;
    await rawRows(client, 'select 1 / ($1::int - 1)', '', [1], local).catch((e: unknown) => (failed = e));
    expect((failed as { code?: string } | null)?.code).to.equal('22012');
    expect((await client.query<{ m: string }>("select current_setting('work_mem') as m")).rows[0]!.m).to.equal('4MB');
  });

  it('a statement pg refuses before sending it (a name used for another text) leaves the connection pg\'s', async () => {
    expect(asText(await rawRows(client, 'select 1', 'raw_rows_once', []))).to.deep.equal([['1']]);
    let failed: unknown = null;
    await rawRows(client, 'select 2', 'raw_rows_once', []).catch((e: unknown) => (failed = e));
    expect(String(failed)).to.match(/Prepared statements must be unique/);
    expect((await client.query<{ n: number }>('select 9 as n')).rows[0]!.n).to.equal(9);
    expect(asText(await rawRows(client, 'select 10', '', []))).to.deep.equal([['10']]);
  });
});

describe('RawRowsQuery: the protocol\'s messages cut anywhere', () => {
  const message = (code: string, body: Buffer): Buffer => {
    const head = Buffer.alloc(5);
    head.write(code, 0, 'latin1');
    head.writeUInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const dataRow = (fields: (string | null)[]): Buffer => {
    const parts: Buffer[] = [Buffer.from([0, fields.length >> 8, fields.length & 0xff].slice(1))];
    for (const f of fields) {
      const len = Buffer.alloc(4);
      len.writeInt32BE(f === null ? -1 : Buffer.byteLength(f), 0);
      parts.push(len, ...(f === null ? [] : [Buffer.from(f)]));
    }
    return message('D', Buffer.concat(parts));
  };
  const rows = [['1', 'Zoë', null], ['22', '', 'x'.repeat(300)], [null, null, null]];
  const before = [message('1', Buffer.alloc(0)), message('2', Buffer.alloc(0)), message('T', Buffer.from('columns'))];
  const after = [message('C', Buffer.from('SELECT 3\0')), message('Z', Buffer.from('I')), message('N', Buffer.from('after the end'))];
  const stream = Buffer.concat([...before, ...rows.map(dataRow), message('N', Buffer.from('a notice')), ...after]);
  // What pg's own reader must be given: every message but the rows, in order.
  const forPg = Buffer.concat([...before, message('N', Buffer.from('a notice')), ...after]);

  /** A query submitted on a fake connection whose socket delivers `chunks`; what it read, and what pg's reader got. */
  const run = (chunks: Buffer[], first?: string, parsedStatements: Record<string, string> = {}) => {
    const socket = new EventEmitter();
    const givenToPg: Buffer[] = [];
    const pgReader = (b: Buffer) => void givenToPg.push(Buffer.from(b));
    socket.on('data', pgReader);
    const noop = () => undefined;
    const parsed: string[] = [];
    const parse = (m: { text: string }) => void parsed.push(m.text);
    const connection = { stream: Object.assign(socket, { cork: noop, uncork: noop }), parsedStatements, query: noop, parse, bind: noop, describe: noop, execute: noop, sync: noop, flush: noop };
    const query = new RawRowsQuery({ text: 'select', values: [] }, undefined, noop, first);
    expect(query.submit(connection as never)).to.equal(null);
    for (const c of chunks) socket.emit('data', c);
    return { rows: query.received.map((r) => r.map((f) => (f === null ? null : wholeField(f).toString('utf8')))), received: query.received, pg: Buffer.concat(givenToPg), listeners: socket.listeners('data'), parsed };
  };

  it('cut in two at every byte: the rows read, every other message given to pg in order, and the socket pg\'s again', () => {
    for (let k = 1; k < stream.length; k++) {
      const got = run([stream.subarray(0, k), stream.subarray(k)]);
      expect(got.rows, `cut at ${k}`).to.deep.equal(rows);
      expect(got.pg.equals(forPg), `cut at ${k}`).to.equal(true);
      expect(got.listeners).to.have.length(1);
    }
  });

  it('a byte at a time', () => {
    const got = run([...stream].map((b) => Buffer.from([b])));
    expect(got.rows).to.deep.equal(rows);
    expect(got.pg.equals(forPg)).to.equal(true);
  });

  // A large row (VIEWS_FROM or more) cut by the chunks' ends: read from views of the chunks, its fields
  // whole when joined, a field within one chunk one view, and nothing copied.
  const large = [['head', 'Zoë '.repeat(9_000) + '𝔊', null, 'x'.repeat(20_000), '']];
  const largeStream = Buffer.concat([...before, ...large.map(dataRow), ...rows.map(dataRow), ...after]);
  it('a large row cut into chunks of many sizes (and anywhere near its fields\' ends): its fields whole, as views of the chunks', () => {
    expect(dataRow(large[0]!).length).to.be.greaterThan(VIEWS_FROM);
    const rowAt = Buffer.concat(before).length;
    const cuts: number[][] = [];
    for (const size of [1, 2, 3, 7, 100, 4096, 16_384, 65_536]) cuts.push(Array.from({ length: Math.ceil(largeStream.length / size) - 1 }, (_, j) => (j + 1) * size));
    // Cut at every byte of the row's head, around each field's length and bytes, and the end of the row.
    const fieldEnds = [rowAt + 7, rowAt + 15, rowAt + 19 + Buffer.byteLength(large[0]![1]!), rowAt + 27 + Buffer.byteLength(large[0]![1]!) + 20_000];
    for (const at of [rowAt, ...fieldEnds]) for (let d = -6; d <= 6; d++) if (at + d > 0) cuts.push([at + d]);
    for (const cut of cuts) {
      const chunks = [0, ...cut].map((from, j) => largeStream.subarray(from, cut[j] ?? largeStream.length));
      const got = run(chunks);
      expect(got.rows, `cut at ${cut.slice(0, 3).join(', ')}...`).to.deep.equal([...large, ...rows]);
      expect(got.pg.equals(Buffer.concat([...before, ...after])), `cut at ${cut.slice(0, 3).join(', ')}...`).to.equal(true);
      const buffers = new Set<ArrayBufferLike>(chunks.map((c) => c.buffer));
      // Unless its head (5 bytes) was cut, the row is read where the chunks hold it.
      if (!cut.some((c) => c > rowAt && c < rowAt + 5)) {
        for (const f of got.received[0]!) if (f !== null && wholeField(f).length > 0) for (const part of f instanceof Uint8Array ? [f] : f) expect(buffers.has(part.buffer), `cut at ${cut.slice(0, 3).join(', ')}...`).to.equal(true);
      }
    }
  });

  it('a large row in two chunks: a field across their end comes as two views, one within a chunk as one', () => {
    const rowAt = Buffer.concat(before).length;
    const cut = rowAt + 19 + 1_000;
    const got = run([largeStream.subarray(0, cut), largeStream.subarray(cut)]);
    const [head, big, , xs] = got.received[0]!;
    expect(head).to.be.instanceOf(Uint8Array);
    expect(big).to.not.be.instanceOf(Uint8Array);
    expect((big as readonly Buffer[]).map((b) => b.length)).to.deep.equal([1_000, Buffer.byteLength(large[0]![1]!) - 1_000]);
    expect(xs).to.be.instanceOf(Uint8Array);
  });

  // A statement sent before (rawRows' `before`): its four answers are read here, never pg's or a row;
  // a notice among them is pg's.
  const answersBefore = [message('1', Buffer.alloc(0)), message('2', Buffer.alloc(0)), message('N', Buffer.from('on the way')), dataRow(['set']), message('C', Buffer.from('SELECT 1\0'))];
  const withBefore = Buffer.concat([...answersBefore, stream]);
  const forPgWithBefore = Buffer.concat([message('N', Buffer.from('on the way')), forPg]);

  it('with a statement before it, cut in two at every byte: its answers read and dropped, the rest as without it', () => {
    for (let k = 1; k < withBefore.length; k++) {
      const got = run([withBefore.subarray(0, k), withBefore.subarray(k)], 'select 1');
      expect(got.rows, `cut at ${k}`).to.deep.equal(rows);
      expect(got.pg.equals(forPgWithBefore), `cut at ${k}`).to.equal(true);
      expect(got.listeners).to.have.length(1);
    }
  });

  it('a statement before it is parsed once per connection, recorded when PostgreSQL says so: then only its three other answers come', () => {
    const statements: Record<string, string> = {};
    const first = run([withBefore], 'select 1', statements);
    expect(first.parsed).to.deep.equal(['select 1', 'select']);
    expect(Object.values(statements)).to.deep.equal(['select 1']);
    const again = run([Buffer.concat([...answersBefore.slice(1), stream])], 'select 1', statements);
    expect(again.parsed).to.deep.equal(['select']);
    expect(again.rows).to.deep.equal(rows);
    expect(again.pg.equals(forPgWithBefore)).to.equal(true);
    // Refused at its Parse: not recorded, so parsed again the next time.
    const refused: Record<string, string> = {};
    const error = message('E', Buffer.from('SERROR\0C42601\0Msyntax error\0\0'));
    run([Buffer.concat([error, message('Z', Buffer.from('I'))])], 'select (', refused);
    expect(refused).to.deep.equal({});
  });

  it('an error of the statement before it is pg\'s, and nothing after it is dropped', () => {
    const error = message('E', Buffer.from('SERROR\0C22012\0Mdivision by zero\0\0'));
    const got = run([Buffer.concat([message('1', Buffer.alloc(0)), error, message('Z', Buffer.from('I'))])], 'select 1 / 0');
    expect(got.rows).to.deep.equal([]);
    expect(got.pg.equals(Buffer.concat([error, message('Z', Buffer.from('I'))]))).to.equal(true);
  });
});
