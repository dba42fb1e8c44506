import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportZip, importZip, jsonCall, unzip } from '../support/account-archive.js';
import { expectRefused, rawZip, writtenState, type RawEntry } from '../support/hostile-zip.js';

// Issue 12: POST /users/me/import refuses what breaks the zip limits (zip bombs, too many entries,
// unsafe names, a total unpacked size past MAX_UPLOAD_BYTES x 4) and what is no zip at all, with a
// 422 that says why, and writes nothing: no tree, row, queued removal or file.

const MB = 1024 * 1024;
const HEADER = { format: 'genealogy-account', version: 1, exported_at: '2026-11-22T00:00:00.000Z', user_id: '01900000-0000-7000-8000-000000000000', email: 'nobody@example.org', self_person_id: null };
const EMPTY = Buffer.from(JSON.stringify({ ...HEADER, trees: [] }));
const withJson = (...rest: RawEntry[]): Buffer => rawZip([{ name: 'account.json', data: EMPTY }, ...rest]);
const mediaName = (): string => `media/${randomUUID()}`;

describe('HTTP account import: hostile zips are refused and write nothing', function () {
  this.timeout(60_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let restorer: Awaited<ReturnType<typeof registerUser>>;
  let exported: Buffer;
  let entries: Map<string, Buffer>;
  let state: () => ReturnType<typeof writtenState>;

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'keeper@example.org');
    restorer = await registerUser(svc, 'heir@example.org');
    const kept = (await jsonCall(svc, owner.token)('POST', '/trees', { name: 'Kept' })).body.id as string;
    await jsonCall(svc, owner.token)('POST', `/trees/${kept}/persons`, { given_name: 'Ann', surname: 'Kept', birth: { date: { qualifier: 'exact', year: 1900 }, place: 'Town' } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(1000))]), 'k.bin');
    const up = await fetch(`${svc.baseUrl}/api/v1/trees/${kept}/media`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` }, body: form });
    expect(up.status).to.equal(201);
    const mine = (await jsonCall(svc, restorer.token)('POST', '/trees', { name: 'Mine' })).body.id as string;
    exported = (await exportZip(svc, owner.token)).bytes;
    entries = await unzip(exported);
    state = () => writtenState(svc, path.join(svc.dataDir, 'media'), [owner, restorer], [kept, mine]);
  });
  after(async () => svc?.close());

  const refused = async (zip: Buffer, reason: string): Promise<any> => {
    const before = await state();
    const res = await importZip(svc, restorer.token, zip);
    expectRefused(res, reason);
    expect(await state()).to.deep.equal(before);
    return res.body;
  };
  /** The real export, rebuilt entry by entry, with `change` applied to the entries. */
  const rebuilt = (change: (e: RawEntry) => RawEntry = (e) => e): Buffer => rawZip([...entries].map(([name, data]) => change({ name, data })));
  const mediaEntry = (): string => [...entries.keys()].find((k) => k.startsWith('media/'))!;

  it('the control: the real export, rebuilt by the same writer as the hostile zips, restores', async () => {
    const res = await importZip(svc, restorer.token, rebuilt());
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.counts).to.include({ trees: 1, persons: 1, media: 1 });
  });

  it('a media record that claims text/html for a page of script is restored, but as application/octet-stream', async () => {
    const name = mediaEntry();
    const html = Buffer.from('<!doctype html><script>fetch("/api/v1/users/me")</script>');
    const doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
    Object.assign(doc.trees[0].media[0], { content_type: 'text/html', size: html.length, checksum: createHash('sha256').update(html).digest('hex') });
    const res = await importZip(svc, restorer.token, rebuilt((e) => (e.name === name ? { name, data: html } : e.name === 'account.json' ? { ...e, data: Buffer.from(JSON.stringify(doc)) } : e)));
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [item] = (await jsonCall(svc, restorer.token)('GET', `/trees/${res.body.trees[0].id}/media`)).body;
    expect(item.content_type).to.equal('application/octet-stream');
    const content = await fetch(`${svc.baseUrl}/api/v1/media/${item.id}/content`, { headers: { Authorization: `Bearer ${restorer.token}` } });
    expect(content.headers.get('content-type')).not.to.include('html');
    expect(Buffer.from(await content.arrayBuffer()).equals(html)).to.equal(true);
  });

  describe('zip bombs', () => {
    it('a media entry of 50 MB of zeros (about 1000:1)', async () => {
      const body = await refused(withJson({ name: mediaName(), data: Buffer.alloc(50 * MB) }), 'compressed more than 100 to 1');
      expect(body.detail).to.include('media/');
    });
    it('account.json itself: a header followed by 50 MB of blanks', async () => {
      const json = Buffer.concat([EMPTY.subarray(0, EMPTY.length - 1), Buffer.alloc(50 * MB, 0x20), Buffer.from('}')]);
      const body = await refused(rawZip([{ name: 'account.json', data: json }]), 'compressed more than 100 to 1');
      expect(body.detail).to.include('account.json');
    });
    it('account.json whose directory understates its size (300 bytes claimed, 50 MB inside)', async () => {
      const json = Buffer.concat([EMPTY.subarray(0, EMPTY.length - 1), Buffer.alloc(50 * MB, 0x20), Buffer.from('}')]);
      await refused(rawZip([{ name: 'account.json', data: json, declaredSize: 300 }]), 'account.json is damaged');
    });
    it('a media file whose directory claims the record\'s 1000 bytes and holds 50 MB of zeros', async () => {
      const name = mediaEntry();
      const zip = rebuilt((e) => (e.name === name ? { name, data: Buffer.alloc(50 * MB), declaredSize: 1000 } : e));
      await refused(zip, `the file of media ${name.slice('media/'.length)} is damaged`);
    });
  });

  it('100,000 entries (the limit is 50,000)', async () => {
    const many: RawEntry[] = [];
    for (let i = 1; i < 100_000; i += 1) many.push({ name: mediaName(), data: Buffer.alloc(0), deflate: false });
    await refused(withJson(...many), '100000 entries');
  });

  describe('unsafe entry names', () => {
    for (const name of ['../evil', 'media/../../evil', '/etc/evil', '/account.json', 'C:/evil', 'c:evil', '..\\evil', '\\evil', 'C:\\Windows\\evil']) {
      it(JSON.stringify(name), async () => {
        await refused(withJson({ name, data: Buffer.from('x') }), 'unsafe name');
      });
    }
    // Refused as an unsafe name or as no part of an export: either names the entry.
    it('a backslash name that is no path: "notes\\\\x.txt"', async () => refused(withJson({ name: 'notes\\x.txt', data: Buffer.from('x') }), 'x.txt'));
    it('a media file named with a backslash ("media\\\\<id>") is not the media/<id> of an export', async () => {
      const name = mediaEntry();
      await refused(rebuilt((e) => (e.name === name ? { ...e, name: name.replace('/', '\\') } : e)), 'media');
    });
  });

  describe('not a zip, or not a whole one', () => {
    it('a real export cut in half', async () => refused(exported.subarray(0, exported.length >> 1), 'cut short'));
    it('a real export cut to its first 100 bytes', async () => refused(exported.subarray(0, 100), 'cut short'));
    it('an empty file', async () => refused(Buffer.alloc(0), 'not a zip'));
    it('a GEDCOM text', async () => refused(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME Ann /Kept/\n0 TRLR\n'), 'not a zip'));
    it('a zip whose account.json bytes are damaged inside an intact directory', async () => {
      const zip = rebuilt();
      const at = zip.indexOf('account.json') + 'account.json'.length + 8;
      zip.fill(0xff, at, at + 24);
      await refused(zip, 'account.json');
    });
    it('a zip whose media file has damaged deflate data (an invalid block type)', async () => {
      const name = mediaEntry();
      const zip = rebuilt();
      zip[zip.indexOf(name) + name.length] = 0xff;
      await refused(zip, `the file of media ${name.slice('media/'.length)} is damaged`);
    });
  });
});

describe('HTTP account import: the size limit (MAX_UPLOAD_BYTES = 200000)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let restorer: Awaited<ReturnType<typeof registerUser>>;
  let state: () => ReturnType<typeof writtenState>;

  before(async () => {
    svc = await startTestService({ env: { MAX_UPLOAD_BYTES: '200000' } });
    restorer = await registerUser(svc, 'heir@example.org');
    const mine = (await jsonCall(svc, restorer.token)('POST', '/trees', { name: 'Mine' })).body.id as string;
    state = () => writtenState(svc, path.join(svc.dataDir, 'media'), [restorer], [mine]);
  });
  after(async () => svc?.close());

  const zeros = (n: number): RawEntry => ({ name: mediaName(), data: Buffer.alloc(n) });

  it('a small zip that declares more than 4 x 200000 bytes unpacked in all (3 x 300000, each under the ratio floor) is 422', async () => {
    const zip = withJson(zeros(300_000), zeros(300_000), zeros(300_000));
    expect(zip.length).to.be.below(200_000);
    const before = await state();
    expectRefused(await importZip(svc, restorer.token, zip), 'unpacks to more than 800000 bytes');
    expect(await state()).to.deep.equal(before);
  });

  it('2 x 300000 stays under the total (and is refused for another reason: files without records)', async () => {
    expectRefused(await importZip(svc, restorer.token, withJson(zeros(300_000), zeros(300_000))), 'belongs to no media record');
  });

  it('an upload larger than MAX_UPLOAD_BYTES is 413', async () => {
    const before = await state();
    const res = await importZip(svc, restorer.token, withJson({ name: mediaName(), data: randomBytes(300_000), deflate: false }));
    expect(res.status).to.equal(413);
    expect(res.body.code).to.equal('payload_too_large');
    expect(await state()).to.deep.equal(before);
  });
});
