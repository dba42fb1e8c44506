import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { scriptNodeFlags } from '../support/start-command.js';

// The real server entry (bootstrap/server.ts) as a process of its own, so that what is measured of
// it (its resident set) is the service's alone, not the load generator's that shares this process.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Which build of the service is measured (BENCH_SERVICE): `dist` (the default) is what `make run` and
 * `npm start` run, tsc's output in dist/ (built once per bench process, so it is never stale);
 * `tsx` runs the sources through tsx, as the specs do. They differ: tsx's esbuild keeps every
 * function's name with a `__name(fn, "name")` call where the function is made (a closure made per row
 * calls it per row), which cost the service about a tenth of a GEDCOM import's CPU.
 */
const BUILD = process.env['BENCH_SERVICE'] ?? 'dist';
if (BUILD !== 'dist' && BUILD !== 'tsx') throw new Error('BENCH_SERVICE must be dist or tsx');
let built: Promise<void> | null = null;
const buildOnce = (): Promise<void> => {
  built ??= (async () => {
    const tsc = spawn(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    const [code] = (await once(tsc, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`building dist/ for the bench failed (tsc exit ${String(code)})`);
  })();
  return built;
};

/** The node arguments that run the service's entry, after `nodeArgs`, as BENCH_SERVICE says: `npm start`'s flags (package.json), then the entry. */
const entry = async (): Promise<string[]> => {
  if (BUILD === 'tsx') return [...scriptNodeFlags('start'), '--import', 'tsx', path.join(root, 'bootstrap', 'server.ts')];
  await buildOnce();
  return [...scriptNodeFlags('start'), path.join(root, 'dist', 'bootstrap', 'server.js')];
};

export type ServiceProcess = {
  readonly api: string;
  readonly pid: number;
  /** The service's resident set size in bytes (VmRSS of /proc/<pid>/status); NaN where there is no /proc. */
  readonly rss: () => Promise<number>;
  /** Null while it runs; else how it ended. */
  readonly exited: () => string | null;
  /** SIGTERM, and SIGKILL when it has not exited after `graceMs`. */
  readonly stop: (graceMs?: number) => Promise<void>;
};

export const processRss = async (pid: number): Promise<number> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? NaN : Number(kb) * 1024;
  } catch {
    return NaN;
  }
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the service (`node <npm start's flags> dist/bootstrap/server.js` as `npm start` does, or
 * `node <the same flags> --import tsx bootstrap/server.ts`: BUILD above; the pid is the service's own, no wrapper in
 * between) on a free loopback port and waits until /readyz answers 200. Its stderr is passed through.
 */
export const startServiceProcess = async (o: {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly readyWithinMs?: number;
}): Promise<ServiceProcess> => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVICE_NODE_ARGS: extra node flags for the service alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env['BENCH_SERVICE_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, ...(await entry())], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      AUTH_RATE_LIMIT: '0',
      // LOG_LEVEL as deployed (info, unless this environment sets it): a line per request is part of a
      // request's cost. Standard output goes to /dev/null.
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let ended: string | null = null;
  const exit = once(child, 'exit').then(([code, signal]: unknown[]) => {
    ended = signal === null ? `exit code ${String(code)}` : `signal ${String(signal)}`;
  });
  child.on('error', (e) => (ended = `spawn error: ${e.message}`));
  // Never leave the service behind, whichever way this process ends.
  const stopAtExit = () => {
    if (ended === null) child.kill('SIGTERM');
  };
  process.on('exit', stopAtExit);
  void exit.then(() => process.off('exit', stopAtExit));
  const pid = child.pid;
  const stop = async (graceMs = 15_000): Promise<void> => {
    if (ended !== null || child.pid === undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exit;
    clearTimeout(timer);
  };
  try {
    if (pid === undefined) throw new Error('the service did not start');
    const deadline = Date.now() + (o.readyWithinMs ?? 120_000);
    for (;;) {
      if (ended !== null) throw new Error(`the service ended before it was ready (${ended as string})`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error('the service was not ready in time');
      await sleep(200);
    }
    return { api: `${baseUrl}/api/v1`, pid, rss: () => processRss(pid), exited: () => ended, stop };
  } catch (err) {
    await stop(2_000);
    throw err;
  }
};
