import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// s3rver is CommonJS without type declarations; these are the parts of its API used here.
type StoredObject = { content: Readable | Buffer | null; range?: { start: number; end: number }; size: number };
type FilesystemStore = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5: string): Promise<void>;
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<StoredObject | null>;
};
type S3rverOptions = { port: number; address: string; directory: string; silent: boolean };
type S3rver = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
  store: FilesystemStore;
  context: { store: FilesystemStore };
  logger: { silent: boolean };
};

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rver;
const FilesystemStore = require('s3rver/lib/stores/filesystem.js') as new (directory: string) => FilesystemStore;

/**
 * s3rver's store, made faithful to S3 where the BlobStore contract depends on it (s3rver 3.7.1):
 * - S3 "never adds partial objects": a PUT replaces the key only once the whole body has arrived.
 *   s3rver writes into the object's file as the bytes come, so an aborted PUT left a truncated
 *   object (over the old one). Here the body goes to a temporary file renamed into place at the end.
 * - S3 answers `Range: bytes=0-0` with one byte; s3rver reads `end: 0` as "to the end".
 */
class S3FaithfulStore extends FilesystemStore {
  async putObject(object: { bucket: string; key: string; content: Readable | Buffer; metadata: Record<string, unknown> }) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    const temp = `${objectPath}.${randomUUID()}.incoming`;
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
      await pipeline(source, count, createWriteStream(temp));
      await rename(temp, objectPath);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  }

  override async getObject(bucket: string, key: string, options?: { start?: number; end?: number }) {
    const object = await super.getObject(bucket, key, options);
    if (options?.end !== 0 || object?.content == null || object.size === 0 || (options.start ?? 0) !== 0) return object;
    (object.content as Readable).destroy();
    object.content = createReadStream(this.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 });
    object.range = { start: 0, end: 0 };
    return object;
  }
}

export type RunningS3rver = { readonly endpoint: string; close(): Promise<void> };

/**
 * An S3-compatible server on a free loopback port over a throwaway directory. Its account is
 * S3RVER / S3RVER (signatures are not checked). `close` drops open connections at once, as a
 * crashed store would, and removes the directory.
 */
export const startS3rver = async (): Promise<RunningS3rver> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'genealogy-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  server.store = server.context.store = new S3FaithfulStore(directory);
  // `silent` only quiets s3rver's console transport; requests still in flight when it closes would
  // complain about the transport being gone.
  server.logger.silent = true;
  const address = await server.run().catch(async (e: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw e;
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: async () => {
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
};
