import type { BlobBody } from '../../core/media/blob-store.js';

/**
 * Yields `body` unchanged and fails when it is longer or shorter than `size`, before the surplus
 * byte is written. `failed.byBody` tells the caller the body itself threw, so that its error (a
 * client that went away) is passed on as it is rather than blamed on the store.
 */
export async function* exactly(body: BlobBody, size: number, failed: { byBody: boolean }): AsyncGenerator<Uint8Array> {
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
