import { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { getManyValues, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import type { ArchiveHeader, ArchiveItem } from '../../core/accounts/archive.js';
import type { ArchiveFault, ArchiveFile, ArchiveSource } from '../../core/accounts/ports.js';
import { isUuid } from '../../core/kernel/ids.js';
import { accountJsonReader } from './json-reader.js';
import { ArchiveFaultError, valueBudget } from './json-values.js';
import { reclaimer } from './reclaim.js';

export type ZipLimits = {
  /** Entries in the central directory (account.json and one per media file). */
  readonly maxEntries: number;
  /** Sum of the entries' unpacked sizes (MAX_UPLOAD_BYTES x 4). */
  readonly maxUnpackedBytes: number;
  /** Largest unpacked/packed ratio of an entry larger than 1 MiB unpacked (a zip bomb's is about 1000). */
  readonly maxRatio: number;
};

export const defaultZipLimits = (maxUploadBytes: number): ZipLimits => ({ maxEntries: 50_000, maxUnpackedBytes: maxUploadBytes * 4, maxRatio: 100 });

const RATIO_FLOOR = 1024 * 1024;
const MEDIA_PREFIX = 'media/';

export type OpenedArchive = { readonly source: ArchiveSource; readonly close: () => void };

export const openZip = (path: string): Promise<ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ));

const tokensOf = (out: unknown): Token[] => (out === none ? [] : (getManyValues(out as never) as Token[]));

