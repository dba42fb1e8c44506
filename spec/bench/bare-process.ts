// Runs a bare Koa + pg baseline script (spec/bench/bare-*.ts) in a process of its own, as the
// service runs in its own, on a free loopback port; answers once its /readyz does.
import { spawn } from 'node:child_process';
import Koa from 'koa';
import pg from 'pg';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../bootstrap/embedded-postgres.js';

export type BareProcess = { readonly url: string; readonly pid: number; readonly stop: () => Promise<void> };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True in the baseline script itself when it runs as the process's main module. */
export const isMain = (moduleUrl: string): boolean => process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);

export const startBareProcess = async (moduleUrl: string, databaseUrl: string): Promise<BareProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(moduleUrl)], {
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
    if (ready && child.pid !== undefined) return { url, pid: child.pid, stop };
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error(`the bare baseline ${path.basename(fileURLToPath(moduleUrl))} did not start`);
    }
  }
};

/**
 * The server every bare baseline runs: Koa and a pg Pool of `max` connections on the loopback
 * `port`, `/readyz` answering once the database does, every other path to `handle`.
 */
export const serveBare = (databaseUrl: string, port: number, max: number, handle: (ctx: Koa.Context, pool: pg.Pool) => Promise<void>): void => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/readyz') {
      await pool.query('select 1');
      ctx.body = 'ok';
      return;
    }
    await handle(ctx, pool);
  });
  app.listen(port, '127.0.0.1');
};
