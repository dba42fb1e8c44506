import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import type { Rng } from './prng.js';
import { randomText } from './hostile.js';

// Account backups for POST /users/me/import: a small valid one, then the same made hostile. Built
// synchronously by hand (the plan is synchronous): local headers, central directory, end record.

/** `packed`: the data already deflated (raw), so a caller that measured the ratio does not deflate twice. */
export type Entry = { readonly name: string; readonly data: Buffer; readonly deflate?: boolean; readonly packed?: Buffer };

/** A zip of `entries`; names are written as given, `..` and absolute ones included. */
export const zipSync = (entries: readonly Entry[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.packed ?? (e.deflate ? deflateRawSync(e.data) : e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.deflate || e.packed ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.deflate || e.packed ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const uuid = (rng: Rng): string => {
  const h = Array.from({ length: 32 }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};

export const account = (rng: Rng, tweak: (doc: any) => void = () => undefined): { json: string; mediaId: string; bytes: Buffer } => {
  const tree = uuid(rng);
  const person = uuid(rng);
  const place = uuid(rng);
  const source = uuid(rng);
  const mediaId = uuid(rng);
  const bytes = Buffer.from('89504e470d0a1a0a', 'hex');
  const at = '2026-01-01T00:00:00.000Z';
  const stamps = { created_at: at, updated_at: at };
  const doc = {
    format: 'genealogy-account', version: 1, exported_at: at, user_id: uuid(rng), email: 'fuzz@example.org', self_person_id: null,
    trees: [{
      id: tree, name: rng.pick(['Fuzz', 'Ünïcode', 'x'.repeat(200)]), description: '', visibility: 'private', home_person_id: person,
      ai_member_provider: null, ai_recommender_provider: null, ...stamps, members: [],
      persons: [{ id: person, tree_id: tree, sex: null, is_living: null, privacy: 'default', notes: '', ...stamps }],
      names: [{ id: uuid(rng), tree_id: tree, person_id: person, name_type: 'birth', given_name: 'Ada', surname: 'Berg', is_primary: true, created_at: at }],
      places: [{ id: place, tree_id: tree, name: 'Oslo' }],
      relationships: [],
      events: [{ id: uuid(rng), tree_id: tree, type: 'birth', custom_type: null, person_id: person, partnership_id: null, date: { qualifier: 'about', year: 1900 }, place_id: place, notes: '', detail: '', ...stamps }],
      sources: [{ id: source, tree_id: tree, title: 'Register', author: '', publication: '', notes: '', ...stamps }],
      citations: [{ id: uuid(rng), tree_id: tree, source_id: source, target_kind: 'person', target_id: person, page: '1', detail: '', confidence: null, ...stamps }],
      media: [{
        id: mediaId, tree_id: tree, title: 'scan', file_name: 'a.png', content_type: 'image/png', size: bytes.length,
        checksum: createHash('sha256').update(bytes).digest('hex'), target_kind: 'person', target_id: person, created_by: null, ...stamps,
      }],
      proposals: [],
    }],
  };
  tweak(doc);
  return { json: JSON.stringify(doc), mediaId, bytes };
};

/** An import upload and the name of what makes it hostile ('valid' for none). */
export const archiveFile = (rng: Rng): { readonly kind: string; readonly bytes: Buffer } => {
  const ok = (kind: string, tweak?: (doc: any) => void, extra: Entry[] = []) => {
    const a = account(rng, tweak);
    return { kind, bytes: zipSync([{ name: 'account.json', data: Buffer.from(a.json), deflate: true }, { name: `media/${a.mediaId}`, data: a.bytes }, ...extra]) };
  };
  const makers: (() => { kind: string; bytes: Buffer })[] = [
    () => ok('valid'),
    () => ok('dangling', (d) => (d.trees[0].names[0].person_id = uuid(rng))),
    () => ok('foreign-tree', (d) => (d.trees[0].events[0].tree_id = uuid(rng))),
    () => ok('newer-version', (d) => (d.version = rng.pick([2, 1e300, -1, 1.5]))),
    () => ok('hostile-text', (d) => (d.trees[0].persons[0].notes = randomText(rng, rng.int(1, 3000)))),
    () => ok('wrong-types', (d) => (d.trees[0].persons[0].sex = rng.pick([1, {}, [], 'x', true]))),
    () => ok('dup-ids', (d) => d.trees[0].persons.push(d.trees[0].persons[0])),
    () => ok('unsafe-name', undefined, [{ name: rng.pick(['../evil', '/abs', 'C:/x', 'a\\b', 'media/../../x']), data: Buffer.from('x') }]),
    () => ok('stray-entry', undefined, [{ name: rng.pick(['notes.txt', `media/${uuid(rng)}`, 'account.json']), data: Buffer.from('x') }]),
    () => ok('bomb', undefined, [{ name: `media/${uuid(rng)}`, data: Buffer.alloc(2 * 1024 * 1024), deflate: true }]),
    () => {
      const v = ok('truncated');
      return { kind: 'truncated', bytes: v.bytes.subarray(0, rng.int(0, v.bytes.length - 1)) };
    },
    () => {
      const v = ok('bit-flip');
      const b = Buffer.from(v.bytes);
      for (let n = rng.int(1, 8); n > 0; n--) {
        const i = rng.int(0, b.length - 1);
        b[i] = b[i]! ^ (1 << rng.int(0, 7));
      }
      return { kind: 'bit-flip', bytes: b };
    },
    () => ({ kind: 'json-cut', bytes: zipSync([{ name: 'account.json', data: Buffer.from(account(rng).json.slice(0, rng.int(0, 400))), deflate: rng.chance(0.5) }]) }),
    () => ({ kind: 'not-zip', bytes: Buffer.from(randomText(rng, rng.int(0, 2000))) }),
    () => {
      const b = valueBomb(rng, rng.pick(VALUE_BOMBS));
      return { kind: `values:${b.kind}`, bytes: b.bytes };
    },
  ];
  return rng.pick(makers)();
};

// Value-count bombs (issue 23): account.json whose values cost the reader memory but the upload
// hardly any bytes: `[]`, `{}`, `null`, `0` and keys by the hundred thousand, in the header, in a
// field no codec reads, inside a record. The reader counts values and keys (VALUE_LIMITS.values a
// record or header field, MAX_UPLOAD_BYTES / 4 an archive) and refuses with 422 invalid_archive.

/** VALUE_LIMITS.values (adapters/archive/json-values.ts). */
export const VALUES_PER_RECORD = 200_000;
/** The fuzz service's MAX_UPLOAD_BYTES / 4 (service.ts): the values one archive may hold. */
export const VALUES_PER_ARCHIVE = (1024 * 1024) / 4;

export const VALUE_BOMBS = ['header', 'header-field', 'tree', 'record', 'record-keys', 'spread', 'under-cap', 'deep'] as const;
export type ValueBomb = (typeof VALUE_BOMBS)[number];

const WHITESPACE = [' ', '\n', '\t', '\r'];
const UNITS = ['[]', '{}', 'null', '0'];

/** `count` values of one unit (or of all, mixed), comma-separated, a whitespace character after about one in `every`. */
const valuesText = (rng: Rng, count: number, unit: string, every: number): string => {
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const v = unit === 'mixed' ? (UNITS[rng.int(0, 3)] as string) : unit;
    parts[i] = rng.int(1, every) === 1 ? `${v}${WHITESPACE[rng.int(0, 3)]}` : v;
  }
  return parts.join(',');
};

/** An object of `count` keys (distinct, or all the same), each with an empty value: two values each. */
const keysText = (rng: Rng, count: number, every: number): string => {
  const same = rng.chance(0.3);
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = `${same ? '""' : `"k${i.toString(36)}"`}:${rng.int(1, every) === 1 ? WHITESPACE[rng.int(0, 3)] : ''}${UNITS[rng.int(0, 3)]}`;
  return `{${parts.join(',')}}`;
};

/** More values than one record may hold: just past the bound, or far past it (megabytes unpacked). */
const overRecordCount = (rng: Rng): number => rng.pick([VALUES_PER_RECORD + 1 + rng.int(0, 100), rng.int(210_000, 300_000), rng.int(400_000, 1_500_000)]);

/** What an upload's file may weigh here: the fuzz service's MAX_UPLOAD_BYTES, less room for the multipart framing. */
const UPLOAD_ROOM = 1024 * 1024 - 4096;

/**
 * A backup holding a value-count bomb, deflated with enough whitespace mixed in that an entry over
 * 1 MiB stays under the 100:1 ratio the zip reader refuses at the directory (so the bomb reaches the
 * JSON reader); within the fuzz service's 1 MiB upload. `over`: whether the bomb passes a bound.
 */
export const valueBomb = (rng: Rng, kind: ValueBomb): { readonly kind: string; readonly bytes: Buffer; readonly over: boolean } => {
  const a = account(rng);
  const unit = rng.pick([...UNITS, 'mixed']);
  let every = rng.pick([4, 8, 16, 32]);
  // Past a bound, counts shrink (never below it) until the upload fits in MAX_UPLOAD_BYTES.
  let scale = 1;
  const overRecord = (r: Rng): number => Math.max(VALUES_PER_RECORD + 1, Math.floor(overRecordCount(r) * scale));
  const build = (): { text: string; what: string; over: boolean } => {
    const field = (n: number) => `[${valuesText(rng, n, unit, every)}]`;
    switch (kind) {
      case 'header': {
        const n = overRecord(rng);
        return { text: a.json.replace('{', `{"junk":${field(n)},`), what: `${n} ${unit}`, over: true };
      }
      case 'header-field': {
        const n = overRecord(rng);
        return { text: a.json.replace('"email":"fuzz@example.org"', `"email":${field(n)}`), what: `${n} ${unit}`, over: true };
      }
      case 'tree': {
        const n = overRecord(rng);
        return { text: a.json.replace('"trees":[{', `"trees":[{"junk":${field(n)},`), what: `${n} ${unit}`, over: true };
      }
      case 'record': {
        const n = overRecord(rng);
        const table = rng.pick(['persons', 'names', 'events', 'sources', 'media']);
        return { text: a.json.replace(`"${table}":[{`, `"${table}":[{"junk":${field(n)},`), what: `${n} ${unit} in ${table}`, over: true };
      }
      case 'record-keys': {
        const n = Math.ceil(overRecord(rng) / 2);
        return { text: a.json.replace('"persons":[{', `"persons":[{"junk":${keysText(rng, n, every)},`), what: `${n} keys`, over: true };
      }
      case 'spread': {
        // Each field under the record bound, the archive past its own.
        const n = rng.int(Math.ceil(VALUES_PER_ARCHIVE / 3) + 1000, VALUES_PER_RECORD - 1000);
        const text = a.json.replace('{', `{"junk":${field(n)},`).replace('"trees":[{', `"trees":[{"junk":${field(n)},`).replace('"persons":[{', `"persons":[{"junk":${field(n)},`);
        return { text, what: `3 x ${n} ${unit}`, over: true };
      }
      case 'under-cap': {
        // Under both bounds: read through (an unknown field is never built), so the backup may restore.
        const n = rng.int(1000, Math.min(VALUES_PER_RECORD, VALUES_PER_ARCHIVE) - 1000);
        return { text: a.json.replace('"persons":[{', `"persons":[{"junk":${field(n)},`), what: `${n} ${unit}`, over: false };
      }
      case 'deep': {
        const depth = rng.pick([65, 200, 5000, 100_000]);
        return { text: a.json.replace('{', `{"junk":${'['.repeat(depth)}${']'.repeat(depth)},`), what: `depth ${depth}`, over: true };
      }
    }
  };
  for (;;) {
    const b = build();
    const data = Buffer.from(b.text);
    const packed = deflateRawSync(data);
    if (data.length > 1024 * 1024 && data.length >= 90 * packed.length && every > 1) {
      every = Math.max(1, Math.floor(every / 2));
      continue;
    }
    const bytes = zipSync([{ name: 'account.json', data, packed }, { name: `media/${a.mediaId}`, data: a.bytes }]);
    if (bytes.length > UPLOAD_ROOM && scale > 0.05) {
      scale /= 2;
      continue;
    }
    return { kind: `${kind}(${b.what}, ${(data.length / 1e6).toFixed(1)} MB in ${(bytes.length / 1e3).toFixed(0)} kB)`, bytes, over: b.over };
  }
};
