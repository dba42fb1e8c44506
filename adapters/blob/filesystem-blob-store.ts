import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobStoreUnavailableError, type BlobBody, type BlobStore, type ByteRange } from '../../core/media/blob-store.js';

// Empty and `.` segments are refused too: the filesystem would fold `a//b` and `a/./b` into `a/b`.
const KEY = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

const checkKey = (key: string): string[] => {
  const segments = key.split('/');
  if (!KEY.test(key) || key.includes('..') || segments.includes('.') || key.length > 1024) {
    throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  }
  return segments;
};

const checkRange = (range: ByteRange): void => {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start) {
    throw new RangeError(`invalid byte range ${range.start}-${range.end}`);
  }
};

const codeOf = (e: unknown): string | undefined =>
  e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

// These say the disk is unusable (read-only, full, failing, gone, out of descriptors), not that one key is wrong.
const DISK_FAILURES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENXIO', 'ENODEV', 'ESTALE', 'EMFILE', 'ENFILE']);

const mapped = (e: unknown, what: string): unknown =>
  DISK_FAILURES.has(codeOf(e) ?? '') ? new BlobStoreUnavailableError(`${what}: ${(e as Error).message}`, { cause: e }) : e;

/**
 * Yields `body` unchanged and fails when it is longer or shorter than `size`, before the surplus
 * byte is written. `failed.byBody` tells the caller the body itself threw, so that its error (a
 * client that went away) is passed on as it is rather than blamed on the store.
 */
async function* exactly(body: BlobBody, size: number, failed: { byBody: boolean }): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let seen = 0;
  let drained = false;
  // The latest chunk is held back until the next one arrives: the store never sees all `size`
  // bytes (and so never completes the object) before the body has ended, on time and without error.
  let held: Uint8Array | undefined;
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch (e) {
        failed.byBody = drained = true;
        throw e;
      }
      if (next.done === true) {
        drained = true;
        break;
      }
      if (next.value.byteLength === 0) continue;
      seen += next.value.byteLength;
      if (seen > size) throw new Error(`blob body is longer than the announced ${size} bytes`);
      if (held !== undefined) yield held;
      held = next.value;
    }
  } finally {
    if (!drained) await chunks.return?.();
  }
  if (seen !== size) throw new Error(`blob body has ${seen} bytes where ${size} were announced`);
  if (held !== undefined) yield held;
}

/**
 * The BlobStore on a local directory. A put streams into `root/.incoming~/` (same filesystem, and
 * `~` is no key character, so no key can name it), is fsynced, then renamed into place: readers see
 * the old object or the whole new one, never a part.
 */
export const filesystemBlobStore = (root: string): BlobStore => {
  const base = path.resolve(root);
  const incoming = path.join(base, '.incoming~');
  const fileOf = (key: string): string => path.join(base, ...checkKey(key));

  const usable = async (): Promise<void> => {
    try {
      await mkdir(incoming, { recursive: true });
      await access(base, constants.R_OK | constants.W_OK);
    } catch (e) {
      throw new BlobStoreUnavailableError(`media directory ${base} is not usable: ${(e as Error).message}`, { cause: e });
    }
  };

  // A missing file is a missing object, provided the directory itself is usable: a root that is
  // gone and cannot be made again (or is a file) is an unavailable store, not an empty one.
  const absent = async (e: unknown, key: string): Promise<null> => {
    if (!['ENOENT', 'ENOTDIR', 'EISDIR'].includes(codeOf(e) ?? '')) throw mapped(e, `blob ${key}`);
    await usable();
    return null;
  };

  const stream = async function* (file: Readable, key: string): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of file) yield chunk as Uint8Array;
    } catch (e) {
      throw mapped(e, `blob ${key}`);
    }
  };

  return {
    put: async (key, body, size) => {
      const target = fileOf(key);
      if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid blob size ${size}`);
      await usable();
      const temp = path.join(incoming, randomUUID());
      const failed = { byBody: false };
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(exactly(body, size, failed), out);
        // fsync flushes the file whichever descriptor asks; a FileHandle kept open under a stream
        // cannot be closed on Node 20, hence a second, short-lived one.
        const written = await open(temp, 'r+');
        await written.sync().finally(() => written.close());
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        return { size };
      } catch (e) {
        // The stream opens its file asynchronously: a body that fails at once can reject the
        // pipeline before the file exists, so wait for the stream to close before removing it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(temp, { force: true }).catch(() => undefined);
        throw failed.byBody ? e : mapped(e, `blob ${key}`);
      }
    },

    stat: async (key) => {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        return s.isFile() ? { size: s.size } : null;
      } catch (e) {
        return absent(e, key);
      }
    },

    get: async (key, range) => {
      const file = fileOf(key);
      if (range !== undefined) checkRange(range);
      // Reading through the handle opened here keeps to one version of the object even when a put
      // renames a new one over it meanwhile.
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (e) {
        return absent(e, key);
      }
      try {
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
      } catch (e) {
        await handle.close().catch(() => undefined);
        throw mapped(e, `blob ${key}`);
      }
      return stream(handle.createReadStream({ highWaterMark: 512 * 1024, ...(range === undefined ? {} : { start: range.start, end: range.end }) }), key);
    },

    remove: async (key) => {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (e) {
        await absent(e, key);
      }
    },

    ping: usable,
  };
};
