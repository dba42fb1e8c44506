// The bare Koa + pg baseline of the duplicates bench: GET /trees/{id}/duplicates runs the statements
// the service's finder runs to read the tree (recorded from the service's own adapters, so the two
// cannot drift), in the same order, and answers all their rows as one JSON array: the floor under
// the finder is reading the same rows and serialising them, with no scoring, ORM, codecs or auth.
import { isMain, serveBare, startBareProcess } from './bare-process.js';
import { pgDuplicates } from '../../adapters/postgres/duplicates.js';
import { pgCleanupReads } from '../../adapters/postgres/cleanup.js';
import { numbered, type Sql } from '../../adapters/postgres/sql.js';

type Statement = { readonly text: string; readonly values: unknown[] };

const refuse = (): never => {
  throw new Error('the finder only reads');
};

/** The finder's reads (core/duplicates/queries/find-duplicates.ts), recorded in order, not run. */
const statementsOf = async (treeId: string): Promise<Statement[]> => {
  const seen: Statement[] = [];
  const recorder: Sql = {
    rows: async <R>(sql: string, params: readonly unknown[] = []) => {
      seen.push({ text: numbered(sql), values: [...params] });
      return [] as R[];
    },
    run: refuse, tx: refuse, copy: refuse, bytes: refuse,
  };
  const d = pgDuplicates(recorder);
  const c = pgCleanupReads(recorder);
  await d.subjects(treeId);
  await d.facts(treeId);
  await c.edges(treeId, 'parent_child');
  await c.edges(treeId, 'partnership');
  await d.dismissed(treeId);
  return seen;
};

const serve = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, 4, async (ctx, pool) => {
    const [, trees, treeId, what] = ctx.path.split('/');
    if (trees !== 'trees' || treeId === undefined || what !== 'duplicates') {
      ctx.status = 404;
      return;
    }
    let rows: unknown[] = [];
    for (const s of await statementsOf(treeId)) rows = rows.concat((await pool.query(s.text, s.values)).rows);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(rows);
  });

export const startBareDuplicates = (databaseUrl: string) => startBareProcess(import.meta.url, databaseUrl);

if (isMain(import.meta.url)) {
  serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
}
