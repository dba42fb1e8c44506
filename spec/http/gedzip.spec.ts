import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { jsonCall, unzip } from '../support/account-archive.js';
import { filesUnder, rawZip, type RawEntry } from '../support/hostile-zip.js';
import { upload } from '../support/media.js';

// Issue 14, GEDZIP: `GET .../gedcom/export?version=7.0&media=true` answers a .gdz (gedcom.ged with an
// OBJE record per media item, the items' bytes at the paths their FILEs name), and the import and
// preview take a .gdz (told by its first bytes) with the account import's zip limits, storing each
// linked file through the BlobStore, attached as it was, all or nothing.

const MB = 1024 * 1024;
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const pid = (id: string) => ({ params: { path: { id } } });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(100)]);

/** The level-0 records of a GEDCOM text, each as its lines. */
const records = (ged: string): string[][] => {
  const out: string[][] = [];
  for (const l of ged.split('\n')) {
    if (l === '') continue;
    if (l.startsWith('0 ')) out.push([l]);
    else out[out.length - 1]!.push(l);
  }
  return out;
};

/** The lines of the structure that starts with `first` (up to the next line of its level or less). */
const structure = (rec: readonly string[], first: string): string[] => {
  const at = rec.findIndex((l) => l.startsWith(first));
  const level = Number(first.split(' ')[0]);
  const out = [rec[at]!];
  for (let i = at + 1; i < rec.length && Number(rec[i]!.split(' ')[0]) > level; i++) out.push(rec[i]!);
  return out;
};

