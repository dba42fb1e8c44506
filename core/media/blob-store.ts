/** A byte range of an object, both ends inclusive (HTTP `Range: bytes=start-end`). */
export type ByteRange = { readonly start: number; readonly end: number };

/** An object's bytes as they stream out of the store. */
export type BlobBody = AsyncIterable<Uint8Array>;

/**
 * Where media bytes live: a directory under DATA_DIR, or an S3 bucket (MinIO). Keys are non-empty
 * segments of `[A-Za-z0-9_.-]` separated by `/`, none of them `.`, none containing `..`, at most
 * 1024 characters (so that on disk two keys never fold into one file); any other key is refused.
 *
 * Failures: when the store cannot be reached (a refused connection, a timeout, a missing disk) every
 * operation throws `BlobStoreUnavailableError`; other unexpected errors are thrown as they are.
 */
export type BlobStore = {
  /**
   * Streams `body` into the object `key`, never holding it whole in memory, and answers the number of
   * bytes stored. `size` is the exact byte count when the caller knows it (the S3 adapter needs it to
   * avoid a multipart upload); a body of another length fails the put. The write is atomic: until
   * `put` resolves no reader sees the new object, and when it fails (the body throws, the size is
   * wrong, the store fails) the key keeps what it held before: nothing, or the old object whole.
   * An existing object under `key` is replaced.
   * Zero-byte objects are allowed.
   */
  readonly put: (key: string, body: BlobBody, size: number) => Promise<{ readonly size: number }>;
  /** The object's size in bytes, or null when there is no object under `key`. */
  readonly stat: (key: string) => Promise<{ readonly size: number } | null>;
  /**
   * Streams the object's bytes, or the inclusive `range` of them, or answers null when there is no
   * object under `key`. A range must lie within the object (the caller checks it against `stat`).
   */
  readonly get: (key: string, range?: ByteRange) => Promise<BlobBody | null>;
  /** Removes the object; a missing key is not an error. */
  readonly remove: (key: string) => Promise<void>;
  /** Resolves when the store answers (the bucket or directory exists and is reachable); throws otherwise. */
  readonly ping: () => Promise<void>;
};

/** The object store cannot be reached: media routes answer 503, everything else carries on. */
export class BlobStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BlobStoreUnavailableError';
  }
}

// Empty and `.` segments are refused too: a filesystem would fold `a//b` and `a/./b` into `a/b`.
const KEY = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/** Throws unless `key` is a key the port allows (see BlobStore); answers its segments. */
export const checkBlobKey = (key: string): string[] => {
  const segments = key.split('/');
  if (!KEY.test(key) || key.includes('..') || segments.includes('.') || key.length > 1024) {
    throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  }
  return segments;
};

/** Throws unless `range` is a well-formed inclusive byte range. */
export const checkByteRange = (range: ByteRange): void => {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start) {
    throw new RangeError(`invalid byte range ${range.start}-${range.end}`);
  }
};
