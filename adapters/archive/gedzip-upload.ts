import { reclaiming } from './reclaim.js';
import { E, type AsyncResult } from '../../core/kernel/either.js';
import { invalidInput, type DomainError } from '../../core/kernel/errors.js';
import { GedzipDamagedError } from '../../core/gedcom/gedzip.js';
import type { GedcomFile } from '../../core/gedcom/import-scan.js';
import { looksLikeZip, openGedzip } from './gedzip-reader.js';
import { defaultZipLimits } from './zip-reader.js';

/** A .gdz that breaks a zip limit, or whose bytes are damaged: 422 `invalid_archive`, as a refused backup is. */
export const invalidGedzip = (reason: string): DomainError => invalidInput('invalid_archive', `This GEDZIP file cannot be imported: ${reason}.`, [{ path: 'file', message: 'not a usable GEDZIP' }]);

/** What the GEDCOM routes need of a spooled upload. */
export type SpooledUpload = { readonly head: Uint8Array; readonly path: string; readonly open: () => AsyncIterable<Uint8Array> };

/**
 * Runs `use` on the upload as a GedcomFile: a plain file as it is; a .gdz (told by its first bytes,
 * not by its name) opened with the account import's zip limits (MAX_UPLOAD_BYTES x 4 unpacked, 50,000
 * entries, ratio 100, safe names), its gedcom.ged as the file and its other entries as the media.
 * The zip stays open while `use` runs and is closed after.
 */
export const withGedcomUpload = async <A>(upload: SpooledUpload, maxUploadBytes: number, use: (file: GedcomFile) => AsyncResult<A>): AsyncResult<A> => {
  // Each pass reads the whole file: a collection every 8 MB keeps the import's garbage from piling up (reclaim.ts).
  if (!looksLikeZip(upload.head)) return use({ open: () => reclaiming(upload.open()) });
  const opened = await openGedzip(upload.path, defaultZipLimits(maxUploadBytes));
  if ('kind' in opened) return E.left(invalidGedzip(opened.reason));
  try {
    return await use({ open: () => reclaiming(opened.gedcom()), media: opened.files });
  } catch (err) {
    if (err instanceof GedzipDamagedError) return E.left(invalidGedzip(err.message));
    throw err;
  } finally {
    opened.close();
  }
};
