import { rawZip } from './hostile-zip.js';

// The hostile files of issue 23 (findings 1, 3 and 4), built here for the spec that checks the
// service's answers to them (spec/e2e/hostile-uploads.spec.ts) and the bench that measures its
// memory while it reads them (spec/bench/hostile-uploads.ts).

/** mulberry32: the sprinkled whitespace (it keeps deflate's ratio under 100:1) is the same each run. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) >>> 8;
};

/** `count` empty arrays, comma-separated, with a whitespace character after about one in `every`. */
export const emptyArrays = (count: number, every: number, seed: number): Buffer => {
  const next = prng(seed);
  const ws = [' ', '\n', '\t', '\r'];
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += i === 0 ? '[]' : ',[]';
    if (next() % every === 0) chunk += ws[next() % 4];
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return Buffer.from(parts.join(''));
};

/** The header fields of an account backup. */
export const BACKUP_HEADER = '"format":"genealogy-account","version":1,"exported_at":"2026-11-22T00:00:00.000Z","user_id":"01900000-0000-7000-8000-000000000000","email":"a@example.com","self_person_id":null';

/** `records` INDI records of 1,000 FAMS lines each, the k-th link of the file naming `family(k)`. */
export const linkBomb = (records: number, family: (k: number) => number): Buffer => {
  const parts: string[] = ['0 HEAD\n1 GEDC\n2 VERS 7.0\n1 CHAR UTF-8\n'];
  let k = 0;
  for (let i = 1; i <= records; i++) {
    let rec = `0 @I${i}@ INDI\n1 NAME A${i} /B/\n`;
    for (let j = 0; j < 1_000; j++) rec += `1 FAMS @F${family(k++)}@\n`;
    parts.push(rec);
  }
  parts.push('0 TRLR\n');
  return Buffer.from(parts.join(''));
};

/** An upload the service must refuse with a bounded memory: the bench's cases, the spec's too. */
export type HostileUpload = { readonly what: string; readonly route: 'account-import' | 'gedcom-import' | 'gedcom-preview'; readonly file: () => Buffer; readonly name: string };

export const hostileUploads: readonly HostileUpload[] = [
  {
    what: 'a backup whose header holds 34.5 million empty arrays (104 MB from a 1 MB upload)', route: 'account-import', name: 'backup.zip',
    file: () => rawZip([{ name: 'account.json', data: Buffer.concat([Buffer.from(`{${BACKUP_HEADER},"x":[`), emptyArrays(34_500_000, 48, 1), Buffer.from('],"trees":[]}')]) }]),
  },
  {
    what: 'an INDI record with 99,990 FAMS lines', route: 'gedcom-import', name: 'links.ged',
    file: () => {
      const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME A /B/'];
      for (let f = 1; f <= 99_990; f++) lines.push(`1 FAMS @F${f}@`);
      lines.push('0 TRLR', '');
      return Buffer.from(lines.join('\n'));
    },
  },
  { what: '3,100 INDI records of 1,000 FAMS lines each, 3.1 million families that do not exist, in a .gdz', route: 'gedcom-import', file: () => rawZip([{ name: 'gedcom.ged', data: linkBomb(3_100, (k) => k) }]), name: 'links.gdz' },
  { what: '2,100 INDI records of 1,000 FAMS lines each to 1,000 families (2.1 million links)', route: 'gedcom-preview', file: () => linkBomb(2_100, (k) => k % 1_000), name: 'links.ged' },
  { what: 'the two together: 799,000 families that do not exist, then links to them up to 2.1 million', route: 'gedcom-import', file: () => linkBomb(2_100, (k) => k % 799_000), name: 'links.ged' },
];
