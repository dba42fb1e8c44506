// The bare Koa + pg baseline of the duplicates bench: GET /trees/{id}/duplicates runs the statements
// the service's finder runs to read the tree (the service's own adapters over the bare pool, so the
// two cannot drift), in the same order and pages, and answers all their rows as one JSON array: the floor under
// the finder is reading the same rows and serialising them, with no scoring, ORM, codecs or auth.
import { isMain, serveBare, startBareProcess } from './bare-process.js';
import { pgDuplicates } from '../../adapters/postgres/duplicates.js';
import { pgCleanupReads } from '../../adapters/postgres/cleanup.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';
import { SUBJECTS_PAGE } from '../../core/duplicates/read-tree.js';
import type pg from 'pg';

const refuse = (): never => {
  throw new Error('the finder only reads');
};

/** The service's own adapters over the bare pool: the finder's reads (read-tree.ts, find-duplicates.ts) run as its statements, page by page, so the two cannot drift. */
const readsOver = (pool: pg.Pool) => {
  const sql: Sql = {
    rows: async <R>(text: string, params: readonly unknown[] = []) => (await pool.query(numbered(text), [...params])).rows as R[],
    run: refuse, tx: refuse, copy: refuse, bytes: refuse,
  };
  return { d: pgDuplicates(sql), c: pgCleanupReads(sql) };
};

const serve = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, 4, async (ctx, pool) => {
    const [, trees, treeId, what] = ctx.path.split('/');
    if (trees !== 'trees' || treeId === undefined || what !== 'duplicates') {
      ctx.status = 404;
      return;
    }
    const { d, c } = readsOver(pool);
    let rows: unknown[] = [];
    for (let after: string | null = null; ;) {
      const page = await d.subjectsAfter(treeId, after, SUBJECTS_PAGE);
      rows = rows.concat(page.subjects, page.facts);
      if (page.subjects.length < SUBJECTS_PAGE) break;
      after = page.subjects[page.subjects.length - 1]!.id;
    }
    rows = rows.concat(await c.edges(treeId, 'parent_child'), await c.edges(treeId, 'partnership'), await d.dismissed(treeId));
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(rows);
  });

export const startBareDuplicates = (databaseUrl: string) => startBareProcess(import.meta.url, databaseUrl);

if (isMain(import.meta.url)) {
  serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
}
