import type { Readable } from 'node:stream';
import type { BlobBody } from '../../core/media/blob-store.js';

/**
 * An object's bytes from an open stream (a file handle, an HTTP response), its errors mapped. An
 * answer that is never read (a HEAD, a 429, a client gone before the first byte) still ends: the
 * iterator's `return()` destroys the stream even before the first `next()`, where a generator's
 * would do nothing and leave the handle to the garbage collector.
 */
export const readableBody = (stream: Readable, mapError: (e: unknown) => unknown): BlobBody => ({
  [Symbol.asyncIterator]: () => {
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
    return {
      next: async () => {
        try {
          return await chunks.next();
        } catch (e) {
          throw mapError(e);
        }
      },
      return: async () => {
        stream.destroy();
        await chunks.return?.().catch(() => undefined);
        return { done: true, value: undefined };
      },
    };
  },
});
