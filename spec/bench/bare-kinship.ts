// The bare Koa + pg baseline of the recommender bench: `GET /relationships/{person_id}` reads one
// person's edges (`select * from relationships where person_a_id = $1 or person_b_id = $1`) and
// answers the rows as JSON. No rules, no ORM, no codecs, no auth: the floor under one request that
// touches a person's neighbourhood, which each level of the relationship search is made of.
// Run as a script (`node --import tsx bare-kinship.ts` with DATABASE_URL and PORT) it serves;
// imported, `startBareKinship` runs it in a process of its own, as the service runs in its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import pg from 'pg';
import { freePort } from '../../bootstrap/embedded-postgres.js';

export const BARE_STATEMENT = 'select * from relationships where person_a_id = $1 or person_b_id = $1';

const serve = async (databaseUrl: string, port: number): Promise<void> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/readyz') {
      await pool.query('select 1');
      ctx.body = 'ok';
      return;
    }
    const [, relationships, personId] = ctx.path.split('/');
    if (relationships !== 'relationships' || personId === undefined || personId === '') {
      ctx.status = 404;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = JSON.stringify((await pool.query(BARE_STATEMENT, [personId])).rows);
  });
  app.listen(port, '127.0.0.1');
};

export type BareKinship = { readonly url: string; readonly stop: () => Promise<void> };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the baseline in a process of its own on a free loopback port; answers once /readyz does. */
export const startBareKinship = async (databaseUrl: string): Promise<BareKinship> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let ended = false;
  const exit = once(child, 'exit').then(() => (ended = true));
  const stopAtExit = () => void (ended || child.kill('SIGTERM'));
  process.on('exit', stopAtExit);
  const stop = async () => {
    process.off('exit', stopAtExit);
    if (ended) return;
    child.kill('SIGTERM');
    await exit;
  };
  for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
    const ready = await fetch(`${url}/readyz`).then(async (r) => (await r.arrayBuffer(), r.ok), () => false);
    if (ready) return { url, stop };
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error('the bare baseline did not start');
    }
  }
};

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await serve(process.env['DATABASE_URL'] ?? '', Number(process.env['PORT']));
}
