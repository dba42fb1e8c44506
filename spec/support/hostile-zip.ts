import { crc32, deflateRawSync } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { TestService } from './service.js';
import { jsonCall } from './account-archive.js';

// Zips written byte by byte, for the hostile-archive specs: any entry name (yazl refuses `..`,
// absolute and backslash names), sizes in the directory that lie, and more entries than a 16-bit
// count holds (ZIP64 end records). Tests only: everything is built in memory.

export type RawEntry = {
  readonly name: string;
  readonly data: Buffer;
  /** Deflate the data (default) or store it as it is. */
  readonly deflate?: boolean;
  /** The unpacked size the headers claim, when it should differ from the data's. */
  readonly declaredSize?: number;
  /**
   * An overlapping entry: the directory points this name at the local header and data of the
   * earlier entry with this index (nothing of its own is written), as overlapping zip bombs do.
   */
  readonly sameDataAs?: number;
};

const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

const UTF8_NAMES = 0x0800;
const DOS_TIME = 0;
const DOS_DATE = (2026 - 1980) << 9 | 11 << 5 | 22;

/** A zip of `entries`, in order, exactly as given. */
export const rawZip = (entries: readonly RawEntry[]): Buffer => {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const written: { readonly offset: number; readonly common: Buffer[] }[] = [];
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    if (e.sameDataAs !== undefined) {
      const earlier = written[e.sameDataAs]!;
      const common = [...earlier.common.slice(0, -2), u16(name.length), u16(0)];
      central.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(earlier.offset), name]));
      written.push(earlier);
      continue;
    }
    const deflate = e.deflate ?? true;
    const packed = deflate ? deflateRawSync(e.data) : e.data;
    const size = e.declaredSize ?? e.data.length;
    const common = [u16(20), u16(UTF8_NAMES), u16(deflate ? 8 : 0), u16(DOS_TIME), u16(DOS_DATE), u32(crc32(e.data)), u32(packed.length), u32(size), u16(name.length), u16(0)];
    const local = Buffer.concat([u32(0x04034b50), ...common, name]);
    central.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    parts.push(local, packed);
    written.push({ offset, common });
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const count = entries.length;
  const tail: Buffer[] = [];
  if (count > 0xfffe) {
    const zip64At = offset + directory.length;
    tail.push(u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(count), u64(count), u64(directory.length), u64(offset));
    tail.push(u32(0x07064b50), u32(0), u64(zip64At), u32(1));
  }
  const shortCount = Math.min(count, 0xffff);
  tail.push(u32(0x06054b50), u16(0), u16(0), u16(shortCount), u16(shortCount), u32(directory.length), u32(offset), u16(0));
  return Buffer.concat([...parts, directory, ...tail]);
};

/** Every regular file under `dir` (relative paths, sorted); none when the directory does not exist. */
export const filesUnder = async (dir: string): Promise<string[]> => {
  const found = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name))).sort();
};

type Account = { readonly id: string; readonly token: string };

/**
 * Everything an import could write, as the accounts and the storage see it: each account's
 * GET /trees (live and deleted), the live trees of the whole service (every record hangs on a tree),
 * the persons and media rows of the given trees, the files of the media directory and the queue of
 * objects awaiting removal.
 */
export const writtenState = async (svc: TestService, mediaDir: string, accounts: readonly Account[], treeIds: readonly string[]) => {
  const perAccount = [];
  for (const a of accounts) {
    const call = jsonCall(svc, a.token);
    perAccount.push({ live: (await call('GET', '/trees')).body, deleted: (await call('GET', '/trees?deleted=true')).body });
  }
  const perTree = [];
  for (const t of treeIds) {
    perTree.push({ persons: (await svc.storage.persons.listByTree(t, {})).length, media: (await svc.storage.media.listByTree(t, {})).length });
  }
  return {
    accounts: perAccount, perTree, liveTrees: await svc.storage.trees.count(),
    files: await filesUnder(mediaDir), queued: await svc.storage.blobRemovals.next(100),
  };
};

export type Answer = { readonly status: number; readonly body: any };

/** A 422 `invalid_archive` whose detail names the problem (`reason`, compared ignoring case). */
export const expectRefused = (res: Answer, reason: string): void => {
  const why = JSON.stringify(res.body);
  expect(res.status, why).to.equal(422);
  expect(res.body.code, why).to.equal('invalid_archive');
  expect(String(res.body.detail).toLowerCase(), why).to.include(reason.toLowerCase());
};
