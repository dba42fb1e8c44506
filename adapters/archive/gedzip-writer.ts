import { Readable } from 'node:stream';
import { failingZip } from './zip-writer.js';
import type { BlobStore } from '../../core/media/blob-store.js';
import { GEDZIP_GEDCOM } from '../../core/gedcom/gedzip.js';
import type { GedzipItem } from '../../core/gedcom/writer-media.js';

/**
 * The deflate level of `gedcom.ged`: 1, not zlib's default 6. The 100,000-person reads bench tree's
 * GEDCOM 7 file (23.2 MB) deflated in 145 ms to 5.13 MB at 1, in 220 ms to 4.47 MB at 4, in 485 ms
 * to 4.24 MB at 6; the GEDCOM bench's imported tree (36.5 MB) to 8.5 MB at 1, 7.3 at 4, 6.7 at 6. An
 * export is CPU-bound on 2 cores (the service's thread, PostgreSQL and zlib's share them), so bytes
 * are cheaper than the CPU: at 1 the bench's GEDZIP export of 100,000 persons ran at 44,633
 * persons/s against 40,477-41,712 at 4 (issue 27, fifty-third session; zlib's levels 1 to 3 use no
 * lazy matching). What a GEDZIP mostly carries, its media, is stored, not deflated.
 */
export const GEDCOM_DEFLATE_LEVEL = 1;

/**
 * A GEDZIP as a zip stream: `gedcom.ged` (deflated) first, then each media item's bytes (stored:
 * photos and scans do not shrink) at the path its OBJE FILE names, each read from the BlobStore only
 * when the zip reaches it, so memory holds one piece at a time. A failure after the first byte (the
 * database or the store gone, an object missing) destroys the stream: the client sees a broken
 * download, never a zip that looks whole.
 */
export const gedzipStream = (gedcom: AsyncIterable<Uint8Array>, items: readonly GedzipItem[], blobs: BlobStore): Readable => {
  const { zip, out, entry } = failingZip();
  zip.addReadStream(entry(Readable.from(gedcom, { objectMode: false })), GEDZIP_GEDCOM, { compressionLevel: GEDCOM_DEFLATE_LEVEL });
  // A record without bytes (its file never uploaded) has its OBJE in the GEDCOM file and no file in the zip.
  for (const item of items) {
    const key = item.media.storageKey;
    if (key === null) continue;
    zip.addReadStreamLazy(item.path, { compress: false, size: item.media.size }, (cb) => {
      blobs.get(key).then(
        (body) => {
          if (body === null) return cb(new Error(`the file of media ${item.media.id} is missing from the store`), undefined as never);
          cb(null, entry(Readable.from(body, { objectMode: false })));
        },
        (err: unknown) => cb(err as Error, undefined as never),
      );
    });
  }
  zip.end();
  return out;
};
