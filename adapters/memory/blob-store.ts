import { BlobStoreUnavailableError, checkBlobKey, type BlobStore } from '../../core/media/blob-store.js';

/**
 * The BlobStore in memory, for fast tests and alternate hosts; it passes the same contract as the
 * filesystem and MinIO stores. `down(true)` makes every call fail as an unreachable store would.
 */
export const memoryBlobStore = (): BlobStore & { readonly down: (isDown: boolean) => void; readonly keys: () => string[] } => {
  const objects = new Map<string, Buffer>();
  let isDown = false;
  const up = (): void => {
    if (isDown) throw new BlobStoreUnavailableError('memory blob store is down');
  };
  return {
    put: async (key, body, size) => {
      up();
      checkBlobKey(key);
      if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid blob size ${size}`);
      const parts: Buffer[] = [];
      let n = 0;
      for await (const chunk of body) {
        n += chunk.byteLength;
        if (n > size) throw new Error(`blob ${key}: longer than the announced ${size} bytes`);
        parts.push(Buffer.from(chunk));
      }
      if (n !== size) throw new Error(`blob ${key}: ${n} bytes where ${size} were announced`);
      up();
      objects.set(key, Buffer.concat(parts, n));
      return { size: n };
    },
    stat: async (key) => {
      up();
      checkBlobKey(key);
      const o = objects.get(key);
      return o === undefined ? null : { size: o.length };
    },
    get: async (key, range) => {
      up();
      checkBlobKey(key);
      const o = objects.get(key);
      if (o === undefined) return null;
      const slice = range === undefined ? o : o.subarray(range.start, range.end + 1);
      return (async function* () {
        yield slice;
      })();
    },
    remove: async (key) => {
      up();
      checkBlobKey(key);
      objects.delete(key);
    },
    ping: async () => up(),
    down: (d) => {
      isDown = d;
    },
    keys: () => [...objects.keys()].sort(),
  };
};