export const shown = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}...` : name);

/** Why the directory cannot be read, in words: an unsafe entry name, or no readable zip. */
export const directoryFault = (err: Error): string => {
  const m = err.message;
  if (m.startsWith('absolute path') || m.startsWith('invalid relative path') || m.startsWith('invalid characters in fileName'))
    return `it holds an entry with an unsafe name (${m.slice(0, 120)})`;
  return `it is not a readable zip (${m.slice(0, 120)})`;
};

/** Why `entry` breaks a limit, `unpacked` being the entries' unpacked size so far with it; else null. */
export const entryFault = (entry: Entry, unpacked: number, limits: ZipLimits): string | null => {
  const name = entry.fileName;
  if (entry.isEncrypted()) return `the entry ${shown(name)} is encrypted`;
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return `the entry ${shown(name)} uses an unsupported compression method`;
  if (unpacked > limits.maxUnpackedBytes) return `it unpacks to more than ${limits.maxUnpackedBytes} bytes`;
  if (entry.uncompressedSize > RATIO_FLOOR && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize))
    return `the entry ${shown(name)} is compressed more than ${limits.maxRatio} to 1, as zip bombs are`;
  return null;
};

/**
 * The byte ranges the entries' local headers and data take in the file: two entries that share
 * bytes (a directory pointing several entries at one deflate stream, as overlapping zip bombs do)
 * would unpack one upload's bytes many times over. `add` each entry, then `fault` once at the end.
 */
export const overlapCheck = () => {
  const starts: number[] = [];
  const ends: number[] = [];
  return {
    add: (entry: Entry): void => {
      starts.push(entry.relativeOffsetOfLocalHeader);
      // 30 bytes of fixed local header, then at least the name, then the data.
      ends.push(entry.relativeOffsetOfLocalHeader + 30 + Buffer.byteLength(entry.fileName) + entry.compressedSize);
    },
    fault: (): string | null => {
      const order = starts.map((_, i) => i).sort((a, b) => starts[a]! - starts[b]!);
      for (let k = 1; k < order.length; k++)
        if (starts[order[k]!]! < ends[order[k - 1]!]!) return 'two of its entries share their bytes, as overlapping zip bombs are built';
      return null;
    },
  };
};

/** Reads the central directory, refusing what breaks a limit before one byte is unpacked. */
const readDirectory = (zip: ZipFile, limits: ZipLimits): Promise<{ readonly json: Entry; readonly media: Map<string, Entry> }> =>
  new Promise((resolve, reject) => {
    const media = new Map<string, Entry>();
    let json: Entry | null = null;
    let unpacked = 0;
    const overlaps = overlapCheck();
    const refuse = (reason: string): void => {
      zip.close();
      reject(new ArchiveFaultError(reason));
    };
    zip.on('error', (err: Error) => refuse(directoryFault(err)));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      unpacked += entry.uncompressedSize;
      const fault = entryFault(entry, unpacked, limits);
      if (fault !== null) return refuse(fault);
      overlaps.add(entry);
      if (name === 'account.json') {
        if (json !== null) return refuse('it holds account.json twice');
        json = entry;
      } else if (name.startsWith(MEDIA_PREFIX) && isUuid(name.slice(MEDIA_PREFIX.length))) {
        const id = name.slice(MEDIA_PREFIX.length).toLowerCase();
        if (media.has(id)) return refuse(`it holds ${shown(name)} twice`);
        media.set(id, entry);
      } else if (!name.endsWith('/')) {
        return refuse(`it holds ${shown(name)}, which is not part of an account export`);
      }
      zip.readEntry();
    });
    zip.on('end', () => {
      const shared = overlaps.fault();
      if (shared !== null) return refuse(shared);
      return json === null ? refuse('it holds no account.json, so it is not an account export') : resolve({ json, media });
    });
    zip.readEntry();
  });

export const entryStream = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream as Readable))));

/** Opens a zip whose entry count is within the limits (`what` names it in the reason: "a backup"), or answers why not. */
export const openLimited = async (path: string, limits: ZipLimits, what: string): Promise<ZipFile | ArchiveFault> => {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    return { kind: 'fault', reason: `it is not a zip file, or it is cut short (${String((err as Error).message).slice(0, 120)})` };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { kind: 'fault', reason: `it holds ${zip.entryCount} entries; ${what} may hold at most ${limits.maxEntries}` };
  }
  return zip;
};

/**
 * Opens an uploaded backup: the limits of API.md "Accounts" (entry count, unpacked size, entry
 * names, compression ratio) are checked on the central directory first, then account.json is read
 * as far as its header. Answers the source, or the reason it is refused (nothing has been written).
 */
export const openAccountArchive = async (path: string, limits: ZipLimits): Promise<OpenedArchive | ArchiveFault> => {
  const zip = await openLimited(path, limits, 'a backup');
  if ('kind' in zip) return zip;
  let dir: { readonly json: Entry; readonly media: Map<string, Entry> };
  try {
    dir = await readDirectory(zip, limits);
  } catch (err) {
    if (err instanceof ArchiveFaultError) return { kind: 'fault', reason: err.message };
    throw err;
  }

  let header: ArchiveHeader | null = null;
  const queue: ArchiveItem[] = [];
  const reader = accountJsonReader({ header: (h) => (header = h), item: (i) => queue.push(i) }, valueBudget(limits.maxUnpackedBytes / 4));
  const parse = jsonParser({ packValues: false, streamValues: true });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let chunks: AsyncIterator<Buffer> | null = null;
  let ended = false;
  const reclaim = reclaimer();

  /** Feeds the next piece of account.json through the parser; false once it is all read. */
  const pump = async (): Promise<boolean> => {
    if (ended) return false;
    chunks ??= (await entryStream(zip, dir.json))[Symbol.asyncIterator]();
    const next = await chunks.next();
    if (!next.done) reclaim(next.value.length);
    let tokens: Token[];
    try {
      if (next.done) {
        const tail = decoder.decode();
        tokens = [...(tail === '' ? [] : tokensOf(parse(tail))), ...tokensOf(parse(none as never))];
      } else {
        tokens = tokensOf(parse(decoder.decode(next.value, { stream: true })));
      }
    } catch (err) {
      if (err instanceof TypeError) throw new ArchiveFaultError('account.json is not UTF-8 text');
      throw new ArchiveFaultError(`account.json is not valid JSON (${String((err as Error).message).slice(0, 120)})`);
    }
    for (const t of tokens) reader.consume(t);
    if (next.done) {
      ended = true;
      if (!reader.finished()) throw new ArchiveFaultError('account.json ends before its last tree closes');
    }
    return !next.done;
  };
  const asFault = (err: unknown): ArchiveFault => {
    if (err instanceof ArchiveFaultError) return { kind: 'fault', reason: err.message };
    // yauzl reports a damaged or cut entry (bad deflate data, a size that does not match) this way.
    return { kind: 'fault', reason: `account.json is damaged (${String((err as Error).message).slice(0, 120)})` };
  };

  try {
    while (header === null && (await pump()));
  } catch (err) {
    zip.close();
    return asFault(err);
  }
  if (header === null) {
    zip.close();
    return { kind: 'fault', reason: 'account.json has no header' };
  }

  const source: ArchiveSource = {
    header,
    items: async function* (): AsyncIterable<ArchiveItem | ArchiveFault> {
      try {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!;
          if (!(await pump()) && queue.length === 0) return;
        }
      } catch (err) {
        yield asFault(err);
      }
    },
    mediaFile: (mediaId): ArchiveFile | null => {
      const entry = dir.media.get(mediaId.toLowerCase());
      // Opened only when the reader pulls the first chunk: a stream opened earlier could fail (a lying
      // size, damaged data) before anything listens, and an unheard 'error' ends the process.
      return entry === undefined ? null : { size: entry.uncompressedSize, open: async () => (async function* () {
        for await (const chunk of await entryStream(zip, entry)) {
          reclaim((chunk as Buffer).length);
          yield chunk as Buffer;
        }
      })() };
    },
    mediaIds: () => [...dir.media.keys()],
  };
  return { source, close: () => zip.close() };
};
