import { readableBody } from './readable-body.js';
import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobStoreUnavailableError, checkBlobKey, checkByteRange, type BlobBody, type BlobStore } from '../../core/media/blob-store.js';
import { exactly } from './exact-body.js';

const codeOf = (e: unknown): string | undefined =>
  e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

// These say the disk is unusable (read-only, full, failing, gone, out of descriptors), not that one key is wrong.
const DISK_FAILURES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENXIO', 'ENODEV', 'ESTALE', 'EMFILE', 'ENFILE']);

const mapped = (e: unknown, what: string): unknown =>
  DISK_FAILURES.has(codeOf(e) ?? '') ? new BlobStoreUnavailableError(`${what}: ${(e as Error).message}`, { cause: e }) : e;

/**
 * The BlobStore on a local directory. A put streams into `root/.incoming~/` (same filesystem, and
 * `~` is no key character, so no key can name it), is fsynced, then renamed into place: readers see
 * the old object or the whole new one, never a part.
 */
export const filesystemBlobStore = (root: string): BlobStore => {
  const base = path.resolve(root);
  const incoming = path.join(base, '.incoming~');
  const fileOf = (key: string): string => path.join(base, ...checkBlobKey(key));

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

  const stream = (file: Readable, key: string): BlobBody => readableBody(file, (e) => mapped(e, `blob ${key}`));

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
      if (range !== undefined) checkByteRange(range);
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