describe('HTTP GEDZIP (.gdz) export and import', function () {
  this.timeout(60_000);
  let svc: TestService;
  let c: ApiClient;
  let token: string;
  let treeId: string;
  let ids: { ada: string; ben: string; census: string; source: string };
  const mediaDir = (): string => path.join(svc.dataDir, 'media');

  const exportGdz = async (query: string) => {
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const post = async (tree: string, what: 'import' | 'preview', file: Uint8Array, name = 'tree.gdz', fields: Readonly<Record<string, string>> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${tree}/gedcom/${what}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const newTree = async (name: string): Promise<string> => (await c.POST('/trees', { body: { name } })).data!.id;
  /** What an import could have written: the tree's persons and media, the stored files, the removal queue. */
  const written = async (tree: string) => ({
    persons: (await svc.storage.persons.listByTree(tree, {})).length,
    media: (await svc.storage.media.listByTree(tree, {})).length,
    files: await filesUnder(mediaDir()),
    queued: await svc.storage.blobRemovals.next(100),
  });

  before(async () => {
    svc = await startTestService({ storage: 'memory', env: { MAX_UPLOAD_BYTES: String(4 * MB) } });
    const owner = await registerUser(svc, 'album@example.org');
    token = owner.token;
    c = svc.client(token);
    treeId = await newTree('Album');
    const call = jsonCall(svc, token);
    const ada = (await call('POST', `/trees/${treeId}/persons`, { given_name: 'Ada', surname: 'Lovelace' })).body.id as string;
    const ben = (await call('POST', `/trees/${treeId}/persons`, { given_name: 'Ben', surname: 'Smith' })).body.id as string;
    const census = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'census', person_id: ben } })).data!.id;
    const source = (await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Parish register' } })).data!.id;
    ids = { ada, ben, census, source };
    for (const [bytes, fields, name] of [
      [PNG, { title: 'Portrait', person_id: ada }, 'ada portrait.png'],
      [JPEG, { title: 'Census page', event_id: census }, 'census.jpg'],
      [PDF, { title: 'Register scan', source_id: source }, 'register.pdf'],
      [GIF, { title: 'Loose photo' }, 'loose.gif'],
    ] as const) {
      const up = await upload(c, treeId, bytes, { ...fields, name });
      expect(up.response.status, JSON.stringify(up.error)).to.equal(201);
    }
  });
  after(async () => svc?.close());

  it('exports a .gdz: gedcom.ged (7.0) with OBJE records and links, and each media file at its FILE path', async () => {
    const { res, bytes } = await exportGdz('version=7.0&media=true');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/zip');
    expect(res.headers.get('content-disposition')).to.match(/filename="Album\.gdz"/);
    const entries = await unzip(bytes);
    const ged = entries.get('gedcom.ged')!.toString('utf8');
    expect(ged).to.include('\n2 VERS 7.0\n');
    const recs = records(ged);
    const objes = recs.filter((r) => r[0]!.endsWith(' OBJE'));
    expect(objes).to.have.length(4);
    const fileOf = new Map(objes.map((r) => [r[0]!.split(' ')[1]!, r.find((l) => l.startsWith('1 FILE '))!.slice(7)]));
    // Every FILE is an entry of the zip, and every entry but gedcom.ged is a FILE.
    expect([...entries.keys()].filter((k) => k !== 'gedcom.ged').sort()).to.deep.equal([...fileOf.values()].sort());
    const bytesOf = (xref: string): Buffer => entries.get(fileOf.get(xref)!)!;
    const shas = new Map([[sha(PNG), 'PNG'], [sha(JPEG), 'JPEG'], [sha(PDF), 'PDF'], [sha(GIF), 'GIF']]);
    expect([...fileOf.keys()].map((x) => shas.get(sha(bytesOf(x)))).sort()).to.deep.equal(['GIF', 'JPEG', 'PDF', 'PNG']);
    const png = objes.find((r) => shas.get(sha(bytesOf(r[0]!.split(' ')[1]!))) === 'PNG')!;
    expect(png).to.include('2 FORM image/png').and.to.include('2 TITL Portrait');
    // The links: under Ada's INDI, under Ben's census event, under the source; the GIF is linked by nothing.
    const linked = (rec: string[], level: number): string[] => rec.filter((l) => l.startsWith(`${level} OBJE @`)).map((l) => shas.get(sha(bytesOf(l.slice(7))))!);
    const indi = (name: string) => recs.find((r) => r[0]!.endsWith(' INDI') && r.some((l) => l.startsWith(`1 NAME ${name}`)))!;
    expect(linked(indi('Ada'), 1)).to.deep.equal(['PNG']);
    const ben = indi('Ben');
    expect(linked(ben, 1)).to.deep.equal([]);
    expect(linked(structure(ben, '1 CENS'), 2)).to.deep.equal(['JPEG']);
    expect(linked(recs.find((r) => r[0]!.endsWith(' SOUR'))!, 1)).to.deep.equal(['PDF']);
    const gif = [...fileOf.keys()].find((x) => shas.get(sha(bytesOf(x))) === 'GIF')!;
    expect(recs.flat().filter((l) => !l.startsWith('0 ') && l.endsWith(` ${gif}`))).to.deep.equal([]);
  });

  it('refuses media=true with 5.5.1 or no version (422), and a plain 7.0 export writes no OBJE', async () => {
    for (const q of ['media=true', 'version=5.5.1&media=true']) {
      const { res, bytes } = await exportGdz(q);
      expect(res.status, q).to.equal(422);
      expect(JSON.parse(bytes.toString()).code).to.equal('invalid_input');
    }
    const plain = await exportGdz('version=7.0');
    expect(plain.res.status).to.equal(200);
    expect(plain.res.headers.get('content-type')).to.match(/^text\/vnd\.familysearch\.gedcom/);
    expect(plain.bytes.toString()).not.to.include('OBJE');
  });

  it('imports the .gdz into a new tree: the same bytes, attached to the same persons, event and source', async () => {
    const gdz = (await exportGdz('version=7.0&media=true')).bytes;
    const preview = await post(await newTree('Preview'), 'preview', gdz, 'album.zip');
    expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
    expect(preview.body.counts.persons).to.equal(2);
    expect(preview.body.unmapped_tags.map((u: { tag: string }) => u.tag).filter((t: string) => t.includes('OBJE'))).to.deep.equal([]);

    const copy = await newTree('Copy');
    const res = await post(copy, 'import', gdz, 'no-extension');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.media).to.deep.equal({ created: 4, skipped: 0 });
    expect(res.body.unmapped_tags.map((u: { tag: string }) => u.tag).filter((t: string) => t.includes('OBJE'))).to.deep.equal([]);
    const media = await svc.storage.media.listByTree(copy, {});
    const byChecksum = new Map(media.map((m) => [m.checksum, m]));
    expect([...byChecksum.keys()].sort()).to.deep.equal([sha(PNG), sha(JPEG), sha(PDF), sha(GIF)].sort());
    const names = await svc.storage.names.listByTree(copy);
    const personNamed = (given: string) => names.find((n) => n.givenName === given)!.personId;
    const png = byChecksum.get(sha(PNG))!;
    expect(png.target).to.deep.equal({ kind: 'person', id: personNamed('Ada') });
    expect(png).to.include({ title: 'Portrait', contentType: 'image/png', size: PNG.length });
    const jpeg = byChecksum.get(sha(JPEG))!;
    expect(jpeg.target?.kind).to.equal('event');
    const event = await svc.storage.events.byId(jpeg.target!.id);
    expect(event).to.include({ type: 'census', personId: personNamed('Ben'), treeId: copy });
    const pdf = byChecksum.get(sha(PDF))!;
    expect(pdf.target?.kind).to.equal('source');
    expect((await svc.storage.sources.byId(pdf.target!.id))?.title).to.equal('Parish register');
    expect(byChecksum.get(sha(GIF))!.target).to.equal(null);
    // The bytes are in the store: the content endpoint serves them.
    const served = await fetch(`${svc.baseUrl}/api/v1/media/${png.id}/content`, { headers: { Authorization: `Bearer ${token}` } });
    expect(sha(new Uint8Array(await served.arrayBuffer()))).to.equal(sha(PNG));
  });

  it('a second import of the same .gdz, merging its persons, stores no file twice', async () => {
    const gdz = (await exportGdz('version=7.0&media=true')).bytes;
    const tree = await newTree('Twice');
    expect((await post(tree, 'import', gdz)).body.media).to.deep.equal({ created: 4, skipped: 0 });
    const files = await filesUnder(mediaDir());
    const names = await svc.storage.names.listByTree(tree);
    const recs = records((await unzip(gdz)).get('gedcom.ged')!.toString());
    const xrefOf = (given: string): string => recs
      .find((r) => r[0]!.endsWith(' INDI') && r.some((l) => l.startsWith(`1 NAME ${given}`)))![0]!.split(' ')[1]!;
    const resolutions: Record<string, unknown> = {};
    for (const given of ['Ada', 'Ben']) resolutions[xrefOf(given)] = { action: 'merge', target_id: names.find((n) => n.givenName === given)!.personId };
    const again = await post(tree, 'import', gdz, 'tree.gdz', { resolutions: JSON.stringify(resolutions) });
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body.media).to.deep.equal({ created: 0, skipped: 4 });
    expect(await svc.storage.media.listByTree(tree, {})).to.have.length(4);
    expect(await filesUnder(mediaDir())).to.deep.equal(files);
  });

  it('a hand-made .gdz: inline OBJE, an escaped FILE, a record linked twice (the first link wins), a URL FILE a record without bytes', async () => {
    const ged = ['0 HEAD', '1 GEDC', '2 VERS 7.0',
      '0 @I1@ INDI', '1 NAME Eve /Zip/', '1 OBJE @O1@', '1 OBJE', '2 FILE ./photos/my%20photo.png', '3 FORM image/png', '3 TITL Inline',
      '0 @I2@ INDI', '1 NAME Fay /Zip/', '1 OBJE @O1@', '1 OBJE @O2@',
      '0 @O1@ OBJE', '1 FILE scans/a.jpg', '2 FORM image/jpeg', '2 TITL Shared', '1 NOTE kept nowhere',
      '0 @O2@ OBJE', '1 FILE https://example.org/x.jpg', '2 FORM image/jpeg', '0 TRLR', ''].join('\n');
    const tree = await newTree('Hand-made');
    const res = await post(tree, 'import', rawZip([{ name: 'gedcom.ged', data: Buffer.from(ged) }, { name: 'photos/my photo.png', data: PNG }, { name: 'scans/a.jpg', data: JPEG }]));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.media).to.deep.equal({ created: 3, skipped: 0 });
    const names = await svc.storage.names.listByTree(tree);
    const eve = names.find((n) => n.givenName === 'Eve')!.personId;
    const fay = names.find((n) => n.givenName === 'Fay')!.personId;
    const media = await svc.storage.media.listByTree(tree, {});
    // Issue 28: the URL FILE is no file of the zip: a record without bytes, its path kept.
    expect(media.map((m) => [m.title, m.fileName, m.target?.id, m.checksum, m.storageKey === null, m.filePath]).sort()).to.deep.equal([
      ['', 'x.jpg', fay, '', true, 'https://example.org/x.jpg'], ['Inline', 'my photo.png', eve, sha(PNG), false, ''], ['Shared', 'a.jpg', eve, sha(JPEG), false, '']]);
    expect(res.body.warnings.map((w: { line: number; message: string }) => w.line)).to.include(13);
    const unmapped = Object.fromEntries(res.body.unmapped_tags.map((u: { tag: string; count: number }) => [u.tag, u.count]));
    expect(unmapped).to.include({ 'OBJE.NOTE': 1 });
    expect(unmapped).to.not.have.any.keys('OBJE', 'INDI.OBJE');
  });

  it('a plain .ged with OBJE imports media records without bytes (issue 28), their paths and titles kept; an unattached OBJE is kept whole', async () => {
    const ged = (await unzip((await exportGdz('version=7.0&media=true')).bytes)).get('gedcom.ged')!;
    const tree = await newTree('Plain');
    const res = await post(tree, 'import', ged, 'tree.ged');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.media).to.deep.equal({ created: 3, skipped: 0 });
    const unmapped = Object.fromEntries(res.body.unmapped_tags.map((u: { tag: string; count: number }) => [u.tag, u.count]));
    expect(unmapped).to.include({ OBJE: 1 });
    expect(unmapped).to.not.have.any.keys('INDI.OBJE', 'INDI.CENS.OBJE', 'SOUR.OBJE');
    const media = await svc.storage.media.listByTree(tree, {});
    expect(media).to.have.length(3);
    for (const m of media) expect([m.storageKey, m.size, m.filePath.startsWith('media/')], m.title).to.deep.equal([null, 0, true]);
    expect(media.map((m) => m.target?.kind).sort()).to.deep.equal(['event', 'person', 'source']);
  });

  describe('refused .gdz files leave the tree and the store as they were', () => {
    const ged = (lines: string): Buffer => Buffer.from(`0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Eve /Zip/\n${lines}0 TRLR\n`);
    const refused = async (zip: Buffer, reason: string) => {
      const tree = await newTree('Target');
      const before = await written(tree);
      const res = await post(tree, 'import', zip);
      expect(res.status, JSON.stringify(res.body)).to.equal(422);
      expect(res.body.code).to.equal('invalid_archive');
      expect(String(res.body.detail).toLowerCase()).to.include(reason);
      expect(await written(tree)).to.deep.equal(before);
    };

    it('the control: a small hand-made .gdz imports', async () => {
      const tree = await newTree('Control');
      const res = await post(tree, 'import', rawZip([{ name: 'gedcom.ged', data: ged('1 OBJE\n2 FILE photos/eve.png\n3 FORM image/png\n') }, { name: 'photos/eve.png', data: PNG }]));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.media.created).to.equal(1);
    });

    it('an entry whose path climbs out of the root', async () => {
      await refused(rawZip([{ name: 'gedcom.ged', data: ged('1 OBJE\n2 FILE ../eve.png\n3 FORM image/png\n') }, { name: '../eve.png', data: PNG }]), 'unsafe name');
    });

    it('an absolute path', async () => {
      await refused(rawZip([{ name: 'gedcom.ged', data: ged('') }, { name: '/etc/eve.png', data: PNG }]), 'unsafe name');
    });

    it('a zip bomb (compressed more than 100 to 1)', async () => {
      await refused(rawZip([{ name: 'gedcom.ged', data: ged('') }, { name: 'zeros.bin', data: Buffer.alloc(2 * MB) }]), 'zip bombs');
    });

    it('more unpacked bytes than MAX_UPLOAD_BYTES x 4', async () => {
      const big: RawEntry = { name: 'big.bin', data: randomBytes(1000), deflate: false, declaredSize: 1000 };
      await refused(rawZip([{ name: 'gedcom.ged', data: ged('') }, big, { ...big, name: 'big2.bin', declaredSize: 17 * MB, deflate: true }]), 'unpacks to more than');
    });

    it('no gedcom.ged at the root', async () => {
      await refused(rawZip([{ name: 'family/gedcom.ged', data: ged('') }]), 'no gedcom.ged');
    });

    it('a media file whose bytes break off: the files stored before it are removed again', async () => {
      const tree = await newTree('Broken');
      const before = await written(tree);
      const zip = rawZip([
        { name: 'gedcom.ged', data: ged('1 OBJE\n2 FILE a.png\n3 FORM image/png\n0 @I2@ INDI\n1 NAME Bad /Zip/\n1 OBJE\n2 FILE b.png\n3 FORM image/png\n') },
        { name: 'a.png', data: PNG },
        { name: 'b.png', data: PNG, declaredSize: PNG.length + 50 },
      ]);
      const res = await post(tree, 'import', zip);
      expect(res.status, JSON.stringify(res.body)).to.equal(422);
      expect(res.body.code).to.equal('invalid_archive');
      expect(await written(tree)).to.deep.equal(before);
    });
  });

  it('leaves the source tree untouched by all of this', async () => {
    expect((await svc.storage.media.listByTree(treeId, {})).map((m) => m.target?.id ?? null).sort()).to.deep.equal([ids.ada, ids.census, ids.source, null].sort());
    expect(await svc.storage.persons.listByTree(treeId, {})).to.have.length(2);
  });
});
