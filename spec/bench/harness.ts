import { rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres, freePort, type RunningPostgres } from '../../bootstrap/embedded-postgres.js';
import { composeApp } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { migrate } from '../../adapters/postgres/migrate.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import type { Storage } from '../../core/stores.js';
import { generateTree, type GeneratedTree } from './generate-tree.js';

// What every benchmark needs: a PostgreSQL server (DATABASE_URL, else an embedded one), a migrated
// scratch database, and the real service (bootstrap's composition root) on a loopback port with its
// own DATA_DIR. Everything is removed again by `close`.

export const log = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};
export const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : x < 100 ? 1 : 0)} ms`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export { median, quantile } from './stats.js';

/** Peak resident set size of this process (server and client both) while `work` runs, sampled every 20 ms. */
export const withPeakRss = async <A>(work: () => Promise<A>): Promise<{ result: A; peakRss: number }> => {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const databaseUrl = (serverUrl: string, name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

export type ScratchDatabase = {
  /** The scratch database's connection URL (for a service started in another process). */
  readonly url: string;
  /** A direct connection to the scratch database. */
  readonly db: pg.Client;
  /** A temporary directory, removed by `close` (DATA_DIR of the service lives under it). */
  readonly dir: string;
  /** Runs a step at the start of `close` (so what is started last stops first). */
  readonly onClose: (step: () => Promise<void>) => void;
  /** Another new, migrated database on the same server, dropped by `close` (or by its own `drop`). */
  readonly another: () => Promise<{ readonly url: string; readonly db: pg.Client; readonly drop: () => Promise<void> }>;
  readonly close: () => Promise<void>;
};

/**
 * A PostgreSQL server (DATABASE_URL, else an embedded one under a temporary directory) with a new,
 * migrated scratch database; `seed` runs on it. `close` drops and removes everything again. With
 * `closeOnSignal`, Ctrl-C (SIGINT, SIGTERM) closes it too and exits with 130.
 */
export const startScratchDatabase = async (
  o: { readonly seed?: (db: pg.Client) => Promise<void>; readonly closeOnSignal?: boolean } = {},
): Promise<ScratchDatabase> => {
  const cleanup: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    for (const step of cleanup.splice(0)) await step().catch((e: unknown) => log(`cleanup: ${String(e)}`));
  };
  if (o.closeOnSignal) {
    const onSignal = () => void close().finally(() => process.exit(130));
    process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
    cleanup.push(async () => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    });
  }
  try {
    let adminUrl = process.env['DATABASE_URL'];
    let embedded: RunningPostgres | null = null;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'genealogy-bench-'));
    // On SIGINT/SIGTERM embedded-postgres's exit hook ends the process, maybe before `close` is done:
    // the directory goes at exit then, at the latest.
    const removeAtExit = () => rmSync(dir, { recursive: true, force: true });
    process.on('exit', removeAtExit);
    cleanup.unshift(async () => {
      process.off('exit', removeAtExit);
      await rm(dir, { recursive: true, force: true });
    });
    await chmod(dir, 0o755); // as root, initdb runs as `postgres`, which must enter the directory
    if (adminUrl === undefined || adminUrl === '') {
      log('starting embedded PostgreSQL');
      // As `npm start` runs it: on huge pages where this process may add them (EMBEDDED_HUGE_PAGES).
      embedded = await startEmbeddedPostgres(path.join(dir, 'cluster'), { persistent: false, hugePages: loadConfig(process.env).embeddedHugePages });
      const pgServer = embedded;
      cleanup.unshift(() => pgServer.stop());
      adminUrl = embedded.url('postgres');
    }
    const dbName = `bench_${randomBytes(6).toString('hex')}`;
    // A server that goes away (Ctrl-C reaches the embedded one too) must not crash the clean-up.
    const lost = (e: Error) => log(`database connection: ${e.message}`);
    const admin = new pg.Client({ connectionString: adminUrl }).on('error', lost);
    await admin.connect();
    cleanup.unshift(() => admin.end());
    const serverUrl = adminUrl;
    const fresh = async (name: string): Promise<{ url: string; db: pg.Client; drop: () => Promise<void> }> => {
      await admin.query(`create database ${quoteIdent(name)}`);
      const url = databaseUrl(serverUrl, name);
      let dropped = false;
      const conn = new pg.Client({ connectionString: url }).on('error', lost);
      const drop = async (): Promise<void> => {
        if (dropped) return;
        dropped = true;
        await conn.end().catch(() => undefined);
        await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      };
      cleanup.unshift(drop);
      await migrate(url);
      await conn.connect();
      return { url, db: conn, drop };
    };
    const { url, db } = await fresh(dbName);
    await o.seed?.(db);
    const another = () => fresh(`bench_${randomBytes(6).toString('hex')}`);
    return { url, db, dir, onClose: (step) => cleanup.unshift(step), another, close };
  } catch (err) {
    await close();
    throw err;
  }
};

/** A scratch database holding one generated tree of `persons` (closed on Ctrl-C). */
export const startScratchTree = async (o: { readonly persons: number; readonly seed: number }): Promise<{ readonly scratch: ScratchDatabase; readonly tree: GeneratedTree }> => {
  let tree: GeneratedTree | undefined;
  const scratch = await startScratchDatabase({
    closeOnSignal: true,
    seed: async (db) => {
      log(`generating ${o.persons} persons`);
      tree = await generateTree(db, { persons: o.persons, seed: o.seed });
    },
  });
  if (tree === undefined) {
    await scratch.close();
    throw new Error('the tree was not generated');
  }
  return { scratch, tree };
};

/** Registers an account through the API; answers its id and session token. */
export const registerUser = async (api: string, email: string): Promise<{ readonly id: string; readonly token: string }> => {
  const res = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  const body = (await res.json()) as { user?: { id: string }; token?: string };
  if (res.status !== 201 || !body.user || !body.token) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.token };
};

export type BenchService = {
  readonly api: string;
  /** A direct connection to the scratch database. */
  readonly db: pg.Client;
  readonly storage: Storage;
  readonly dataDir: string;
  readonly register: (email: string) => Promise<{ readonly id: string; readonly token: string }>;
  readonly close: () => Promise<void>;
};

/** Starts the service in this process; `seed` runs on the migrated database before the service is composed. */
export const startBenchService = async (o: { readonly env?: Readonly<Record<string, string>>; readonly seed?: (db: pg.Client) => Promise<void> } = {}): Promise<BenchService> => {
  const scratch = await startScratchDatabase(o);
  try {
    const storage = await createPostgresStorage(scratch.url);
    scratch.onClose(() => storage.close());
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = path.join(scratch.dir, 'data');
    const config = loadConfig({ AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'silent', BASE_URL: baseUrl, DATA_DIR: dataDir, ...o.env });
    const { app } = composeApp(config, storage, pino({ level: 'silent' }), { hasher: scryptPasswordHasher(4), mailer: memoryMailer() });
    const server: Server = app.listen(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    scratch.onClose(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const api = `${baseUrl}/api/v1`;
    return { api, db: scratch.db, storage, dataDir, register: (email) => registerUser(api, email), close: scratch.close };
  } catch (err) {
    await scratch.close();
    throw err;
  }
};

/** Prints a titled two-column table to stdout. */
export const printTable = (title: string, rows: readonly (readonly [string, string])[]): void => {
  const width = Math.max(...rows.map(([l]) => l.length));
  console.log(`\n${title}\n${'-'.repeat(width + 40)}`);
  for (const [l, v] of rows) console.log(`${l.padEnd(width)}  ${v}`);
};

/** Runs a bench's main and exits with its outcome. */
export const runMain = (main: () => Promise<void>): void => {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
};
