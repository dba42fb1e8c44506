import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { BlobStoreUnavailableError, type BlobStore } from '../../core/media/blob-store.js';
import { filesystemBlobStore } from '../../adapters/blob/filesystem-blob-store.js';
import { minioBlobStore } from '../../adapters/blob/minio-blob-store.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { blobStoreContract, chunked, failingAfter, readAll } from '../contracts/blob-store.contract.js';
import { startS3rver, type RunningS3rver } from '../support/s3rver.js';

const MiB = 1024 * 1024;
const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };
const freshBucket = (): string => `media-${randomUUID()}`;

const tempDir = (): Promise<string> => mkdtemp(path.join(tmpdir(), 'genealogy-blobs-'));

/** Every file under `dir`, relative to it. */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

/** The rejection of `promise` (no clock: the suite's timeout is the only bound on when it comes). */
const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the promise resolved');
};

const expectUnavailableEverywhere = async (store: BlobStore, key: string): Promise<void> => {
  const calls = {
    ping: () => store.ping(),
    put: () => store.put(key, chunked(randomBytes(10)), 10),
    stat: () => store.stat(key),
    get: () => store.get(key),
    remove: () => store.remove(key),
  };
  for (const [op, call] of Object.entries(calls)) {
    expect(await rejectionOf(call()), op).to.be.instanceOf(BlobStoreUnavailableError);
  }
};

// The memory store serves fast tests and alternate hosts: it passes the same contract.
describe('memory BlobStore', () => {
  blobStoreContract('memory', async () => ({ store: memoryBlobStore(), close: async () => undefined }));
});

describe('filesystem BlobStore', () => {
  blobStoreContract('filesystem', async () => {
    const dir = await tempDir();
    return { store: filesystemBlobStore(path.join(dir, 'media')), close: () => rm(dir, { recursive: true, force: true }) };
  });

  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates its root directory when missing', async () => {
    const root = path.join(dir, 'data', 'media');
    await filesystemBlobStore(root).ping();
    expect((await stat(root)).isDirectory()).to.equal(true);
  });

  it('leaves no temporary file behind after failed puts', async () => {
    const root = path.join(dir, 'media');
    const store = filesystemBlobStore(root);
    await store.put('media/kept', chunked(Buffer.from('kept')), 4);
    await store.put('media/a', failingAfter(randomBytes(300_000), new Error('cut')), 600_000).catch(() => undefined);
    await store.put('media/b', chunked(randomBytes(10)), 11).catch(() => undefined);
    await store.put('media/c', chunked(randomBytes(11)), 10).catch(() => undefined);
    await store.put('media/kept', failingAfter(randomBytes(10), new Error('cut')), 20).catch(() => undefined);
    expect(await filesUnder(root)).to.deep.equal([path.join('media', 'kept')]);
  });

  it('never writes outside its root for an invalid key', async () => {
    const store = filesystemBlobStore(path.join(dir, 'media'));
    await store.put('../escaped', chunked(Buffer.from('x')), 1).catch(() => undefined);
    await store.put('/tmp/escaped', chunked(Buffer.from('x')), 1).catch(() => undefined);
    expect(await filesUnder(dir)).to.deep.equal([]);
  });

  it('is unavailable in every operation when its root is a regular file', async () => {
    const root = path.join(dir, 'media');
    await writeFile(root, 'not a directory');
    await expectUnavailableEverywhere(filesystemBlobStore(root), 'media/x');
  });

  it('is unavailable in every operation when its root cannot be created', async () => {
    const blocker = path.join(dir, 'file');
    await writeFile(blocker, 'x');
    await expectUnavailableEverywhere(filesystemBlobStore(path.join(blocker, 'media')), 'media/x');
  });
});

