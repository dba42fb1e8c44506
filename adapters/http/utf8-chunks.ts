import { budgetReclaimer } from '../archive/reclaim.js';

/** Bytes per chunk handed to the spool (adapters/http/spool.ts): one file write each, when it writes. */
export const CHUNK_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/**
 * Encodes the writer's records as UTF-8 chunks of `size` bytes (the last one shorter). Each string
 * is encoded as it comes (chunkRecords hands on pieces of some 40,000 characters) straight into the
 * chunk being filled, split where the chunk is full: no buffer of its own per piece, no
 * concatenation, and each chunk is a buffer of its own that is never written again once handed on,
 * so the spool holds it as it is (issue 27: the piece's buffer, the concatenation and the spool's
 * copy were about 0.1 s of the service's CPU an export of 100,000 persons, and three times the
 * file's bytes outside V8's heap, which its collections account for late). Joining the strings
 * instead copied each character once more, twice the bytes when a piece holds a character outside
 * Latin-1, as most do. The export's garbage is short-lived (each chunk's rows and text die young),
 * so a full collection is asked for only past the RSS budget (reclaim.ts), and otherwise once per
 * 64 MB written: asking every 8 MB, as when the export held each chunk's rows until it was written,
 * cost the export a fifth of its CPU. The budget is checked once per MiB (reading the RSS is a
 * system call).
 */
export async function* utf8Chunks(lines: AsyncIterable<string>, size = CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  const reclaim = budgetReclaimer(64 * 1024 * 1024);
  let chunk = Buffer.allocUnsafeSlow(size);
  let used = 0;
  let unchecked = 0;
  for await (const piece of lines) {
    let text = piece;
    for (;;) {
      // At most three bytes per UTF-16 code unit: a piece that surely fits is written in one call.
      if (text.length * 3 <= size - used) {
        used += chunk.write(text, used, 'utf8');
        break;
      }
      // Otherwise as much as fits (never half a character), and the rest into the next chunk.
      const { read, written } = encoder.encodeInto(text, chunk.subarray(used));
      used += written;
      if (read === text.length) break;
      text = text.slice(read);
      yield chunk.subarray(0, used);
      unchecked += used;
      if (unchecked >= 1024 * 1024) {
        reclaim(unchecked);
        unchecked = 0;
      }
      chunk = Buffer.allocUnsafeSlow(size);
      used = 0;
    }
  }
  if (used > 0) yield chunk.subarray(0, used);
}
