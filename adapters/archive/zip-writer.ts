import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
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

/** A yazl zip piped into `out`; `fail` destroys `out`, so a failure after the first byte is a broken download. */
export const failingZip = (): { readonly zip: yazl.ZipFile; readonly out: PassThrough; readonly fail: (err: unknown) => void } => {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  const fail = (err: unknown): void => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  return { zip, out, fail };
};

/**
 * The backup as a zip stream (API.md "Accounts"): `account.json` (deflated) and `media/<media_id>`
 * per file (stored: photos and scans do not shrink), each entry pumped only when the zip reaches
 * it, so memory holds one piece at a time whatever the account holds. A failure after the first
 * byte (the database or the store gone) destroys the stream: the client sees a broken download,
 * never a zip that looks whole.
 */
export const accountZip = (exp: AccountExport): Readable => {
  const { zip, out, fail } = failingZip();
  // yazl pipes the entries' streams without listening for their errors: every stream handed to it
  // gets a listener here, or a failing read (the database or the store gone) would end the process.
  const json = Readable.from(accountJson(exp), { objectMode: false });
  json.on('error', fail);
  out.on('close', () => {
    if (!json.readableEnded) json.destroy();
  });
  json.on('end', () => {
    void (async () => {
      for await (const f of exp.files()) {
        zip.addReadStreamLazy(`media/${f.mediaId}`, { compress: false, size: f.size }, (cb) => {
          f.open().then(
            (body) => {
              const file = Readable.from(body, { objectMode: false });
              file.on('error', fail);
              cb(null, file);
            },
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
