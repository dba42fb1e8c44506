import { expect } from 'chai';
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { spoolMultipart } from '../../adapters/http/multipart.js';

// A spooled upload's file is opened only when its bytes are read. An upload whose object store was
// down gave the store `open()`, which the store dropped unread (it failed before reading), and the
// file was removed: a read stream opened at once then either held a descriptor of the removed file
// or, when the removal came first, emitted ENOENT with no listener, an uncaught error that ends the
// process (seen in spec/http/media.spec.ts, "the object store is down", on a busy machine).

const BOUNDARY = 'xBOUNDARYx';
const request = (body: Buffer): IncomingMessage => {
  const req = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(req, { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) } });
  req.end(body);
  return req;
};
const multipart = (bytes: Buffer): Buffer => Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  bytes,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** Descriptors this process holds on `file`. */
const descriptorsOn = async (file: string): Promise<number> => {
  let n = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(path.join('/proc/self/fd', fd)).catch(() => '');
    if (target.startsWith(file)) n += 1;
  }
  return n;
};

const tick = (ms = 30): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('multipart spooling: the spooled file', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'spool-'));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  const spool = async (bytes: Buffer) => {
    const r = await spoolMultipart(request(multipart(bytes)), { fileField: 'file', maxBytes: 1 << 20, dir, fieldBytes: {}, otherFieldBytes: 100, maxFields: 4 });
    if (r.kind !== 'ok' || r.file === null) throw new Error(`spooled: ${r.kind}`);
    return { file: r.file, dispose: r.dispose };
  };

  it('reads back the bytes received, as often as asked', async () => {
    const bytes = Buffer.from('hello, spooled world');
    const { file, dispose } = await spool(bytes);
    for (let i = 0; i < 2; i += 1) {
      const parts: Buffer[] = [];
      for await (const chunk of file.open()) parts.push(Buffer.from(chunk));
      expect(Buffer.concat(parts).equals(bytes)).to.equal(true);
    }
    expect(file.size).to.equal(bytes.length);
    await dispose();
  });

  it('opens nothing until read: a reader that gives up unread (a store that is down) holds no descriptor, and the removal raises nothing', async () => {
    const { file, dispose } = await spool(Buffer.from('never read'));
    file.open();
    await tick();
    expect(await descriptorsOn(file.path)).to.equal(0);
    // Removed with the reader still unread: nothing is opened later (no uncaught ENOENT), and a
    // read begun after the removal fails where it is read, to its reader.
    const late = file.open();
    await dispose();
    await tick();
    let failed: unknown = null;
    try {
      for await (const chunk of late) expect(chunk).to.equal(undefined);
    } catch (err) {
      failed = err;
    }
    expect((failed as NodeJS.ErrnoException | null)?.code).to.equal('ENOENT');
  });
});
