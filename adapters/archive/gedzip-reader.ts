import type { Entry, ZipFile } from 'yauzl';
import type { ArchiveFault } from '../../core/accounts/ports.js';
import { GEDZIP_GEDCOM, GedzipDamagedError, type MediaFiles } from '../../core/gedcom/gedzip.js';
import { directoryFault, entryFault, entryStream, openLimited, overlapCheck, shown, type ZipLimits } from './zip-reader.js';

/** An uploaded .gdz, its directory checked: gedcom.ged as bytes, the other files by name. */
export type OpenedGedzip = {
  readonly gedcom: () => AsyncIterable<Uint8Array>;
  readonly files: MediaFiles;
  readonly close: () => void;
};

/** The first bytes of a zip (a local file header, or the end record of an empty zip). */
export const looksLikeZip = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));

/** The entries by name, directories left out, refusing what breaks a limit before a byte is unpacked. */
const readDirectory = (zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> =>
  new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    const overlaps = overlapCheck();
    const refuse = (reason: string): void => {
      zip.close();
      reject(new GedzipDamagedError(reason));
    };
    zip.on('error', (err: Error) => refuse(directoryFault(err)));
    zip.on('entry', (entry: Entry) => {
      unpacked += entry.uncompressedSize;
      const fault = entryFault(entry, unpacked, limits);
      if (fault !== null) return refuse(fault);
      overlaps.add(entry);
      const name = entry.fileName;
      if (!name.endsWith('/')) {
        if (entries.has(name)) return refuse(`it holds ${shown(name)} twice`);
        entries.set(name, entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => {
      const shared = overlaps.fault();
      if (shared !== null) return refuse(shared);
      return entries.has(GEDZIP_GEDCOM) ? resolve(entries) : refuse(`it holds no ${GEDZIP_GEDCOM} at its root, so it is not a GEDZIP file`);
    });
    zip.readEntry();
  });

/**
 * Opens an uploaded GEDZIP with the account import's zip limits (entry count, unpacked size, entry
 * names, compression ratio; adapters/archive/zip-reader.ts), checked on the central directory first.
 * Answers the reason it is refused when it breaks one. Bytes that break off or do not match the
 * directory while read throw GedzipDamagedError.
 */
export const openGedzip = async (path: string, limits: ZipLimits): Promise<OpenedGedzip | ArchiveFault> => {
  const zip = await openLimited(path, limits, 'a GEDZIP');
  if ('kind' in zip) return zip;
  let entries: Map<string, Entry>;
  try {
    entries = await readDirectory(zip, limits);
  } catch (err) {
    if (err instanceof GedzipDamagedError) return { kind: 'fault', reason: err.message };
    throw err;
  }
  // Opened only when the reader pulls the first chunk: a stream opened earlier could fail before
  // anything listens, and an unheard 'error' ends the process.
  const bytes = (entry: Entry) => async function* (): AsyncIterable<Uint8Array> {
    try {
      for await (const chunk of await entryStream(zip, entry)) yield chunk as Buffer;
    } catch (err) {
      throw new GedzipDamagedError(`the entry ${shown(entry.fileName)} is damaged (${String((err as Error).message).slice(0, 120)})`);
    }
  };
  const gedcom = entries.get(GEDZIP_GEDCOM)!;
  return {
    gedcom: bytes(gedcom),
    files: {
      has: (name) => name !== GEDZIP_GEDCOM && entries.has(name),
      file: (name) => {
        const entry = name === GEDZIP_GEDCOM ? undefined : entries.get(name);
        return entry === undefined ? null : { size: entry.uncompressedSize, open: async () => bytes(entry)() };
      },
    },
    close: () => zip.close(),
  };
};
