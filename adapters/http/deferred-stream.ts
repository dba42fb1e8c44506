/**
 * A streamed answer that is made only when the client pulls its first bytes. Some answers start
 * working as soon as they are made (a zip writer reads its entries at once); one refused before it
 * is sent (429 too_many_streams) must cost nothing and leave nothing running, so it is made here
 * late, and `return()` before the first pull makes nothing at all.
 */
export const deferred = (make: () => AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> => ({
  [Symbol.asyncIterator]: () => {
    let it: AsyncIterator<Uint8Array> | null = null;
    let ended = false;
    return {
      next: () => {
        if (ended) return Promise.resolve({ done: true, value: undefined });
        it ??= make()[Symbol.asyncIterator]();
        return it.next();
      },
      return: async () => {
        ended = true;
        await it?.return?.().catch(() => undefined);
        return { done: true, value: undefined };
      },
    };
  },
});
