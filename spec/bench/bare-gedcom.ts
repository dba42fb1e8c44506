// The bare Koa + pg baseline of the GEDCOM bench ("keep every figure as a ratio to a bare baseline
// measured in the same run", issue 27): the floor under an import is writing the same rows, and under
// an export reading them, with nothing of GEDCOM.
// - `GET /export/{tree}`: every row of the tree's eight tables the import writes, as PostgreSQL's
//   `COPY ... TO STDOUT` text, one table after another in one read-only transaction, streamed.
// - `POST /import`: a body of sections, each a line `<table> <bytes> <column,...>` and that many
//   bytes of `COPY ... (FORMAT binary)` data, written in one transaction as the service's import
//   writes its rows (adapters/postgres/bulk.ts: session_replication_role = replica where it may, the
//   history lean), one COPY per section. The same tables, indexes and triggers; no parsing, mapping,
//   encoding or reference check.
// `exportRows` writes such a body's sections from a tree already imported, under new ids; `importBody` sends them.
// Run as a script (`node --import tsx bare-gedcom.ts` with DATABASE_URL and PORT) it serves;
// imported, `startBareGedcom` runs it in a process of its own, as the service runs in its own.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Koa from 'koa';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { isMain, serveBare, startBareProcess, type BareProcess } from './bare-process.js';

/** The tables an import writes, in the order the service's bulk writer writes them (adapters/postgres/bulk.ts ORDER). */
export const BARE_TABLES = ['persons', 'names', 'places', 'relationships', 'events', 'repositories', 'sources', 'citations'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAME = /^[a-z_]+$/;

const exportTree = async (ctx: Koa.Context, pool: pg.Pool, treeId: string): Promise<void> => {
  const client = await pool.connect();
  const body = new PassThrough();
  ctx.type = 'text/plain';
  ctx.body = body;
  void (async () => {
    try {
      await client.query('begin isolation level repeatable read read only');
      for (const table of BARE_TABLES) {
        const out = client.query(copyTo(`copy (select * from ${table} where tree_id = '${treeId}') to stdout`));
        for await (const chunk of out) if (!body.write(chunk)) await new Promise((r) => body.once('drain', r));
      }
      await client.query('commit');
      body.end();
    } catch (err) {
      body.destroy(err as Error);
    } finally {
      client.release();
    }
  })();
};

/** Reads `<table> <bytes> <columns>\n` headers and hands each section's bytes to `section`, in order. */
const sections = async (input: AsyncIterable<Buffer>, section: (table: string, columns: string, data: Readable) => Promise<void>): Promise<void> => {
  const it = input[Symbol.asyncIterator]();
  let held: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const n = await it.next();
    if (n.done === true) return false;
    held = held.length === 0 ? n.value : Buffer.concat([held, n.value]);
    return true;
  };
  for (;;) {
    let nl = held.indexOf(10);
    while (nl < 0) {
      if (!(await more())) {
        if (held.length > 0) throw new Error('a section header without its end');
        return;
      }
      nl = held.indexOf(10);
    }
    const [table, bytes, columns] = held.subarray(0, nl).toString('utf8').split(' ');
    if (!BARE_TABLES.includes(table as never) || !/^\d+$/.test(bytes ?? '') || columns === undefined || !columns.split(',').every((c) => NAME.test(c)))
      throw new Error('a section header is not <table> <bytes> <columns>');
    held = held.subarray(nl + 1);
    let left = Number(bytes);
    const data = new PassThrough();
    const done = section(table!, columns, data);
    while (left > 0) {
      if (held.length === 0 && !(await more())) break;
      const piece = held.subarray(0, Math.min(left, held.length));
      held = held.subarray(piece.length);
      left -= piece.length;
      if (!data.write(piece)) await new Promise((r) => data.once('drain', r));
    }
    data.end();
    await done;
    if (left > 0) throw new Error('a section shorter than its header said');
  }
};

