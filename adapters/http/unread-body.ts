import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What is left of a request body when its answer is ready (a 401 before an upload was read, a 413
 * past the limit). Closing the connection at once resets a client that is still sending: it sees
 * EPIPE or ECONNRESET instead of the answer (RFC 9112 section 9.6). So a small rest is read and
 * dropped, and the connection lives on; a larger one is answered with `Connection: close`, and the
 * socket is ended (our side first) and read until the client closes its side or LINGER_MS pass.
 */
export const DRAIN_MAX_BYTES = 64 * 1024;
/** How long a small rest may take to arrive before the connection is closed instead. */
export const DRAIN_WAIT_MS = 5_000;
/** How long a closing connection is read (and what arrives dropped) for the client to finish sending. */
export const LINGER_MS = 5_000;

const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** Reads and drops the rest of `req`, up to `maxBytes` and `waitMs`; true when the body ended within them. */
export const drain = (req: IncomingMessage, maxBytes: number, waitMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (req.complete) return resolve(true);
    if (req.destroyed) return resolve(false);
    let seen = 0;
    let settled = false;
    const done = (ended: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onClose);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > maxBytes) done(false);
    };
    const onEnd = (): void => done(true);
    const onFail = (): void => done(false);
    const onClose = (): void => done(req.complete);
    const timer = setTimeout(() => done(false), waitMs);
    req.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onClose);
    req.resume();
  });

const LINGERING = Symbol('lingering');

/**
 * Node's HTTP server ends a `Connection: close` exchange with `socket.destroySoon()`: our FIN, then,
 * as soon as it is written, the descriptor closed, so whatever the client sends after that is
 * answered with a reset, which can throw away the answer before the client has read it. This
 * socket instead keeps reading (and dropping) until the client closes its side, or LINGER_MS pass.
 */
export const lingerOnClose = (socket: Socket, lingerMs = LINGER_MS): void => {
  const s = socket as Socket & { destroySoon?: () => void; [LINGERING]?: true };
  if (s[LINGERING] === true || s.destroyed) return;
  s[LINGERING] = true;
  s.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.resume();
  };
};

/**
 * After the answer is made: a body the handler did not read whole is drained when small (the
 * connection is kept), else `close` marks the answer `Connection: close` and the socket closes lingering.
 */
export const settleUnreadBody = async (req: IncomingMessage, close: () => void): Promise<void> => {
  if (req.complete || !hasBody(req)) return;
  const declared = req.headers['content-length'];
  const small = declared === undefined || Number(declared) <= DRAIN_MAX_BYTES;
  if (small && (await drain(req, DRAIN_MAX_BYTES, DRAIN_WAIT_MS))) return;
  close();
  lingerOnClose(req.socket);
};

/** Node's own answers to requests its parser refuses (its default `clientError` handler's choices). */
const PARSER_STATUS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * The server's `clientError` handler: a request Node's parser refuses (headers or URL past 16 KiB,
 * a method it does not know, broken framing) gets its status as problem+json and a lingering close.
 * Node's default answers, then destroys the socket at once: a client still sending its headers
 * (a 37 KB URL) met a reset and lost the 431 it had been sent (seen on Node 24).
 */
export const answerClientError = (err: Error & { code?: string }, socket: Socket): void => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, title] = PARSER_STATUS[err.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({ type: 'about:blank', title, status, code: status === 431 ? 'headers_too_large' : status === 408 ? 'request_timeout' : status === 413 ? 'payload_too_large' : 'malformed_request', detail: title });
  // An answer to HEAD has no body (a client's parser refuses one). The refused bytes start with the
  // request line when they are its first; when they do not, the method is unknown: no body either.
  const method = /^([A-Z]+) /.exec((err as { rawPacket?: Buffer }).rawPacket?.subarray(0, 16).toString('latin1') ?? '')?.[1];
  const withBody = method !== undefined && method !== 'HEAD';
  socket.end(`HTTP/1.1 ${status} ${title}\r\nConnection: close\r\nContent-Type: application/problem+json\r\nContent-Length: ${withBody ? Buffer.byteLength(body) : 0}\r\n\r\n${withBody ? body : ''}`);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.resume();
};