describe('MinIO BlobStore', () => {
  let s3: RunningS3rver;
  before(async () => {
    s3 = await startS3rver();
  });
  after(async () => {
    await s3.close();
  });

  blobStoreContract('MinIO on s3rver', async () => ({
    store: minioBlobStore({ endPoint: s3.endpoint, bucket: freshBucket(), ...credentials }),
    close: async () => undefined,
  }));

  const adminOf = (endpoint: string): Client => {
    const url = new URL(endpoint);
    return new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, ...credentials });
  };

  it('creates its bucket on first use, once, even when first uses come at once', async () => {
    const bucket = freshBucket();
    const admin = adminOf(s3.endpoint);
    expect(await admin.bucketExists(bucket)).to.equal(false);
    const store = minioBlobStore({ endPoint: s3.endpoint, bucket, ...credentials });
    const keys = Array.from({ length: 8 }, () => `media/${randomUUID()}`);
    await Promise.all(keys.map((k) => store.put(k, chunked(Buffer.from(k)), k.length)));
    expect(await admin.bucketExists(bucket)).to.equal(true);
    for (const k of keys) expect((await readAll(await store.get(k))).toString()).to.equal(k);
  });

  it('creates its bucket on ping, and again when it was removed behind its back', async () => {
    const bucket = freshBucket();
    const admin = adminOf(s3.endpoint);
    const store = minioBlobStore({ endPoint: s3.endpoint, bucket, ...credentials });
    await store.ping();
    expect(await admin.bucketExists(bucket)).to.equal(true);
    await admin.removeBucket(bucket);
    await store.ping();
    expect(await admin.bucketExists(bucket)).to.equal(true);
  });

  it('streams a put to the store as the body comes, in one PUT, instead of collecting it first', async () => {
    // A stand-in S3 that answers the bucket check and counts what a PUT has delivered so far.
    let puts = 0;
    let received = 0;
    let halfArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (halfArrived = resolve));
    const fake = createHttpServer((req, res) => {
      if (req.method !== 'PUT') return void res.end();
      puts += 1;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= MiB / 2) halfArrived();
      });
      req.on('end', () => res.end());
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as { port: number };
    try {
      const store = minioBlobStore({ endPoint: `http://127.0.0.1:${port}`, bucket: freshBucket(), ...credentials });
      const body = async function* (): AsyncGenerator<Uint8Array> {
        yield* chunked(randomBytes(MiB));
        // Half the body must reach the store before the rest is given: a put that collected the body
        // first would wait here for ever (the suite's timeout ends it), as the store got nothing yet.
        await arrived;
        yield* chunked(randomBytes(MiB));
      };
      expect(await store.put(`media/${randomUUID()}`, body(), 2 * MiB)).to.deep.equal({ size: 2 * MiB });
      expect({ puts, received }).to.deep.equal({ puts: 1, received: 2 * MiB });
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  describe('when the store goes away', () => {
    let dying: RunningS3rver | undefined;
    afterEach(async () => {
      await dying?.close().catch(() => undefined);
      dying = undefined;
    });

    it('is unavailable in every operation once the server has stopped', async () => {
      dying = await startS3rver();
      const store = minioBlobStore({ endPoint: dying.endpoint, bucket: freshBucket(), ...credentials });
      const k = `media/${randomUUID()}`;
      await store.put(k, chunked(Buffer.from('hello')), 5);
      await dying.close();
      dying = undefined;
      await expectUnavailableEverywhere(store, k);
    });

    it('is unavailable when nothing listens at the endpoint from the start', async () => {
      const gone = await startS3rver();
      await gone.close();
      await expectUnavailableEverywhere(minioBlobStore({ endPoint: gone.endpoint, bucket: freshBucket(), ...credentials }), 'media/x');
    });

    it('gives up on a server that accepts connections but never answers', async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      try {
        const store = minioBlobStore({ endPoint: `http://127.0.0.1:${port}`, bucket: freshBucket(), requestTimeoutMs: 300, ...credentials });
        expect(await rejectionOf(store.ping())).to.be.instanceOf(BlobStoreUnavailableError);
        // It was connected and got no answer: the rejection is its request timeout's (no clock here;
        // the suite's timeout bounds the wait, which a store without a request timeout never ends).
        expect(sockets.length).to.be.greaterThan(0);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('fails the stream of a get cut off mid-way with BlobStoreUnavailableError', async () => {
      dying = await startS3rver();
      const store = minioBlobStore({ endPoint: dying.endpoint, bucket: freshBucket(), ...credentials });
      const k = `media/${randomUUID()}`;
      const size = 32 * 1024 * 1024; // more than the loopback socket buffers hold
      await store.put(k, chunked(randomBytes(size)), size);
      const body = await store.get(k);
      if (body === null) throw new Error('expected the object');
      const chunks = body[Symbol.asyncIterator]();
      let received = (await chunks.next()).value?.byteLength ?? 0;
      await dying.close();
      dying = undefined;
      const error = await rejectionOf(
        (async () => {
          for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) received += next.value.byteLength;
        })(),
      );
      expect(received).to.be.below(size);
      expect(error).to.be.instanceOf(BlobStoreUnavailableError);
    });
  });
});
