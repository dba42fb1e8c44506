// The bare Koa + pg baseline of the reads bench: `GET /persons/{id}` answers one person's row of
// `persons`, found by its primary key index, as JSON. No ORM, no codecs, no auth, no privacy: the floor
// under the service's single read of a person, measured under the same load in the same run.
// Run as a script (`node --import tsx bare-reads.ts` with DATABASE_URL and PORT) it serves;
// imported, `startBareReads` runs it in a process of its own, as the service runs in its own.
import Koa from 'koa';
import pg from 'pg';
import { isMain, startBareProcess, type BareProcess } from './bare-process.js';

export const BARE_READ = 'select * from persons where id = $1';
/** As many connections as the service's pool has (adapters/postgres/orm.ts). */
export const BARE_POOL_MAX = 10;

const serve = (databaseUrl: string, port: number): void => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: BARE_POOL_MAX });
  const app = new Koa();
  app.use(async (ctx) => {
    const [, resource, id] = ctx.path.split('/');
    if (resource === 'readyz') {
      ctx.body = (await pool.query('select true as ready')).rows[0];
      return;
    }
    const row: unknown = resource === 'persons' && id ? (await pool.query(BARE_READ, [id])).rows[0] : undefined;
    if (row === undefined) ctx.status = 404;
    else ctx.body = row; // Koa writes an object as JSON
  });
  app.listen(port, '127.0.0.1');
};

export const startBareReads = (databaseUrl: string): Promise<BareProcess> => startBareProcess(import.meta.url, databaseUrl);

if (isMain(import.meta.url)) serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
