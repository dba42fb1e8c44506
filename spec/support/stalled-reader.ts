import net from 'node:net';

// A client that asks for a streamed answer and reads no further than its first bytes: the slow
// reader of issue 23 (spec/http/slow-readers.spec.ts, spec/http/refused-streams.spec.ts).

export type Stalled = { readonly status: Promise<number>; readonly socket: net.Socket; readonly drain: () => Promise<{ readonly bytes: number; readonly complete: boolean }> };

/**
 * Sends a GET and reads only the first bytes of the answer (its status line), then nothing more.
 * `drain` reads on, later, to the connection's end: what the kernel buffers held, then the end of
 * the stream (a paused socket cannot see the service close it).
 */
export const stall = (baseUrl: string, path: string, token: string): Stalled => {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.write(`GET /api/v1${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  const status = new Promise<number>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
    });
    socket.once('error', reject);
  });
  socket.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-16);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    status, socket,
    // A chunked answer that was sent in full ends with the last chunk, `0\r\n\r\n`.
    drain: async () => {
      socket.resume();
      await closed;
      return { bytes, complete: tail.toString('latin1').endsWith('0\r\n\r\n') };
    },
  };
};