const importRows = async (ctx: Koa.Context, pool: pg.Pool): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('genealogy.history', 'lean', true)`);
    await client.query('savepoint role');
    // As the service's bulk writer: the role's setting tried in a savepoint, released, so the COPYs run in the transaction itself.
    await client.query('set local session_replication_role = replica').then(() => client.query('release savepoint role'), () => client.query('rollback to savepoint role'));
    let rows = 0;
    await sections(ctx.req as AsyncIterable<Buffer>, async (table, columns, data) => {
      const into = client.query(copyFrom(`copy ${table} (${columns}) from stdin (format binary)`));
      await pipeline(data, into);
      rows += into.rowCount ?? 0;
    });
    await client.query('commit');
    ctx.body = { rows };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    ctx.status = 400;
    ctx.body = { error: String(err) };
  } finally {
    client.release();
  }
};

const serve = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, 2, async (ctx, pool) => {
    const [, what, tree] = ctx.path.split('/');
    if (what === 'export' && ctx.method === 'GET' && UUID.test(tree ?? '')) return exportTree(ctx, pool, tree!);
    if (what === 'import' && ctx.method === 'POST') return importRows(ctx, pool);
    ctx.status = 404;
  });

export const startBareGedcom = (databaseUrl: string): Promise<BareProcess> => startBareProcess(import.meta.url, databaseUrl);

/** Rows per section of `exportRows`: one COPY each, as the service writes an import in bounded sets (adapters/postgres/bulk.ts HELD_BYTES), not one COPY of a whole table. */
export const BARE_SECTION_ROWS = 20_000;

export type Section = { readonly table: string; readonly columns: string; readonly file: string; readonly bytes: number };

/**
 * Writes the rows of `from`'s eight tables to files in `dir` as binary COPY data for `into`, in
 * sections of BARE_SECTION_ROWS rows in id order: every uuid column but `tree_id` under a new id (its
 * first hex digit `f`, which no UUIDv7 of this era has: ids stay distinct and references stay
 * matched), `tree_id` as `into`; created_seq and created_xact left to their defaults, as the
 * service's COPYs leave them. Answers the body's sections (see `importBody`).
 */
export const exportRows = async (db: pg.Client, from: string, into: string, dir: string): Promise<Section[]> => {
  const out: Section[] = [];
  for (const table of BARE_TABLES) {
    const cols = (await db.query<{ name: string; type: string }>(
      `select column_name as name, udt_name as type from information_schema.columns
       where table_schema = current_schema() and table_name = $1 and column_name not in ('created_seq', 'created_xact') order by ordinal_position`, [table])).rows;
    const select = cols.map((c) =>
      c.name === 'tree_id' ? `'${into}'::uuid` : c.type === 'uuid' ? `('f' || substr(${c.name}::text, 2))::uuid` : c.name).join(', ');
    // The last id of each section but the last.
    const bounds = (await db.query<{ id: string }>(
      `select id::text from (select id, row_number() over (order by id) as n from ${table} where tree_id = $1) s where n % $2 = 0 order by id`, [from, BARE_SECTION_ROWS])).rows.map((r) => r.id);
    for (let i = 0; i <= bounds.length; i++) {
      const after = i === 0 ? null : bounds[i - 1]!;
      const upTo = i === bounds.length ? null : bounds[i]!;
      const range = `${after === null ? '' : ` and id > '${after}'`}${upTo === null ? '' : ` and id <= '${upTo}'`}`;
      const file = path.join(dir, `${table}-${i}.copy`);
      await pipeline(db.query(copyTo(`copy (select ${select} from ${table} where tree_id = '${from}'${range} order by id) to stdout (format binary)`)), createWriteStream(file));
      out.push({ table, columns: cols.map((c) => c.name).join(','), file, bytes: (await stat(file)).size });
    }
  }
  return out;
};

/** The rows of the tree in each of BARE_TABLES, and their sum. */
export const treeRows = async (db: pg.Client, treeId: string): Promise<{ readonly byTable: Readonly<Record<string, number>>; readonly total: number }> => {
  const [row] = (await db.query<Record<string, number>>(
    `select ${BARE_TABLES.map((t) => `(select count(*)::int from ${t} where tree_id = $1) as ${t}`).join(', ')}`, [treeId])).rows;
  const byTable = Object.fromEntries(BARE_TABLES.map((t) => [t, row![t]!]));
  return { byTable, total: Object.values(byTable).reduce((a, b) => a + b, 0) };
};

/** The body of `POST /import` for `exportRows`' sections, read from their files as it is sent. */
export const importBody = (parts: readonly Section[]): Readable =>
  Readable.from((async function* () {
    for (const p of parts) {
      yield Buffer.from(`${p.table} ${p.bytes} ${p.columns}\n`);
      yield* createReadStream(p.file);
    }
  })());

if (isMain(import.meta.url)) serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
