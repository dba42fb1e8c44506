import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { upload } from '../support/media.js';
import { stall } from '../support/stalled-reader.js';

// A streamed answer that is never sent (429 too_many_streams, a HEAD) leaves nothing running and
// nothing open. Before: a refused GEDZIP or account export had already started its zip writer, which
// read the export on (and, when that failed, ended the process with an unheard 'error'); a media
// answer never read kept its file open until the garbage collector closed it.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stalled reader whose answer began with 200. */
const stalled200 = async (baseUrl: string, urlPath: string, token: string): Promise<net.Socket> => {
  const s = stall(baseUrl, urlPath, token);
  expect(await s.status).to.equal(200);
  return s.socket;
};

/** Polls `read` (every 50 ms, 5 s at most) until `done` holds; answers the last reading either way. */
const settled = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await sleep(50);
    value = await read();
  }
  return value;
};

/** This process's open files under `dir`. */
const openUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(dir)) out.push(target);
  }
  return out;
};

describe('HTTP streamed answers that are never sent leave nothing running or open', function () {
  this.timeout(60_000);
  let svc: TestService;
  let token: string;
  let treeId: string;
  let mediaId: string;
  const sockets: net.Socket[] = [];
  const spools = async (): Promise<string[]> => (await readdir(path.join(svc.dataDir, 'tmp')).catch(() => [] as string[])).filter((f) => f.startsWith('spool-'));

  before(async () => {
    svc = await startTestService({ env: { STREAMS_PER_USER: '1' } });
    const owner = await registerUser(svc, `refused-${randomBytes(3).toString('hex')}@example.com`);
    token = owner.token;
    const c = svc.client(token);
    treeId = (await c.POST('/trees', { body: { name: 'Refused' } })).data!.id;
    for (let i = 0; i < 3; i++) await c.POST('/trees/{id}/persons', { params: { path: { id: treeId } }, body: { given_name: `P${i}` } });
    // 8 MB of media: more than loopback's socket buffers hold, so the first export stays open.
    const up = await upload(c, treeId, randomBytes(8 * 1024 * 1024), { name: 'scan.bin' });
    expect(up.response.status).to.equal(201);
    mediaId = up.data!.id;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await svc?.close();
  });

  it('a GEDZIP or account export past STREAMS_PER_USER is 429 and reads nothing of the tree', async () => {
    // Counts the export snapshots opened (the storage record the routes read, wrapped in place).
    const reads = svc.storage.gedcomExport;
    let opened = 0;
    (svc.storage as { gedcomExport: typeof reads }).gedcomExport = { ...reads, chunks: (...a: Parameters<typeof reads.chunks>) => ((opened += 1), reads.chunks(...a)) };
    try {
      sockets.push(await stalled200(svc.baseUrl, `/trees/${treeId}/gedcom/export?version=7.0&media=true`, token));
      await sleep(300);
      expect(opened, 'the running export').to.equal(1);
      const refused = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/export?version=7.0&media=true`, { headers: { Authorization: `Bearer ${token}` } });
      expect(refused.status).to.equal(429);
      expect(((await refused.json()) as { code: string }).code).to.equal('too_many_streams');
      const account = await fetch(`${svc.baseUrl}/api/v1/users/me/export`, { headers: { Authorization: `Bearer ${token}` } });
      expect(account.status).to.equal(429);
      await sleep(300);
      expect(opened, 'the refused ones opened no snapshot').to.equal(1);
    } finally {
      (svc.storage as { gedcomExport: typeof reads }).gedcomExport = reads;
    }
    sockets.pop()!.destroy();
    for (let i = 0; i < 50 && (await spools()).length > 0; i++) await sleep(100);
    expect(await spools(), 'nothing of the stalled export is left once its client is gone').to.have.length(0);
    // Nor the media file the zip was reading when its client went: it stayed open until the
    // garbage collector found it (one descriptor per abandoned export). The account export's zip
    // goes through the same failingZip().entry; its own stalled-reader case was taken out, as whether
    // its media file is still open when the client stalls depends on the socket buffers (it failed
    // once in a clean-clone CI run with the file never seen open).
    const media = path.join(svc.dataDir, 'media');
    expect(await settled(() => openUnder(media), (open) => open.length === 0), 'the abandoned GEDZIP closed its media file').to.deep.equal([]);
  });

  it('a media answer refused with 429, or asked for with HEAD, leaves its file closed', async () => {
    const media = path.join(svc.dataDir, 'media');
    const get = await fetch(`${svc.baseUrl}/api/v1/media/${mediaId}/content`, { headers: { Authorization: `Bearer ${token}` } });
    expect(get.status).to.equal(200);
    expect((await get.arrayBuffer()).byteLength).to.equal(8 * 1024 * 1024);
    // The read-through answer closes its file once its stream ends, which can be just after the
    // client has the last byte: wait for that, so the count below sees the stalled download alone.
    expect(await settled(() => openUnder(media), (open) => open.length === 0), 'the finished download closed its file').to.deep.equal([]);
    sockets.push(await stalled200(svc.baseUrl, `/media/${mediaId}/content`, token));
    const held = await openUnder(media);
    expect(held, 'the stalled download holds its file').to.have.length(1);
    const refused = await fetch(`${svc.baseUrl}/api/v1/media/${mediaId}/content`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).to.equal(429);
    await refused.arrayBuffer();
    sockets.pop()!.destroy();
    await sleep(300);
    const head = await fetch(`${svc.baseUrl}/api/v1/media/${mediaId}/content`, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
    expect(head.status).to.equal(200);
    expect(await settled(() => openUnder(media), (open) => open.length === 0), 'no file left open').to.deep.equal([]);
  });
});
