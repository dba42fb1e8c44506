import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { content, upload } from '../support/media.js';

// Media over HTTP on PostgreSQL with the filesystem store under the service's DATA_DIR: upload
// (streamed, checksummed, sniffed, limited), download (ETag, Range, Cache-Control), the attachment
// rules, update, delete, restore, and what a store outage may and may not break.

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const pid = (id: string) => ({ params: { path: { id } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);

const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(path.relative(dir, path.join(d, e.name)));
    }
  };
  await walk(dir);
  return out.sort();
};

describe('HTTP media', () => {
  let svc: TestService;
  let c: ApiClient;
  let token: string;
  let treeId: string;
  let otherTreeId: string;
  let personId: string;
  let eventId: string;
  let sourceId: string;
  let viewer: ApiClient;

  before(async () => {
    svc = await startTestService();
    const owner = await registerUser(svc, 'owner@example.org');
    token = owner.token;
    c = svc.client(token);
    treeId = (await c.POST('/trees', { body: { name: 'Photos' } })).data!.id;
    otherTreeId = (await c.POST('/trees', { body: { name: 'Elsewhere' } })).data!.id;
    personId = (await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Ada' } })).data!.id;
    eventId = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'census', person_id: personId } })).data!.id;
    sourceId = (await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Parish register' } })).data!.id;
    const v = await registerUser(svc, 'viewer@example.org');
    await c.POST('/trees/{id}/members', { ...pid(treeId), body: { email: v.email, role: 'viewer' } });
    viewer = svc.client(v.token);
  });
  after(async () => {
    await svc.close();
  });

  describe('round trip', () => {
    for (const [label, bytes] of [['0 B', Buffer.alloc(0)], ['1 B', Buffer.from([0x42])], ['20 MB', randomBytes(20 * 1024 * 1024)]] as const) {
      it(`stores and streams back ${label} byte-identical, with size and SHA-256 recorded`, async () => {
        const r = await upload(c, treeId, bytes, { title: label, name: `${label}.bin` });
        expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
        expect(r.data).to.include({ tree_id: treeId, title: label, size: bytes.length, checksum: sha(bytes), file_name: `${label}.bin`, content_type: 'application/octet-stream' });
        expect(r.data!.url).to.equal(`${svc.baseUrl}/api/v1/media/${r.data!.id}/content`);
        const got = await content(svc, token, r.data!.id);
        expect(got.res.status).to.equal(200);
        expect(got.res.headers.get('content-length')).to.equal(String(bytes.length));
        expect(got.res.headers.get('etag')).to.equal(`"${sha(bytes)}"`);
        expect(got.res.headers.get('cache-control')).to.equal('private');
        expect(got.bytes.length).to.equal(bytes.length);
        expect(sha(got.bytes)).to.equal(sha(bytes));
      });
    }

    it('records the type the first bytes prove and serves it with that Content-Type', async () => {
      const png = await upload(c, treeId, PNG, { type: 'application/octet-stream', name: 'scan.jpg' });
      expect(png.data?.content_type).to.equal('image/png');
      const got = await content(svc, token, png.data!.id);
      expect(got.res.headers.get('content-type')).to.equal('image/png');
      expect(got.res.headers.get('content-disposition')).to.match(/^inline; filename="scan.jpg"/);
      expect((await upload(c, treeId, JPEG, { type: 'image/jpeg' })).data?.content_type).to.equal('image/jpeg');
      expect((await upload(c, treeId, Buffer.from('Dear cousin,\nhello.'), { type: 'text/plain' })).data?.content_type).to.equal('text/plain');
    });

    it('refuses a file whose bytes are not the type it claims (422), and never records active content as such', async () => {
      const liar = await upload(c, treeId, Buffer.from('not a picture at all'), { type: 'image/png' });
      expect(liar.response.status).to.equal(422);
      expect(code(liar.error)).to.equal('content_type_mismatch');
      const html = await upload(c, treeId, Buffer.from('<html><script>alert(1)</script></html>'), { type: 'text/html', name: 'x.html' });
      expect(html.data?.content_type).to.equal('application/octet-stream');
      const got = await content(svc, token, html.data!.id);
      expect(got.res.headers.get('content-disposition')).to.match(/^attachment/);
      expect(got.res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(got.res.headers.get('content-security-policy')).to.contain('sandbox');
    });
  });

  describe('Range and conditional requests', () => {
    const bytes = randomBytes(1000);
    let id: string;
    before(async () => {
      id = (await upload(c, treeId, bytes)).data!.id;
    });

    for (const [range, start, end] of [['bytes=0-0', 0, 0], ['bytes=10-19', 10, 19], ['bytes=990-', 990, 999], ['bytes=-5', 995, 999], ['bytes=900-5000', 900, 999]] as const) {
      it(`${range}: 206 with exactly those bytes and Content-Range`, async () => {
        const got = await content(svc, token, id, { Range: range });
        expect(got.res.status).to.equal(206);
        expect(got.res.headers.get('content-range')).to.equal(`bytes ${start}-${end}/1000`);
        expect(got.res.headers.get('content-length')).to.equal(String(end - start + 1));
        expect(Buffer.from(got.bytes).equals(bytes.subarray(start, end + 1))).to.equal(true);
      });
    }

    it('a range past the end is 416 with the size; a range it does not serve gives the whole object', async () => {
      const past = await content(svc, token, id, { Range: 'bytes=1000-' });
      expect(past.res.status).to.equal(416);
      expect(past.res.headers.get('content-range')).to.equal('bytes */1000');
      const several = await content(svc, token, id, { Range: 'bytes=0-1,5-6' });
      expect(several.res.status).to.equal(200);
      expect(several.bytes.length).to.equal(1000);
    });

    it('a matching If-None-Match is 304 without a body; a stale If-Range gets the whole object', async () => {
      const etag = `"${sha(bytes)}"`;
      const same = await content(svc, token, id, { 'If-None-Match': etag });
      expect(same.res.status).to.equal(304);
      expect(same.bytes.length).to.equal(0);
      expect((await content(svc, token, id, { 'If-None-Match': '"other"' })).res.status).to.equal(200);
      const stale = await content(svc, token, id, { Range: 'bytes=0-9', 'If-Range': '"old"' });
      expect(stale.res.status).to.equal(200);
      expect((await content(svc, token, id, { Range: 'bytes=0-9', 'If-Range': etag })).res.status).to.equal(206);
    });
  });

  describe('attachment and rules', () => {
    it('attaches to one person, event or source of the same tree', async () => {
      expect((await upload(c, treeId, PNG, { person_id: personId })).data).to.include({ person_id: personId, event_id: null, source_id: null });
      expect((await upload(c, treeId, PNG, { event_id: eventId })).data).to.include({ event_id: eventId, person_id: null });
      expect((await upload(c, treeId, PNG, { source_id: sourceId })).data).to.include({ source_id: sourceId });
    });

    it('refuses a target of another tree, a missing one, or two targets (422), and stores nothing', async () => {
      const before = await filesUnder(path.join(svc.dataDir, 'media'));
      const stranger = (await c.POST('/trees/{id}/persons', { ...pid(otherTreeId), body: { given_name: 'Elsewhere' } })).data!.id;
      const cross = await upload(c, treeId, PNG, { person_id: stranger });
      expect(cross.response.status).to.equal(422);
      expect(code(cross.error)).to.equal('invalid_reference');
      expect((await upload(c, treeId, PNG, { source_id: personId })).response.status).to.equal(422);
      expect((await upload(c, treeId, PNG, { person_id: personId, source_id: sourceId })).response.status).to.equal(422);
      expect(await filesUnder(path.join(svc.dataDir, 'media'))).to.deep.equal(before);
    });

    it('wants a multipart body with a file part', async () => {
      const form = new FormData();
      form.append('title', 'no file');
      const none = await c.POST('/trees/{id}/media', { ...pid(treeId), body: {} as never, bodySerializer: () => form });
      expect(none.response.status).to.equal(422);
      const json = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
      expect(json.status).to.equal(415);
      const broken = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc' });
      expect(broken.status).to.equal(400);
    });

    it('is for editors: a viewer is refused (403) and a stranger too', async () => {
      const r = await upload(viewer, treeId, PNG);
      expect(r.response.status).to.equal(403);
      const stranger = svc.client((await registerUser(svc, 'stranger-upload@example.org')).token);
      expect((await upload(stranger, treeId, PNG)).response.status).to.equal(403);
    });

    it('update title and attachment, detach with null, delete (404 after), restore', async () => {
      const id = (await upload(c, treeId, PNG, { title: 'Grandma' })).data!.id;
      const moved = await c.PATCH('/media/{id}', { ...pid(id), body: { title: 'Grandma, 1920', event_id: eventId } });
      expect(moved.data).to.include({ title: 'Grandma, 1920', event_id: eventId, person_id: null });
      const detached = await c.PATCH('/media/{id}', { ...pid(id), body: { event_id: null } });
      expect(detached.data).to.include({ event_id: null, person_id: null, source_id: null });
      expect((await c.PATCH('/media/{id}', { ...pid(id), body: { person_id: personId, source_id: sourceId } })).response.status).to.equal(422);
      expect((await viewer.PATCH('/media/{id}', { ...pid(id), body: { title: 'x' } })).response.status).to.equal(403);
      expect((await c.DELETE('/media/{id}', pid(id))).response.status).to.equal(204);
      expect((await c.GET('/media/{id}', pid(id))).response.status).to.equal(404);
      expect((await content(svc, token, id)).res.status).to.equal(404);
      expect((await c.GET('/trees/{id}/media', pid(treeId))).data!.map((m) => m.id)).to.not.include(id);
      expect((await c.GET('/trees/{id}/media', { params: { path: { id: treeId }, query: { deleted: 'true' } } })).data!.map((m) => m.id)).to.include(id);
      const restored = await c.POST('/media/{id}/restore', pid(id));
      expect(restored.data).to.include({ id, title: 'Grandma, 1920', deleted_at: null });
      expect((await content(svc, token, id)).res.status).to.equal(200);
    });

    it('lists with a url per item, and pages', async () => {
      const all = (await c.GET('/trees/{id}/media', pid(treeId))).data!;
      expect(all.length).to.be.greaterThan(3);
      for (const m of all) expect(m.url).to.equal(`${svc.baseUrl}/api/v1/media/${m.id}/content`);
      const first = await c.GET('/trees/{id}/media', { params: { path: { id: treeId }, query: { limit: 2 } } });
      expect(first.data!.map((m) => m.id)).to.deep.equal(all.slice(0, 2).map((m) => m.id));
      expect(first.response.headers.get('x-next-cursor')).to.be.a('string');
    });

    it('writes an audit entry for every change', async () => {
      const id = (await upload(c, treeId, PNG, { title: 'Audited' })).data!.id;
      await c.PATCH('/media/{id}', { ...pid(id), body: { title: 'Audited 2' } });
      await c.DELETE('/media/{id}', pid(id));
      const audit = (await c.GET('/trees/{id}/audit', pid(treeId))).data!;
      const actions = audit.filter((a) => a.entity_id === id).map((a) => a.action);
      expect(actions).to.deep.equal(['media.delete', 'media.update', 'media.create']);
    });
  });
});

