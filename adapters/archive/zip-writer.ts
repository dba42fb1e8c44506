import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import './native-crc32.js'; // yazl's CRC-32 through zlib (native-crc32.ts)
import { recordOrder, type ArchiveItem, type RecordKind } from '../../core/accounts/archive.js';
import type { AccountExport } from '../../core/accounts/queries/export-account.js';
import { arrayKeys, encodeHeader, encodeRecord, encodeTree } from './account-json.js';
import { reclaimer } from './reclaim.js';

/** Text is handed to the zip in pieces of about this size: few enough calls, little held. */
const PIECE = 64 * 1024;

/**
 * account.json as text, written as the items arrive: the header, then `"trees": [...]`, each tree's
 * own fields and members first, then one array per record kind in reading order (empty ones
 * included), so a reader meets every record after what it refers to.
 */
export async function* accountJson(exp: AccountExport): AsyncIterable<string> {
  let out = JSON.stringify(encodeHeader(exp.header)).slice(0, -1) + ',"trees":[';
  let treeOpen = false;
  let next = 0; // index in recordOrder of the next array to open
  let inArray = false;
  let first = true;
  const reclaim = reclaimer();
  const closeArraysUpTo = (end: number): string => {
    let s = inArray ? ']' : '';
    inArray = false;
    for (; next < end; next++) s += `,${JSON.stringify(arrayKeys[recordOrder[next]!])}:[]`;
    return s;
  };
  const openArray = (kind: RecordKind): string => {
    const at = recordOrder.indexOf(kind);
    if (at < next - 1 || (at === next - 1 && !inArray)) throw new Error(`account export: ${kind} records out of order`);
    if (at === next - 1) return '';
    let s = closeArraysUpTo(at);
    s += `,${JSON.stringify(arrayKeys[kind])}:[`;
    next = at + 1;
    inArray = true;
    first = true;
    return s;
  };
  for await (const items of exp.items()) {
    for (const item of items as readonly ArchiveItem[]) {
      if (item.kind === 'tree') {
        if (treeOpen) out += `${closeArraysUpTo(recordOrder.length)}},`;
        out += JSON.stringify(encodeTree(item.tree)).slice(0, -1);
        treeOpen = true;
        next = 0;
        inArray = false;
      } else {
        out += openArray(item.kind);
        out += (first ? '' : ',') + JSON.stringify(encodeRecord(item));
        first = false;
      }
      if (out.length >= PIECE) {
        reclaim(out.length);
        yield out;
        out = '';
      }
    }
  }
  if (treeOpen) out += `${closeArraysUpTo(recordOrder.length)}}`;
  yield `${out}]}`;
}

/**
 * A yazl zip piped into `out`; `fail` destroys `out`, so a failure after the first byte is a broken
 * download. Every stream handed to yazl goes through `entry`: yazl pipes it without listening for
 * its errors (a failing read would end the process), and never destroys it when `out` goes (a client
 * gone mid-download left the media file an entry was reading open until the garbage collector
 * found it). An entry made after `out` is gone is destroyed at once.
 */
export const failingZip = (): {
  readonly zip: yazl.ZipFile;
  readonly out: PassThrough;
  readonly fail: (err: unknown) => void;
  readonly entry: (stream: Readable) => Readable;
} => {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  const fail = (err: unknown): void => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  const open = new Set<Readable>();
  out.on('close', () => {
    for (const s of open) if (!s.readableEnded) s.destroy();
    open.clear();
  });
  const entry = (stream: Readable): Readable => {
    stream.on('error', fail);
    if (out.destroyed) {
      stream.destroy();
      return stream;
    }
    open.add(stream);
    stream.once('close', () => open.delete(stream));
    return stream;
  };
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  return { zip, out, fail, entry };
};

/**
 * The backup as a zip stream (API.md "Accounts"): `account.json` (deflated) and `media/<media_id>`
 * per file (stored: photos and scans do not shrink), each entry pumped only when the zip reaches
 * it, so memory holds one piece at a time whatever the account holds. A failure after the first
 * byte (the database or the store gone) destroys the stream: the client sees a broken download,
 * never a zip that looks whole.
 */
export const accountZip = (exp: AccountExport): Readable => {
  const { zip, out, fail, entry } = failingZip();
  const json = entry(Readable.from(accountJson(exp), { objectMode: false }));
  json.on('end', () => {
    void (async () => {
      for await (const f of exp.files()) {
        zip.addReadStreamLazy(`media/${f.mediaId}`, { compress: false, size: f.size }, (cb) => {
          f.open().then(
            (body) => cb(null, entry(Readable.from(body, { objectMode: false }))),
            (err: unknown) => cb(err, undefined as never),
          );
        });
      }
      zip.end();
    })().catch(fail);
  });
  zip.addReadStream(json, 'account.json', { compress: true });
  return out;
};
