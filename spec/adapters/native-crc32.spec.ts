import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { gedzipStream } from '../../adapters/archive/gedzip-writer.js';
import { jsCrc32, nativeCrc32 } from '../../adapters/archive/native-crc32.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { unzipEntries } from '../support/account-archive.js';
import type { Media } from '../../core/media/model.js';
import type { GedzipItem } from '../../core/gedcom/writer-media.js';

// yazl computes each entry's CRC-32 through buffer-crc32's `unsigned`, a JavaScript loop over every
// byte on the service's thread (75 ms for a 37 MB GEDCOM file, against 6 ms for zlib's). The archive
// adapters hand that function zlib's CRC-32 (native-crc32.ts): these check it answers what the
// JavaScript one answered for every way it is called, and that the zips carry the right CRCs.

const require = createRequire(import.meta.url);
const shared = require('buffer-crc32') as { unsigned: (buf: unknown, previous?: unknown) => number };

const bytes = (chunks: readonly Buffer[]): AsyncIterable<Uint8Array> => (async function* () {
  for (const c of chunks) yield c;
})();

const collect = async (r: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('archive adapters: CRC-32 by zlib for yazl (native-crc32.ts)', () => {
  it('yazl\'s buffer-crc32 answers through zlib once an archive adapter is loaded', () => {
    expect(shared.unsigned).to.equal(nativeCrc32);
    expect(jsCrc32).to.not.equal(nativeCrc32);
  });

  it('answers what the JavaScript CRC-32 answered: empty and random buffers, chained from a number (above 2^31 too), a Buffer or nothing, and strings', () => {
    const cases: [unknown, unknown][] = [[Buffer.alloc(0), undefined], [Buffer.from('123456789'), undefined], ['héllo wörld', undefined], ['', 0]];
    for (let i = 0; i < 300; i++) {
      const buf = randomBytes(i * 7);
      cases.push([buf, undefined], [buf, 0], [buf, jsCrc32(randomBytes(5))], [buf, 0xffffffff], [buf, 0x80000001], [buf, randomBytes(4)]);
    }
    for (const [buf, previous] of cases) expect(nativeCrc32(buf, previous)).to.equal(jsCrc32(buf, previous));
    // The check value of the standard (CRC-32/ISO-HDLC of "123456789").
    expect(nativeCrc32(Buffer.from('123456789'))).to.equal(0xcbf43926);
    // Chained over pieces as yazl's stream does it: the CRC of the whole.
    const whole = randomBytes(100_000);
    let crc = 0;
    for (let at = 0; at < whole.length; at += 4096) crc = nativeCrc32(whole.subarray(at, at + 4096), crc);
    expect(crc).to.equal(crc32(whole));
  });

  it('refuses what the JavaScript one refused (neither a buffer, a number nor a string)', () => {
    expect(() => jsCrc32({})).to.throw(/input must be buffer, number, or string/);
    expect(() => nativeCrc32({})).to.throw(/input must be buffer, number, or string/);
  });

  it('a GEDZIP\'s entries carry the CRC-32 of their bytes: gedcom.ged (deflated, in pieces) and a stored media file', async () => {
    const blobs = memoryBlobStore();
    const photo = randomBytes(70_000);
    await blobs.put('k1', Readable.from([photo]), photo.length);
    const pieces = Array.from({ length: 40 }, (_, i) => Buffer.from(`0 @I${i}@ INDI\n1 NAME Zoë /Ödegård/\n`.repeat(500)));
    const item = { media: { id: 'm1', storageKey: 'k1', size: photo.length } as unknown as Media, xref: '@O1@', path: 'media/photo.jpg' } satisfies GedzipItem;
    const zip = await collect(gedzipStream(bytes(pieces), [item], blobs));
    const got = await unzipEntries(zip);
    expect(got.map((e) => e.name)).to.deep.equal(['gedcom.ged', 'media/photo.jpg']);
    expect(got[0]!.data.equals(Buffer.concat(pieces))).to.equal(true);
    expect(got[1]!.data.equals(photo)).to.equal(true);
    for (const e of got) expect(e.crc).to.equal(crc32(e.data));
  });
});
