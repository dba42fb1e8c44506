import { readableBody } from './readable-body.js';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';
import { BlobStoreUnavailableError, checkBlobKey, checkByteRange, type BlobStore } from '../../core/media/blob-store.js';
import { exactly } from './exact-body.js';

export type MinioBlobStoreConfig = {
  /** The store's base URL, e.g. `http://127.0.0.1:9000`. */
  readonly endPoint: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  readonly region: string;
  /** How long to wait for the store to accept a connection or start answering; 5 s by default. */
  readonly requestTimeoutMs?: number;
};

// A single S3 PUT takes at most 5 GiB; larger objects would need a multipart upload.
const MAX_SINGLE_PUT = 5 * 1024 ** 3;

const codeOf = (e: unknown): string => (e instanceof Error && 'code' in e ? String(e.code) : '');

const NETWORK = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'SlowDown', 'ServiceUnavailable', 'InternalError',
]);

const unreachable = (e: unknown): boolean =>
  e instanceof Error &&
  (NETWORK.has(codeOf(e)) ||
    // minio gives up on 5xx answers (after its retry) with a plain Error that says so.
    /socket hang up|Retryable HTTP status/.test(e.message) ||
    (e instanceof AggregateError && e.errors.some(unreachable)));

const mapped = (e: unknown, what: string): unknown =>
  unreachable(e) ? new BlobStoreUnavailableError(`${what}: ${(e as Error).message}`, { cause: e }) : e;

const missing = (e: unknown): boolean => ['NoSuchKey', 'NotFound'].includes(codeOf(e));

const relay = (body: Readable, what: string) => readableBody(body, (e) => mapped(e, what));

/**
 * The BlobStore on an S3 bucket (MinIO), made on first use. A put is one streamed PUT of `size`
 * bytes: S3 stores a PUT whole or not at all, so a body that fails mid-way, or has the wrong length,
 * aborts the request and leaves the key as it was.
 */
export const minioBlobStore = (config: MinioBlobStoreConfig): BlobStore => {
  const url = new URL(config.endPoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3 endpoint must be http(s): ${config.endPoint}`);
  const useSSL = url.protocol === 'https:';
  const port = url.port === '' ? (useSSL ? 443 : 80) : Number(url.port);
  const { bucket, region } = config;
  const timeoutMs = config.requestTimeoutMs ?? 5_000;
  // Once bytes flow they may pause while the caller's client is slow; allow that, but not forever.
  const transferIdleMs = Math.max(60_000, timeoutMs);

  // minio never times out by itself. The agent's timeout arms every socket from the moment it
  // starts connecting; a request whose socket stays silent that long is destroyed with ETIMEDOUT.
  const protocol = useSSL ? https : http;
  const agent = new protocol.Agent({ keepAlive: true, timeout: timeoutMs });
  const send = protocol.request as (...args: unknown[]) => http.ClientRequest;
  const request = ((...args: unknown[]) => {
    const req = send(...args);
    req.on('timeout', () => {
      const error = Object.assign(new Error(`no answer from ${url.host} within the time limit`), { code: 'ETIMEDOUT' });
      req.destroy(error);
    });
    return req;
  }) as typeof http.request;

  const client = new Client({
    endPoint: url.hostname,
    port,
    useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region,
    transport: { request },
    transportAgent: agent,
  });

  // One creation for all concurrent first uses; a failed one is forgotten so that the next use retries.
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = (): Promise<void> => {
    bucketReady ??= (async () => {
      if (await client.bucketExists(bucket)) return;
      await client.makeBucket(bucket, region).catch(async (e: unknown) => {
        if (!(await client.bucketExists(bucket))) throw e; // else another process made it meanwhile
      });
    })().catch((e: unknown) => {
      bucketReady = undefined;
      throw e;
    });
    return bucketReady;
  };

  const guard = <A>(what: string, run: () => Promise<A>): Promise<A> =>
    run().catch((e: unknown) => {
      throw mapped(e, what);
    });

  // minio's putObject reads a whole stream into memory before a single-part PUT, and would need
  // ListMultipartUploads above its part size; a presigned PUT streams the body as it comes instead.
  const upload = (target: string, body: AsyncIterable<Uint8Array>, size: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      let answered = false;
      const req = request(target, { method: 'PUT', agent, headers: { 'content-length': String(size) } });
      req.setTimeout(transferIdleMs);
      const fail = (e: unknown): void => {
        if (!answered) reject(e);
      };
      req.once('error', fail);
      req.once('response', (res) => {
        answered = true;
        res.once('error', reject);
        if (res.statusCode === 200) {
          res.resume().once('end', () => resolve());
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text = (text + chunk).slice(0, 4096)));
        res.once('end', () => {
          const status = res.statusCode ?? 0;
          const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${status}`;
          const message = `S3 refused the PUT: ${status} ${code}`;
          reject(status >= 500 ? new BlobStoreUnavailableError(message) : Object.assign(new Error(message), { code }));
          req.destroy();
        });
      });
      pipeline(body, req).catch(fail);
    });

  return {
    put: async (key, body, size) => {
      checkBlobKey(key);
      if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SINGLE_PUT) throw new RangeError(`invalid blob size ${size}`);
      const failed = { byBody: false };
      try {
        await ensureBucket();
        const target = await client.presignedPutObject(bucket, key, 15 * 60);
        await upload(target, exactly(body, size, failed), size);
        return { size };
      } catch (e) {
        throw failed.byBody ? e : mapped(e, `put ${key}`);
      }
    },

    stat: (key) =>
      guard(`stat ${key}`, async () => {
        checkBlobKey(key);
        await ensureBucket();
        try {
          return { size: (await client.statObject(bucket, key)).size };
        } catch (e) {
          if (missing(e)) return null;
          throw e;
        }
      }),

    get: (key, range) =>
      guard(`get ${key}`, async () => {
        checkBlobKey(key);
        if (range !== undefined) checkByteRange(range);
        await ensureBucket();
        let body: Readable;
        try {
          body =
            range === undefined
              ? await client.getObject(bucket, key)
              : await client.getPartialObject(bucket, key, range.start, range.end - range.start + 1);
        } catch (e) {
          if (missing(e)) return null;
          throw e;
        }
        if (body instanceof http.IncomingMessage) body.setTimeout(transferIdleMs);
        return relay(body, `get ${key}`);
      }),

    remove: (key) =>
      guard(`remove ${key}`, async () => {
        checkBlobKey(key);
        await ensureBucket();
        await client.removeObject(bucket, key).catch((e: unknown) => {
          if (!missing(e)) throw e;
        });
      }),

    ping: () =>
      guard('ping', async () => {
        if (await client.bucketExists(bucket)) return;
        bucketReady = undefined;
        await ensureBucket();
      }),
  };
};
