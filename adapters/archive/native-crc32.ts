import { createRequire } from 'node:module';
import zlib from 'node:zlib';

// yazl (zip-writer.ts) computes every entry's CRC-32 with buffer-crc32's `unsigned`: a JavaScript loop
// over each byte, on the service's thread. For a GEDZIP's gedcom.ged that is 75 ms for 37 MB (the
// GEDCOM bench's 100,000 persons) and about 0.75 s at 1,000,000 persons, against 6 ms for 37 MB with
// zlib's CRC-32 (native, in Node since 20.15 and 22.2: package.json's engines ask for both). yazl
// takes no CRC function of its own, so the function on buffer-crc32's module object, which yazl looks up
// at each call, is replaced by one that gives the same answers through zlib (the spec compares the two
// on every way they are called). minio, the other user of the module, calls its default function
// (a CRC as a Buffer, for S3 Select's event stream), which stays buffer-crc32's own.

type Unsigned = (buf: unknown, previous?: unknown) => number;

const require = createRequire(import.meta.url);
const bufferCrc32 = require('buffer-crc32') as { unsigned: Unsigned };

/** buffer-crc32's own `unsigned`, as it was before this module replaced it. */
export const jsCrc32: Unsigned = bufferCrc32.unsigned;

/** What buffer-crc32 reads its input as: a buffer, a string's UTF-8, a number of zero bytes. */
const bytesOf = (input: unknown): Buffer => {
  if (Buffer.isBuffer(input)) return input;
  if (typeof input === 'number') return Buffer.alloc(input);
  if (typeof input === 'string') return Buffer.from(input);
  throw new Error(`input must be buffer, number, or string, received ${typeof input}`);
};

/**
 * buffer-crc32's `unsigned(buf, previous)` through zlib: the CRC-32 of `buf`, carried on from
 * `previous` (a CRC as a number, or as 4 big-endian bytes; none starts afresh).
 */
export const nativeCrc32: Unsigned = (buf, previous) => {
  const bytes = bytesOf(buf);
  const start = Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : ~~(previous as number) >>> 0;
  // zlib.crc32 answers 0, not `start`, for an empty buffer without memory of its own (randomBytes(0):
  // Node 20.20 and 24.21): nothing carried on is the CRC carried in.
  return bytes.length === 0 ? start : zlib.crc32(bytes, start);
};

// A Node without zlib.crc32 (older than the engines allow) keeps the JavaScript one rather than fail.
if (typeof zlib.crc32 === 'function') bufferCrc32.unsigned = nativeCrc32;
