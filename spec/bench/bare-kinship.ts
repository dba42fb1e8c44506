// The bare Koa + pg baseline of the recommender bench: `GET /relationships/{person_id}` reads one
// person's edges (`select * from relationships where person_a_id = $1 or person_b_id = $1`) and
// answers the rows as JSON. No rules, no ORM, no codecs, no auth: the floor under one request that
// touches a person's neighbourhood, which each level of the relationship search is made of.
// Run as a script (`node --import tsx bare-kinship.ts` with DATABASE_URL and PORT) it serves;
// imported, `startBareKinship` runs it in a process of its own, as the service runs in its own.
import { isMain, serveBare, startBareProcess, type BareProcess } from './bare-process.js';

export const BARE_STATEMENT = 'select * from relationships where person_a_id = $1 or person_b_id = $1';

const serve = (databaseUrl: string, port: number): void =>
  serveBare(databaseUrl, port, 10, async (ctx, pool) => {
    const [, relationships, personId] = ctx.path.split('/');
    if (relationships !== 'relationships' || personId === undefined || personId === '') {
      ctx.status = 404;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = JSON.stringify((await pool.query(BARE_STATEMENT, [personId])).rows);
  });

export const startBareKinship = (databaseUrl: string): Promise<BareProcess> => startBareProcess(import.meta.url, databaseUrl);

if (isMain(import.meta.url)) {
  serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
}
