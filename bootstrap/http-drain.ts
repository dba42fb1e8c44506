import type { Server, ServerResponse } from 'node:http';

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful stop of an HTTP server. `drain` closes the listening socket at once (new connections are
 * refused), closes idle kept-alive connections, answers the requests in flight with `Connection:
 * close` so their connections end with them, and cuts whatever is left at the deadline. Resolves
 * with the number of requests that were cut.
 */
export const drainable = (server: Server) => {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      // A response whose headers went out before the drain leaves a kept-alive connection behind.
      if (draining) server.closeIdleConnections();
    });
  });
  return {
    drain: (graceMs = SHUTDOWN_GRACE_MS): Promise<{ readonly cut: number }> =>
      new Promise((resolve) => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        const deadline = setTimeout(() => {
          const cut = inFlight.size;
          server.closeAllConnections();
          resolve({ cut });
        }, graceMs);
        server.close(() => {
          clearTimeout(deadline);
          resolve({ cut: 0 });
        });
        server.closeIdleConnections();
      }),
  };
};
