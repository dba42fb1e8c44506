import type { BlobBody } from '../media/blob-store.js';

// GEDZIP (GEDCOM 7, `.gdz`): a zip whose root holds `gedcom.ged`, with the media files at the
// relative paths its FILE structures name. The zip itself is read and written in adapters/archive.

/** The GEDCOM file's name at the zip's root. */
export const GEDZIP_GEDCOM = 'gedcom.ged';

/** A file of the zip: its unpacked size (checked against the directory while it is read) and its bytes. */
export type ZipFileEntry = { readonly size: number; readonly open: () => Promise<BlobBody> };

/** The files of an opened .gdz other than gedcom.ged, by entry name (`media/photo.jpg`). */
export type MediaFiles = {
  readonly has: (name: string) => boolean;
  readonly file: (name: string) => ZipFileEntry | null;
};

/** The bytes of the zip break off or do not match its directory: the whole import is refused. */
export class GedzipDamagedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GedzipDamagedError';
  }
}

/**
 * The zip entry a FILE value names, or null when it names none: a URL or an absolute path (a
 * scheme, a leading `/`, a drive letter), or a path that climbs out with `..`. A leading `./` is
 * dropped and percent-escapes are decoded, as FILE is a URI reference.
 */
export const zipEntryName = (file: string): string | null => {
  let name = file.trim();
  const colon = name.indexOf(':');
  if (colon >= 0 && (name.indexOf('/') < 0 || colon < name.indexOf('/'))) return null;
  while (name.startsWith('./')) name = name.slice(2);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not a valid escape: taken as written (some programs write a plain path).
  }
  if (name === '' || name.startsWith('/') || name.split('/').includes('..')) return null;
  return name;
};
