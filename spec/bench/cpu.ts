// CPU seconds of the processes a bench runs (issue 27), read from /proc, so that each loaded window
// can say where the machine's cores went: the load generator, the service, the bare baseline,
// PostgreSQL, the bench itself, and whatever else ran on the machine meanwhile.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS = (() => {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU in seconds, cumulative: read before and after a window, the difference is its share. */
export type CpuMeter = { readonly label: string; readonly seconds: () => Promise<number> };

type Stat = { readonly ppid: number; readonly own: number; readonly children: number; readonly started: number };

/** /proc/<pid>/stat: ppid, utime + stime, cutime + cstime (children waited for), in ticks, and the start time; null when gone. */
const stat = async (pid: number): Promise<Stat | null> => parseStat(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));

/** A /proc/<pid>/stat line as stat answers it; null for '' (the process is gone). */
const parseStat = (text: string): Stat | null => {
  if (text === '') return null;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // f[0] is field 3 (state): field n is f[n - 3].
  return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]), started: Number(f[19]) };
};

/** A small file's text, read at once, or `otherwise` when it cannot be read (a process that is gone). */
function readOr(file: string): string;
function readOr<T>(file: string, otherwise: T): string | T;
function readOr(file: string, otherwise: unknown = ''): unknown {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return otherwise;
  }
}

/** One process (its threads included), e.g. the service's or a bare baseline's node. NaN once it is gone. */
export const processMeter = (label: string, pid: number): CpuMeter => ({
  label,
  seconds: async () => {
    const s = await stat(pid);
    return s === null ? NaN : s.own / TICKS;
  },
});

/** The pid of the postmaster of the server `db` is connected to (the parent of its backend); null when its processes are not visible here. */
const postmasterOf = async (db: pg.Client): Promise<number | null> => {
  const backend = Number((await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  const mine = await stat(backend);
  const comm = await readFile(`/proc/${backend}/comm`, 'utf8').catch(() => '');
  return mine === null || !comm.startsWith('postgres') ? null : mine.ppid;
};

/**
 * Every process of the PostgreSQL server `db` is connected to: the postmaster (found as the parent
 * of `db`'s backend), the children it has reaped (its cutime + cstime: backends that ended within the
 * window count too) and every child alive now. Null when that server's processes are not visible here
 * (another host or container).
 */
export const postgresMeter = async (db: pg.Client): Promise<CpuMeter | null> => {
  const postmaster = await postmasterOf(db);
  if (postmaster === null) return null;
  return {
    label: 'PostgreSQL',
    seconds: async () => {
      const root = await stat(postmaster);
      if (root === null) return NaN;
      let ticks = root.own + root.children;
      const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d)).map(Number);
      for (const s of await Promise.all(pids.map(stat))) if (s !== null && s.ppid === postmaster) ticks += s.own;
      return ticks / TICKS;
    },
  };
};

/** The start of an autovacuum worker's command line (its process title). */
const AUTOVACUUM_WORKER = 'postgres: autovacuum worker';
/** How often autovacuumMeter looks for the server's autovacuum workers. */
const AUTOVACUUM_POLL_MS = 250;

/**
 * The part of postgresMeter's seconds that the server's autovacuum workers used (`postgres:
 * autovacuum worker` in their command line), so that a window can say what of PostgreSQL's CPU was
 * not the measured statements': a large import's commit sets them off, and they run beside whatever
 * follows it. A worker is a child of the postmaster that ends when its table is done, and what an
 * ended child used is only in the postmaster's total: the meter looks at the postmaster's children
 * (`/proc/<pid>/task/<pid>/children`, a few processes, not every process of the machine) every
 * AUTOVACUUM_POLL_MS from when it is made until `stop`, and keeps the last CPU it saw of each
 * worker, so it misses at most that long of each worker's last moments: a lower bound. Null when
 * the server's processes are not visible here.
 */
export const autovacuumMeter = async (db: pg.Client): Promise<(CpuMeter & { readonly stop: () => void }) | null> => {
  const postmaster = await postmasterOf(db);
  if (postmaster === null) return null;
  const children = `/proc/${postmaster}/task/${postmaster}/children`;
  if (readOr(children, null) === null) return null;
  /** Each worker seen (by pid and start time: a pid may be used again) with the last CPU seen of it, in ticks. */
  const seen = new Map<string, { ticks: number }>();
  // Read synchronously: a file of /proc per child, about 1 ms a look with a dozen children (with
  // fs/promises about 3 ms), out of the cores the measured processes share.
  const poll = (): void => {
    for (const pid of readOr(children).split(' ')) {
      if (!/^\d+$/.test(pid) || !readOr(`/proc/${pid}/cmdline`).startsWith(AUTOVACUUM_WORKER)) continue;
      const s = parseStat(readOr(`/proc/${pid}/stat`));
      if (s === null) continue;
      const key = `${pid}:${s.started}`;
      const entry = seen.get(key);
      if (entry === undefined) seen.set(key, { ticks: s.own });
      else entry.ticks = s.own;
    }
  };
  const timer = setInterval(poll, AUTOVACUUM_POLL_MS);
  timer.unref();
  poll();
  // What workers already running had used before the meter was made is not the meter's: counted from here.
  const before = new Map([...seen].map(([k, v]) => [k, v.ticks]));
  return {
    label: 'of it autovacuum',
    seconds: async () => {
      poll();
      let ticks = 0;
      for (const [k, { ticks: t }] of seen) ticks += t - (before.get(k) ?? 0);
      return ticks / TICKS;
    },
    stop: () => clearInterval(timer),
  };
};

/** This process (the bench: its own sampling timers and IPC), from process.cpuUsage. */
export const benchMeter: CpuMeter = {
  label: 'bench',
  seconds: async () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  },
};

/** Busy CPU seconds of the whole machine (/proc/stat: user, nice, system, irq, softirq; not idle, iowait, steal). */
export const machineBusySeconds = async (): Promise<number> => {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is counted in user)
    const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq!) / TICKS;
  } catch {
    return NaN;
  }
};

/** What each meter, and the machine as a whole, used between `startCpuWindow` and `end`. */
export type CpuWindow = {
  readonly measured: readonly { readonly label: string; readonly seconds: number }[];
  /** The machine's busy seconds over the window (every process, ours and anyone else's). */
  readonly machineBusy: number;
  readonly wallSeconds: number;
};

/** Reads every meter and the machine's busy time now; `end` reads them again and answers the differences. */
export const startCpuWindow = async (meters: readonly CpuMeter[]): Promise<{ readonly end: () => Promise<CpuWindow> }> => {
  const read = () => Promise.all([machineBusySeconds(), ...meters.map((m) => m.seconds())]);
  const before = await read();
  const t0 = performance.now();
  return {
    end: async () => {
      const after = await read();
      return {
        measured: meters.map((m, i) => ({ label: m.label, seconds: after[i + 1]! - before[i + 1]! })),
        machineBusy: after[0]! - before[0]!,
        wallSeconds: (performance.now() - t0) / 1000,
      };
    },
  };
};
