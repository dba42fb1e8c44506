import { expect } from 'chai';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BlobBody, BlobStore } from '../../core/media/blob-store.js';

export type MakeBlobStore = () => Promise<{ store: BlobStore; close(): Promise<void> }>;

const MiB = 1024 * 1024;

/** `bytes` as a body of plain Uint8Array chunks (not Buffers), 64 KiB at a time by default. */
export async function* chunked(bytes: Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += chunkSize) {
    yield new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(chunkSize, bytes.length - at));
  }
}

/** A body that yields `good` bytes and then throws, as an upload cut off by its client. */
export async function* failingAfter(good: Uint8Array, error: Error): AsyncGenerator<Uint8Array> {
  yield* chunked(good);
  throw error;
}

export const readAll = async (body: BlobBody | null): Promise<Buffer> => {
  if (body === null) throw new Error('expected a body, got null');
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
};

const sha256Of = async (body: BlobBody | null): Promise<string> => {
  if (body === null) throw new Error('expected a body, got null');
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk);
  return hash.digest('hex');
};

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection, but the promise resolved');
};

const key = (): string => `media/${randomUUID()}/${randomUUID()}`;

/** The sentences of core/media/blob-store.ts, one case each, for any BlobStore. */
export const blobStoreContract = (name: string, make: MakeBlobStore): Mocha.Suite =>
  describe(`BlobStore contract (${name})`, () => {
    let subject: Awaited<ReturnType<MakeBlobStore>> | undefined;
    const store = (): BlobStore => subject!.store;

    beforeEach(async () => {
      subject = await make();
    });

    afterEach(async () => {
      await subject?.close();
      subject = undefined;
    });

    const roundTrip = async (bytes: Uint8Array): Promise<void> => {
      const k = key();
      expect(await store().put(k, chunked(bytes), bytes.length)).to.deep.equal({ size: bytes.length });
      expect(await store().stat(k)).to.deep.equal({ size: bytes.length });
      expect(await sha256Of(await store().get(k))).to.equal(sha256(bytes));
    };

    it('answers ping when the store is reachable', async () => {
      await store().ping();
    });

    it('stores a zero-byte object and gives back zero bytes', async () => {
      await roundTrip(new Uint8Array(0));
    });

    it('stores a one-byte object byte-identical', async () => {
      await roundTrip(randomBytes(1));
    });

    it('streams a 20 MiB object in and out byte-identical, from 64 KiB chunks', async () => {
      await roundTrip(randomBytes(20 * MiB));
    });

    it('replaces an existing object under the same key', async () => {
      const k = key();
      await store().put(k, chunked(randomBytes(300_000)), 300_000);
      const replacement = randomBytes(1234);
      await store().put(k, chunked(replacement), replacement.length);
      expect(await store().stat(k)).to.deep.equal({ size: 1234 });
      expect((await readAll(await store().get(k))).equals(replacement)).to.equal(true);
    });

    it('answers null from stat and get when there is no object under the key', async () => {
      await store().put(key(), chunked(randomBytes(10)), 10);
      const absent = key();
      expect(await store().stat(absent)).to.equal(null);
      expect(await store().get(absent)).to.equal(null);
      expect(await store().get(absent, { start: 0, end: 0 })).to.equal(null);
    });

    it('streams inclusive ranges byte-identical to the slice: first byte, last byte, middle, whole', async () => {
      const k = key();
      const bytes = randomBytes(300_000); // several read chunks, so ranges cross chunk boundaries
      await store().put(k, chunked(bytes), bytes.length);
      const ranges = [
        { start: 0, end: 0 },
        { start: bytes.length - 1, end: bytes.length - 1 },
        { start: 1, end: 1 },
        { start: 65_530, end: 200_017 },
        { start: 0, end: bytes.length - 1 },
      ];
      for (const range of ranges) {
        const got = await readAll(await store().get(k, range));
        expect(got.length, `length of ${range.start}-${range.end}`).to.equal(range.end - range.start + 1);
        expect(got.equals(bytes.subarray(range.start, range.end + 1)), `bytes of ${range.start}-${range.end}`).to.equal(true);
      }
    });

    it('removes an object: stat and get then answer null', async () => {
      const k = key();
      await store().put(k, chunked(randomBytes(100)), 100);
      await store().remove(k);
      expect(await store().stat(k)).to.equal(null);
      expect(await store().get(k)).to.equal(null);
    });

    it('does not fail when removing a key that has no object', async () => {
      await store().remove(key());
      const k = key();
      await store().put(k, chunked(randomBytes(5)), 5);
      await store().remove(k);
      await store().remove(k);
    });

    it('rejects a put whose body throws mid-way with that error, and leaves no object', async () => {
      const k = key();
      const cut = new Error('client went away');
      const error = await rejection(store().put(k, failingAfter(randomBytes(3 * MiB), cut), 6 * MiB));
      expect(error).to.equal(cut);
      expect(await store().stat(k)).to.equal(null);
      expect(await store().get(k)).to.equal(null);
    });

    it('keeps the old object whole when a put replacing it fails mid-way', async () => {
      const k = key();
      const old = randomBytes(100_000);
      await store().put(k, chunked(old), old.length);
      await rejection(store().put(k, failingAfter(randomBytes(2 * MiB), new Error('cut')), 4 * MiB));
      expect(await store().stat(k)).to.deep.equal({ size: old.length });
      expect((await readAll(await store().get(k))).equals(old)).to.equal(true);
    });

    it('rejects a put whose body is shorter or longer than the announced size, and leaves no object', async () => {
      const shorter = key();
      const longer = key();
      await rejection(store().put(shorter, chunked(randomBytes(1000)), 1001));
      await rejection(store().put(longer, chunked(randomBytes(1001)), 1000));
      await rejection(store().put(key(), chunked(randomBytes(1)), 0));
      expect(await store().stat(shorter)).to.equal(null);
      expect(await store().stat(longer)).to.equal(null);
    });

    it('rejects a put whose body goes on after the announced size, even after a pause, and leaves no object', async () => {
      const k = key();
      const exact = randomBytes(100_000);
      const tooLong = async function* (): AsyncGenerator<Uint8Array> {
        yield* chunked(exact);
        await new Promise((resolve) => setTimeout(resolve, 200)); // time for a store to finish the object
        yield new Uint8Array(1);
      };
      await rejection(store().put(k, tooLong(), exact.length));
      expect(await store().stat(k)).to.equal(null);
    });

    it('rejects a put whose body throws after the last announced byte, and leaves no object', async () => {
      const k = key();
      const late = new Error('checksum mismatch');
      const body = async function* (): AsyncGenerator<Uint8Array> {
        yield* chunked(randomBytes(100_000));
        await new Promise((resolve) => setTimeout(resolve, 200));
        throw late;
      };
      expect(await rejection(store().put(k, body(), 100_000))).to.equal(late);
      expect(await store().stat(k)).to.equal(null);
    });

    it('shows no reader the new object until put resolves', async () => {
      const k = key();
      const old = randomBytes(10);
      await store().put(k, chunked(old), old.length);
      const fresh = key();
      let release!: () => void;
      let reached!: () => void;
      const halfway = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = async function* (): AsyncGenerator<Uint8Array> {
        yield* chunked(randomBytes(MiB));
        reached();
        await gate;
        yield* chunked(randomBytes(MiB));
      };
      const putting = Promise.all([store().put(k, slow(), 2 * MiB), store().put(fresh, slow(), 2 * MiB)]);
      await halfway;
      await new Promise((resolve) => setTimeout(resolve, 100)); // let the first half reach the store
      expect(await store().stat(k)).to.deep.equal({ size: old.length });
      expect((await readAll(await store().get(k))).equals(old)).to.equal(true);
      expect(await store().stat(fresh)).to.equal(null);
      release();
      await putting;
      expect(await store().stat(k)).to.deep.equal({ size: 2 * MiB });
      expect(await store().stat(fresh)).to.deep.equal({ size: 2 * MiB });
    });

    it('works with keys of several slash-separated segments, each its own object', async () => {
      const folder = `media/${randomUUID()}`;
      const a = `${folder}/${randomUUID()}`;
      const b = `${folder}/${randomUUID()}_v2.jpg`;
      await store().put(a, chunked(Buffer.from('first')), 5);
      await store().put(b, chunked(Buffer.from('second')), 6);
      expect((await readAll(await store().get(a))).toString()).to.equal('first');
      expect((await readAll(await store().get(b))).toString()).to.equal('second');
      expect(await store().stat(folder)).to.equal(null);
      await store().remove(a);
      expect(await store().stat(b)).to.deep.equal({ size: 6 });
    });

    it('rejects keys outside [A-Za-z0-9/_.-], starting with / or containing .., in every operation', async () => {
      const invalid = ['../x', '/abs', 'a/../b', 'a/..', 'a..b', '..', 'with space', 'ümlaut', 'back\\slash', 'x?y', ''];
      for (const bad of invalid) {
        for (const [op, call] of [
          ['put', () => store().put(bad, chunked(Buffer.from('x')), 1)],
          ['stat', () => store().stat(bad)],
          ['get', () => store().get(bad)],
          ['remove', () => store().remove(bad)],
        ] as const) {
          const error = await rejection(call());
          expect(error, `${op}(${JSON.stringify(bad)})`).to.be.instanceOf(Error);
        }
      }
    });
  });
