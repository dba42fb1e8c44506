// A script of spec/bench run in a process of its own (`node --import tsx FILE`) with an IPC channel to
// this one: what it sends is queued and taken in order with `next`. It is killed when this process
// exits; `stop` closes the channel, on which such a script exits.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export type Channel<To, From> = {
  readonly pid: number;
  readonly send: (m: To) => void;
  /** The next message from the child; rejects once the child has ended. */
  readonly next: () => Promise<From>;
  readonly stop: () => Promise<void>;
};

export const startChannel = <To, From>(file: string, label: string): Channel<To, From> => {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const killAtExit = () => child.kill('SIGKILL');
  process.on('exit', killAtExit);
  const queue: From[] = [];
  let waiter: { resolve: (m: From) => void; reject: (e: Error) => void } | null = null;
  let ended: Error | null = null;
  child.on('message', (m: From) => {
    const w = waiter;
    waiter = null;
    if (w === null) queue.push(m);
    else w.resolve(m);
  });
  const exited = once(child, 'exit').then(([code, signal]: unknown[]) => {
    ended = new Error(`${label} ended (${signal === null ? `exit code ${String(code)}` : `signal ${String(signal)}`})`);
    const w = waiter;
    waiter = null;
    w?.reject(ended);
  });
  child.on('error', (e) => {
    ended = new Error(`${label}: ${e.message}`);
    waiter?.reject(ended);
    waiter = null;
  });
  return {
    pid: child.pid ?? NaN,
    send: (m) => void child.send(m as object),
    next: () => {
      if (queue.length > 0) return Promise.resolve(queue.shift()!);
      if (ended !== null) return Promise.reject(ended);
      return new Promise<From>((resolve, reject) => (waiter = { resolve, reject }));
    },
    stop: async () => {
      process.off('exit', killAtExit);
      if (ended !== null || child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
