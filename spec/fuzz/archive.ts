import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import type { Rng } from './prng.js';
import { randomText } from './hostile.js';

// Account backups for POST /users/me/import: a small valid one, then the same made hostile. Built
// synchronously by hand (the plan is synchronous): local headers, central directory, end record.

type Entry = { readonly name: string; readonly data: Buffer; readonly deflate?: boolean };

/** A zip of `entries`; names are written as given, `..` and absolute ones included. */
export const zipSync = (entries: readonly Entry[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
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
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
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

const account = (rng: Rng, tweak: (doc: any) => void = () => undefined): { json: string; mediaId: string; bytes: Buffer } => {
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
  ];
  return rng.pick(makers)();
};
