import type { Context } from 'koa';

/**
 * Streamed answers (exports, whole lists, media) that one caller may have running at once in this
 * process: `admit` answers a release to call when the answer ends, or null past the limit (429). A
 * caller is an account, or a client address for the anonymous public surface.
 */
export type StreamGuard = { readonly admit: (caller: string) => (() => void) | null; readonly running: (caller: string) => number };

export const streamGuard = (perCaller: number): StreamGuard => {
  const running = new Map<string, number>();
  return {
    admit: (caller) => {
      const now = running.get(caller) ?? 0;
      if (now >= perCaller) return null;
      running.set(caller, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(caller) ?? 1) - 1;
        if (left <= 0) running.delete(caller);
        else running.set(caller, left);
      };
    },
    running: (caller) => running.get(caller) ?? 0,
  };
};

/**
 * Closes the connection of a streamed answer whose client accepts no bytes for `ms` (SEND_TIMEOUT_MS):
 * while bytes wait in the socket's buffer and the count the kernel took does not move, the clock
 * runs; a producer that is merely slow (nothing waits to be sent) is not the client's fault.
 * Destroying the socket ends the body stream, which returns its producer (a snapshot ends, a file
 * is closed). `onEnd` runs once when the answer is over, sent or not.
 */
export const watchSend = (ctx: Context, ms: number, onEnd: () => void): void => {
  const socket = ctx.req.socket;
  let taken = -1;
  let since = Date.now();
  const timer = ms > 0 ? setInterval(() => {
    const now = socket.bytesWritten - socket.writableLength;
    if (now !== taken || socket.writableLength === 0) {
      taken = now;
      since = Date.now();
    } else if (Date.now() - since >= ms) socket.destroy();
  }, Math.max(50, Math.min(1000, Math.floor(ms / 4)))) : null;
  timer?.unref();
  ctx.res.once('close', () => {
    if (timer !== null) clearInterval(timer);
    onEnd();
  });
};
