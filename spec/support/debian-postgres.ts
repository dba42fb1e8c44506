import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLUSTER_CTYPE, clusterLocaleFlags, freePort } from '../../bootstrap/embedded-postgres.js';
import { postgresIds } from './streaming-replica.js';

// The oldest PostgreSQL the service supports (15, README "Configuration"), as Debian packages it
// (`postgresql-15`: /usr/lib/postgresql/15/bin), started on loopback in a temporary folder. The
// embedded server the other specs use is 17: a statement can plan well there and read a whole
// table on 15 or 16 (PostgreSQL 17 was the first to turn a correlated IN into a join).

export const OLDEST_SUPPORTED_MAJOR = 15;
const ROOT = '/usr/lib/postgresql';

/** The folder of Debian's binaries of the oldest supported major installed (15, else 16), or null. */
export const oldestDebianPostgres = (): { readonly major: number; readonly bin: string } | null => {
  if (process.platform !== 'linux' || !existsSync(ROOT)) return null;
  const majors = readdirSync(ROOT).map(Number).filter((m) => Number.isInteger(m) && m >= OLDEST_SUPPORTED_MAJOR && m < 17).sort((a, b) => a - b);
  for (const major of majors) {
    const bin = path.join(ROOT, String(major), 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return { major, bin };
  }
  return null;
};

const run = (file: string, args: readonly string[], ids: { uid: number; gid: number } | null): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], ...ids });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}: ${err}`))));
  });

export type DebianPostgres = { readonly major: number; readonly url: (database: string) => string; readonly stop: () => Promise<void> };

/**
 * A throwaway cluster of Debian's `bin`: initdb (trust on loopback: it listens on 127.0.0.1 only, on a
 * free port, and is removed on stop), then the postmaster as a child of this process.
 */
export const startDebianPostgres = async (found: { readonly major: number; readonly bin: string }): Promise<DebianPostgres> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'genealogy-pg-oldest-'));
  await chmod(dir, 0o755);
  const data = path.join(dir, 'data');
  const ids = await postgresIds();
  try {
    await mkdir(data, { mode: 0o700 });
    if (ids !== null) await chown(data, ids.uid, ids.gid);
    await run(path.join(found.bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', ...clusterLocaleFlags(CLUSTER_CTYPE)], ids);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const port = await freePort();
  const postmaster = spawn(
    path.join(found.bin, 'postgres'),
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    { stdio: ['ignore', 'ignore', 'pipe'], ...ids },
  );
  let log = '';
  postmaster.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => postmaster.once('exit', () => resolve()));
  const url = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stop = async (): Promise<void> => {
    if (postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill('SIGINT');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const c = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 2000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.end();
      return { major: found.major, url, stop };
    } catch (e) {
      await c.end().catch(() => undefined);
      if (postmaster.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`PostgreSQL ${found.major} did not start: ${String(e)} ${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
};
