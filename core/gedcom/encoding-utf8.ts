import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import type { ChunkDecoder } from './chunk-decoder.js';

/** Windows-1252 for the bytes 0x80-0xFF, the stand-in for bytes that are not UTF-8. */
const CP1252_HIGH: readonly string[] = Array.from(
  iconv.decode(Buffer.from(Array.from({ length: 128 }, (_, i) => i + 0x80)), 'windows-1252'),
);

/**
 * The length of the well-formed UTF-8 sequence starting at `i`: its length, 0 when the bytes there
 * are not UTF-8 (overlong forms, surrogates and code points above U+10FFFF included), -1 when the
 * sequence is well-formed so far but `end` cuts it off.
 */
const utf8SequenceLength = (b: Uint8Array, i: number, end: number): number => {
  const b0 = b[i]!;
  if (b0 < 0x80) return 1;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) need = 1;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    if (b0 === 0xe0) lo = 0xa0;
    else if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    if (b0 === 0xf0) lo = 0x90;
    else if (b0 === 0xf4) hi = 0x8f;
  } else return 0;
  for (let k = 1; k <= need; k++) {
    if (i + k >= end) return -1;
    const c = b[i + k]!;
    if (c < lo || c > hi) return 0;
    lo = 0x80;
    hi = 0xbf;
  }
  return need + 1;
};

/**
 * A streaming UTF-8 decoder that reads each byte which is not part of a well-formed UTF-8 sequence
 * as Windows-1252 instead of U+FFFD: files that claim UTF-8 (or claim nothing) but were written by a
 * Windows program keep their accented letters, and real UTF-8 is unaffected. A sequence split by a
 * chunk boundary is held until the next chunk. `onInvalid` is called once, for the first such byte,
 * with the index of its character in the string that `write`/`end` returns.
 */
export const createUtf8Decoder = (onInvalid?: (index: number) => void): ChunkDecoder => {
  let pending: Buffer | null = null;
  let reported = false;

  const decode = (buf: Buffer, final: boolean): string => {
    let end = buf.length;
    if (!final) {
      for (let p = end - 1; p >= 0 && p >= end - 3; p--) {
        const c = buf[p]!;
        if (c < 0x80) break;
        if (c >= 0xc0) {
          if (utf8SequenceLength(buf, p, end) === -1) end = p;
          break;
        }
      }
    }
    pending = end < buf.length ? Buffer.from(buf.subarray(end)) : null;
    if (isUtf8(buf.subarray(0, end))) return buf.toString('utf8', 0, end);
    let out = '';
    let run = 0;
    let i = 0;
    while (i < end) {
      const b = buf[i]!;
      if (b < 0x80) {
        i++;
        continue;
      }
      const len = utf8SequenceLength(buf, i, end);
      if (len > 0) {
        i += len;
        continue;
      }
      if (i > run) out += buf.toString('utf8', run, i);
      if (!reported) {
        reported = true;
        onInvalid?.(out.length);
      }
      out += CP1252_HIGH[b - 0x80]!;
      i++;
      run = i;
    }
    if (end > run) out += buf.toString('utf8', run, end);
    return out;
  };

  return {
    write: (bytes) => {
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return decode(pending === null ? view : Buffer.concat([pending, view]), false);
    },
    end: () => (pending === null ? '' : decode(pending, true)),
  };
};
