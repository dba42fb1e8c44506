import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { BlobStore } from '../../core/media/blob-store.js';
import { filesystemBlobStore } from '../../adapters/blob/filesystem-blob-store.js';
import { VALUE_LIMITS } from '../../adapters/archive/json-values.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportZip, importZip, jsonCall, unzip } from '../support/account-archive.js';
import { expectRefused, rawZip, writtenState, type RawEntry } from '../support/hostile-zip.js';

// Issue 12: a valid zip whose account.json (or media) was tampered with: dangling and foreign
// references, records of a tree not in the file, repeated ids, files without records and records
// without files, bytes that do not match, a newer version, broken JSON. Each is a 422 naming the
// problem, and nothing is left behind: no tree, row or object, even when objects were stored before
// the problem came up. A restore never reaches trees that exist already.

const GHOST = '01900000-0000-7000-8000-00000000dead';
const SPARE = '01900000-0000-7000-8000-00000000beef';
type Doc = { [k: string]: any };
type Files = Map<string, Buffer>;
/** Stands for 10,000 nested arrays, written into the text (JSON.stringify would overflow the stack first). */
const DEEP = '@@deep@@';
const flip = (b: Buffer, at: number): void => void b.writeUInt8(b.readUInt8(at) ^ 1, at);

describe('HTTP account import: tampered backups are refused and leave nothing behind', function () {
  this.timeout(60_000);
  let svc: TestService;
  let root: string;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let restorer: Awaited<ReturnType<typeof registerUser>>;
  let doc: Doc;
  let files: Files;
  const trees: string[] = [];
  const puts: string[] = [];
  const removed: string[] = [];
  let store: BlobStore;
  let state: () => ReturnType<typeof writtenState>;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'genealogy-tampered-'));
    store = filesystemBlobStore(path.join(root, 'media'));
    // The service's store, watched: which objects an attempt stored, and which it removed again.
    const blobs: BlobStore = {
      ...store,
      put: async (key, body, size) => store.put(key, body, size).then((r) => (puts.push(key), r)),
      remove: async (key) => store.remove(key).then(() => void removed.push(key)),
    };
    svc = await startTestService({ blobs });
    owner = await registerUser(svc, 'keeper@example.org');
    restorer = await registerUser(svc, 'heir@example.org');
    const call = jsonCall(svc, owner.token);
    const ok = async (method: string, p: string, body?: unknown): Promise<any> => {
      const r = await call(method, p, body);
      expect(r.status, `${method} ${p}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
      return r.body;
    };
    const a = (await ok('POST', '/trees', { name: 'Family' })).id as string;
    const b = (await ok('POST', '/trees', { name: 'Other' })).id as string;
    trees.push(a, b);
    const father = (await ok('POST', `/trees/${a}/persons`, { given_name: 'Al', surname: 'Kept', birth: { date: { qualifier: 'exact', year: 1850 }, place: 'Town' } })).id;
    const mother = (await ok('POST', `/trees/${a}/persons`, { given_name: 'Bea', surname: 'Kept' })).id;
    await ok('POST', `/trees/${b}/persons`, { given_name: 'Cy', surname: 'Other' });
    const couple = await ok('POST', `/trees/${a}/relationships`, { type: 'partnership', person_a_id: father, person_b_id: mother });
    await ok('POST', `/trees/${a}/events`, { type: 'marriage', partnership_id: couple.id, date: { qualifier: 'exact', year: 1875 } });
    const source = await ok('POST', `/trees/${a}/sources`, { title: 'Register' });
    await ok('POST', `/trees/${a}/citations`, { source_id: source.id, person_id: father, page: 'p. 1' });
    await ok('PATCH', `/trees/${a}`, { home_person_id: father });
    expect((await call('POST', `/trees/${a}/duplicates/dismiss`, { person_ids: [father, mother] })).status).to.equal(204);
    for (const n of [1, 2, 3]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(randomBytes(1000))]), `f${n}.bin`);
      form.append('title', `file ${n}`);
      const up = await fetch(`${svc.baseUrl}/api/v1/trees/${a}/media`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` }, body: form });
      expect(up.status).to.equal(201);
    }
    trees.push((await jsonCall(svc, restorer.token)('POST', '/trees', { name: 'Mine' })).body.id);
    const entries = await unzip((await exportZip(svc, owner.token)).bytes);
    doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
    entries.delete('account.json');
    files = entries;
    state = () => writtenState(svc, path.join(root, 'media'), [owner, restorer], trees);
  });
  after(async () => {
    await svc?.close();
    await rm(root, { recursive: true, force: true });
  });

  const treeA = (d: Doc): Doc => d.trees.find((t: Doc) => t.name === 'Family');
  const treeB = (d: Doc): Doc => d.trees.find((t: Doc) => t.name === 'Other');
  /** The export with `tamper` applied to a copy of its account.json and media files, zipped again. */
  const backup = (tamper: (d: Doc, f: Files) => void = () => undefined, json?: (text: string) => Buffer): Buffer => {
    const d = structuredClone(doc);
    const f = new Map([...files].map(([k, v]) => [k, Buffer.from(v)]));
    tamper(d, f);
    const text = JSON.stringify(d).replace(`"${DEEP}"`, '['.repeat(10_000) + ']'.repeat(10_000));
    const entries: RawEntry[] = [{ name: 'account.json', data: json ? json(text) : Buffer.from(text) }];
    for (const [name, data] of f) entries.push({ name, data });
    return rawZip(entries);
  };
  /** 422 naming `reason`; no tree, row, file or queued removal; every object stored meanwhile removed. */
  const refused = async (zip: Buffer, reason: string): Promise<readonly string[]> => {
    const before = await state();
    const from = puts.length;
    expectRefused(await importZip(svc, restorer.token, zip), reason);
    expect(await state()).to.deep.equal(before);
    const stored = puts.slice(from);
    for (const key of stored) {
      expect(await store.stat(key), key).to.equal(null);
      expect(removed, key).to.include(key);
    }
    return stored;
  };
  const lastMedia = (d: Doc): string => treeA(d).media.at(-1).id;

  const cases: readonly [string, (d: Doc, f: Files) => void, (d: Doc) => string][] = [
    ['a name whose person_id is not in the file', (d) => (treeA(d).names[0].person_id = GHOST), () => `person ${GHOST} is not a record`],
    ['an event whose place_id is not in the file', (d) => (treeA(d).events.find((e: Doc) => e.place_id).place_id = GHOST), () => `place ${GHOST} is not a record`],
    ['a citation whose target is missing', (d) => (treeA(d).citations[0].target_id = GHOST), () => `person ${GHOST} is not a record`],
    ['a citation whose source is missing', (d) => (treeA(d).citations[0].source_id = GHOST), () => `source ${GHOST} is not a record`],
    ['a relationship to a person of the other tree in the same file', (d) => (treeA(d).relationships[0].person_b_id = treeB(d).persons[0].id), (d) => `person ${treeB(d).persons[0].id} is not a record`],
    ['an event of a partnership not in the file', (d) => (treeA(d).events.find((e: Doc) => e.partnership_id).partnership_id = GHOST), () => `partnership ${GHOST}`],
    ['an event with both a person and a partnership', (d) => (treeA(d).events.find((e: Doc) => e.partnership_id).person_id = treeA(d).persons[0].id), () => 'exactly one of'],
    ['a dismissal whose person is not in the file', (d) => (treeA(d).duplicate_dismissals[0].person_b_id = GHOST), () => `person ${GHOST} is not a record`],
    ['a dismissal naming a person of the other tree in the same file', (d) => (treeA(d).duplicate_dismissals[0].person_a_id = treeB(d).persons[0].id), (d) => `person ${treeB(d).persons[0].id} is not a record`],
    ['a dismissal pairing a person with themself', (d) => {
      const x = treeA(d).duplicate_dismissals[0];
      x.person_b_id = x.person_a_id;
    }, () => 'pairs a person with themself'],
    // The first of the two is written before the second is refused: the refusal takes it back.
    ['a dismissal that repeats a pair the other way round', (d) => {
      const x = treeA(d).duplicate_dismissals[0];
      treeA(d).duplicate_dismissals.push({ ...x, id: SPARE, person_a_id: x.person_b_id, person_b_id: x.person_a_id });
    }, () => `dismissal ${SPARE} repeats a dismissed pair`],
    ['dismissals listed before the proposals', (d) => {
      const { duplicate_dismissals: dismissals, proposals, ...rest } = treeA(d);
      d.trees[d.trees.indexOf(treeA(d))] = { ...rest, duplicate_dismissals: dismissals, proposals };
    }, () => 'must precede'],
    ['a home person not in the file', (d) => (treeA(d).home_person_id = GHOST), () => `home person ${GHOST}`],
    ['a person whose tree_id is a tree not in the file', (d) => (treeA(d).persons[1].tree_id = GHOST), () => `belongs to tree ${GHOST}`],
    ['a record of the other tree listed under this one', (d) => treeA(d).persons.push(treeB(d).persons[0]), (d) => `belongs to tree ${treeB(d).id}`],
    ['a person id that appears twice', (d) => treeA(d).persons.push({ ...treeA(d).persons[0], notes: 'twin' }), (d) => `person ${treeA(d).persons[0].id} appears twice`],
    ['a second tree with the same id', (d) => d.trees.push(structuredClone(treeB(d))), (d) => `tree ${treeB(d).id} appears twice`],
    ['record arrays out of order (names before persons)', (d) => {
      const { persons, ...rest } = treeA(d);
      d.trees[d.trees.indexOf(treeA(d))] = { ...rest, persons };
    }, () => 'must precede'],
    ['a media record without its file', (d, f) => f.delete(`media/${lastMedia(d)}`), (d) => `the file of media ${lastMedia(d)} is missing`],
    ['a media file without a record', (_d, f) => f.set(`media/${GHOST}`, Buffer.from('stray')), () => `media/${GHOST} belongs to no media record`],
    ['the last media file with bytes that do not match its checksum', (d, f) => flip(f.get(`media/${lastMedia(d)}`)!, 500), (d) => `media ${lastMedia(d)} does not match its checksum`],
    ['a media file one byte longer than its record says', (d, f) => f.set(`media/${lastMedia(d)}`, Buffer.concat([f.get(`media/${lastMedia(d)}`)!, Buffer.from([0])])), () => 'holds 1001 bytes, its record says 1000'],
    ['format version 2 (newer than this service reads)', (d) => (d.version = 2), () => 'version 2'],
    ['format version 0 (no version this service wrote)', (d) => (d.version = 0), () => 'version 0'],
    ['format version -1', (d) => (d.version = -1), () => 'version -1'],
    ['a format other than genealogy-account', (d) => (d.format = 'gramps-web'), () => 'format'],
    // Random text: a run of one letter would be refused as a zip bomb first.
    [`a string longer than ${VALUE_LIMITS.string} characters`, (d) => (treeA(d).persons[0].notes = randomBytes(Math.ceil(((VALUE_LIMITS.string + 4) * 3) / 4)).toString('base64')), () => `longer than ${VALUE_LIMITS.string}`],
    ['a record nested 10,000 levels deep', (d) => (treeA(d).persons[0].extra = DEEP), () => `nests deeper than ${VALUE_LIMITS.depth}`],
    ['a header value nested 10,000 levels deep', (d) => {
      const { trees: all, ...header } = d;
      for (const k of Object.keys(d)) delete d[k];
      Object.assign(d, { deep: DEEP, ...header, trees: all });
    }, () => `nests deeper than ${VALUE_LIMITS.depth}`],
    ['an unknown entry (notes.txt)', (_d, f) => f.set('notes.txt', Buffer.from('hello')), () => 'notes.txt'],
    ['account.json twice', (_d, f) => f.set('account.json', Buffer.from('{}')), () => 'account.json twice'],
  ];
  for (const [title, tamper, reason] of cases) {
    it(title, async () => {
      await refused(backup(tamper), reason(doc));
    });
  }

  it('a JSON syntax error in the middle of account.json', async () => {
    await refused(backup(undefined, (text) => Buffer.from(text.replace('"persons":[', '"persons":[,'))), 'not valid JSON');
  });
  it('account.json that is not UTF-8', async () => {
    const latin = (text: string): Buffer => {
      const bytes = Buffer.from(text);
      bytes[bytes.indexOf('Register') + 3] = 0xe9;
      return bytes;
    };
    await refused(backup(undefined, latin), 'not UTF-8');
  });
  it('no account.json at all', async () => {
    await refused(rawZip([...files].map(([name, data]) => ({ name, data }))), 'no account.json');
  });

  it('all or nothing with media: the last of three files is wrong, and the objects stored before it are removed again', async () => {
    const stored = await refused(backup((d, f) => flip(f.get(`media/${lastMedia(d)}`)!, 0)), 'does not match its checksum');
    expect(stored.length, 'objects stored during the attempt').to.be.at.least(2);
  });

  describe('existing trees are never reached', () => {
    const own = async (token: string) => (await jsonCall(svc, token)('GET', '/trees')).body as { id: string; name: string }[];
    const records = async () => Promise.all(trees.map(async (t) => [
      (await svc.storage.persons.listByTree(t, {})).map((p) => p.id), (await svc.storage.media.listByTree(t, {})).map((m) => m.storageKey),
      (await svc.storage.memberships.list(t)).map((m) => `${m.userId}:${m.role}`), await svc.storage.trees.byId(t),
    ]));

    it('a restore into another account makes new trees and leaves the exporter\'s trees, records and members as they were', async () => {
      const before = { trees: await own(owner.token), records: await records() };
      const res = await importZip(svc, restorer.token, backup());
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const ids = res.body.trees.map((t: { id: string }) => t.id);
      expect(ids).to.have.length(2);
      expect(ids).not.to.include.members(trees);
      expect({ trees: await own(owner.token), records: await records() }).to.deep.equal(before);
      for (const t of trees.slice(0, 2)) expect((await jsonCall(svc, restorer.token)('GET', `/trees/${t}`)).status).to.be.oneOf([403, 404]);
    });

    it('a restore into the exporter\'s own account adds trees beside the originals, which stay as they were', async () => {
      const before = { trees: await own(owner.token), records: await records() };
      const res = await importZip(svc, owner.token, backup());
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const after = await own(owner.token);
      expect(after.filter((t) => !res.body.trees.some((r: { id: string }) => r.id === t.id))).to.deep.equal(before.trees);
      expect(after).to.have.length(before.trees.length + 2);
      expect(await records()).to.deep.equal(before.records);
    });
  });
});