describe('HTTP media: MAX_UPLOAD_BYTES', () => {
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;
  before(async () => {
    svc = await startTestService({ env: { MAX_UPLOAD_BYTES: '5000' } });
    c = svc.client((await registerUser(svc, 'limit@example.org')).token);
    treeId = (await c.POST('/trees', { body: { name: 'Small' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  it('answers 413 past the limit and leaves nothing behind: no row, no object, no temporary file', async () => {
    const r = await upload(c, treeId, randomBytes(5001));
    expect(r.response.status).to.equal(413);
    expect(code(r.error)).to.equal('payload_too_large');
    expect((await c.GET('/trees/{id}/media', pid(treeId))).data).to.deep.equal([]);
    expect(await filesUnder(path.join(svc.dataDir, 'media'))).to.deep.equal([]);
    expect(await filesUnder(path.join(svc.dataDir, 'tmp'))).to.deep.equal([]);
    // A far larger body is refused as well, and the service still answers afterwards.
    expect((await upload(c, treeId, randomBytes(3 * 1024 * 1024))).response.status).to.equal(413);
    const exact = await upload(c, treeId, randomBytes(5000));
    expect(exact.response.status).to.equal(201);
    expect(await filesUnder(path.join(svc.dataDir, 'tmp'))).to.deep.equal([]);
  });
});

describe('HTTP media: the object store is down', () => {
  const blobs = memoryBlobStore();
  let svc: TestService;
  let c: ApiClient;
  let token: string;
  let treeId: string;
  let mediaId: string;
  before(async () => {
    svc = await startTestService({ blobs });
    token = (await registerUser(svc, 'outage@example.org')).token;
    c = svc.client(token);
    treeId = (await c.POST('/trees', { body: { name: 'Outage' } })).data!.id;
    mediaId = (await upload(c, treeId, PNG)).data!.id;
  });
  after(async () => {
    blobs.down(false);
    await svc.close();
  });

  it('media uploads and downloads answer 503; metadata and every other route keep working; nothing is half-written', async () => {
    blobs.down(true);
    const up = await upload(c, treeId, JPEG);
    expect(up.response.status).to.equal(503);
    expect(up.response.headers.get('retry-after')).to.be.a('string');
    expect((await content(svc, token, mediaId)).res.status).to.equal(503);
    expect((await c.GET('/trees/{id}/media', pid(treeId))).data!.map((m) => m.id)).to.deep.equal([mediaId]);
    expect((await c.GET('/media/{id}', pid(mediaId))).response.status).to.equal(200);
    expect((await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Still works' } })).response.status).to.equal(201);
    expect((await fetch(`${svc.baseUrl}/readyz`)).status).to.equal(200);
    blobs.down(false);
    expect(blobs.keys()).to.have.length(1);
    expect((await content(svc, token, mediaId)).res.status).to.equal(200);
  });
});
