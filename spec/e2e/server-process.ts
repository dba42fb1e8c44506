import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../bootstrap/embedded-postgres.js';

const tsx = path.resolve('node_modules/.bin/tsx');

export type ServerProcess = {
  readonly child: ChildProcess;
  readonly port: number;
  readonly baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  readonly output: () => string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: () => Promise<number | null>;
};

/** `npm start` as a child process (tsx bootstrap/server.ts) on a free port, with `env` over ours. */
export const spawnServer = async (env: Readonly<Record<string, string>>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(tsx, ['bootstrap/server.ts'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited: () => exit };
};

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` until it answers `status` (true), or until `alive` says the process serving it has
 * exited (false). No deadline of its own: the wait is for the event, the suite's timeout bounds it.
 */
export const waitForStatus = async (url: string, status: number, o: { readonly alive?: () => boolean; readonly intervalMs?: number } = {}): Promise<boolean> => {
  for (;;) {
    const s = await fetch(url).then((r) => r.status, () => 0);
    if (s === status) return true;
    if (o.alive !== undefined && !o.alive()) return false;
    await sleep(o.intervalMs ?? 100);
  }
};

/** Whether a spawned process is still running (for `waitForStatus`). */
export const running = (child: ChildProcess) => (): boolean => child.exitCode === null && child.signalCode === null;

/** Registers an account on a running server and returns its session token. */
export const registerOn = async (baseUrl: string, email: string): Promise<string> => {
  const res = await fetch(`${baseUrl}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
};

/** Resolves once the process has printed `text` (the mocha timeout bounds the wait); rejects when it exits first. */
export const printed = (server: ServerProcess, text: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const check = (): void => {
      if (server.output().includes(text)) {
        server.child.stdout!.off('data', check);
        resolve();
      }
    };
    server.child.stdout!.on('data', check);
    void server.exited().then((code) => reject(new Error(`exited ${code} before printing ${text}:\n${server.output()}`)));
    check();
  });

/** Resolves once the server has printed its start line. */
export const started = (server: ServerProcess): Promise<void> => printed(server, 'listening on http://');

export type ScriptRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/** Runs a TypeScript entry point (tsx) to its end, with `env` over ours and LOG_LEVEL info unless given. */
export const runScript = (script: string, args: readonly string[], env: Readonly<Record<string, string>>): Promise<ScriptRun> =>
  new Promise((resolve) =>
    execFile(tsx, [script, ...args], { env: { ...process.env, LOG_LEVEL: 'info', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stdout, stderr })));
