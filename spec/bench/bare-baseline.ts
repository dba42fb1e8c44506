// The bare Koa + pg baseline of the cleanup bench ("measure beside a bare Koa+pg baseline in the same
// run, and report ratios"): per preview one route that runs the statements the service's preview runs
// to read the tree, in the same order, and answers all their rows as one JSON array. No rules, no ORM,
// no codecs, no auth: the floor under each preview is reading the same rows and serialising them.
// The statements are the service's own (adapters/postgres/cleanup.ts), recorded through a Sql that only
// records, so the two cannot drift apart; they run as pg bind parameters where MikroORM inlines them.
// Run as a script (`node --import tsx bare-baseline.ts` with DATABASE_URL and PORT) it serves;
// imported, `startBareBaseline` runs it in a process of its own, as the service runs in its own.
import busboy from 'busboy';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { isMain, serveBare, startBareProcess } from './bare-process.js';
import { pgCleanupReads } from '../../adapters/postgres/cleanup.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';
import type { CleanupReads } from '../../core/cleanup/ports.js';
import { lifeFactTypes } from '../../core/cleanup/preview.js';
import { birthFacts } from '../../core/people/model.js';
import { processRss } from './service-process.js';

type Statement = { readonly text: string; readonly values: unknown[] };
type Reads = (r: CleanupReads, treeId: string) => Promise<unknown>[];

// Which reads each preview makes (core/cleanup/queries/*.ts), keyed as the service's routes under /trees/{id}/cleanup.
const previews: Readonly<Record<string, Reads>> = {
  'GET /deceased-by-birth-year': (r, t) => [r.persons(t), r.facts(t, lifeFactTypes)],
  'GET /deceased-by-child': (r, t) => [r.persons(t), r.facts(t, lifeFactTypes), r.edges(t, 'parent_child')],
  'GET /gender/from-first-name': (r, t) => [r.names(t)],
  'GET /gender/from-spouse': (r, t) => [r.persons(t), r.edges(t, 'partnership')],
  'GET /broken-names': (r, t) => [r.persons(t)],
  'POST /gender/from-gedcom': (r, t) => [r.names(t), r.facts(t, birthFacts)],
};

const refuse = (): never => {
  throw new Error('the cleanup reads only read');
};

/** The statements one preview runs, in order, without running them. */
const statementsOf = async (reads: Reads, treeId: string): Promise<Statement[]> => {
  const seen: Statement[] = [];
  const recorder: Sql = {
    rows: async <R>(sql: string, params: readonly unknown[] = []) => {
      seen.push({ text: numbered(sql), values: [...params] });
      return [] as R[];
    },
    run: refuse, tx: refuse, bytes: refuse,
      copy: () => {
      throw new Error('the cleanup reads only read');
    },
  };
  await Promise.all(reads(pgCleanupReads(recorder), treeId));
  return seen;
};

/** Receives a multipart body whole and discards it (the service spools its file part to disk). */
const discardMultipart = async (req: IncomingMessage): Promise<void> => {
  const parser = busboy({ headers: req.headers });
  parser.on('file', (_name, file) => file.resume());
  const done = once(parser, 'close');
  req.pipe(parser);
  await done;
};

const serve = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, 4, async (ctx, pool) => {
    // /trees/{id}/cleanup/{preview}
    const [, trees, treeId, cleanup, ...rest] = ctx.path.split('/');
    const reads = previews[`${ctx.method} /${rest.join('/')}`];
    if (trees !== 'trees' || cleanup !== 'cleanup' || treeId === undefined || reads === undefined) {
      ctx.status = 404;
      return;
    }
    if (ctx.method === 'POST') await discardMultipart(ctx.req);
    let rows: unknown[] = [];
    for (const s of await statementsOf(reads, treeId)) rows = rows.concat((await pool.query(s.text, s.values)).rows);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(rows);
  });

export type BareBaseline = { readonly url: string; readonly pid: number; readonly rss: () => Promise<number>; readonly stop: () => Promise<void> };

export const startBareBaseline = async (databaseUrl: string): Promise<BareBaseline> => {
  const bare = await startBareProcess(import.meta.url, databaseUrl);
  return { ...bare, rss: () => processRss(bare.pid) };
};

if (isMain(import.meta.url)) {
  serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
}
