import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { processRss } from './service-process.js';

// The client side of the accounts bench (accounts.ts): media seeded through the API, the export
// streamed to disk and the import streamed from disk (neither ever held in this process), and the
// service's resident set sampled meanwhile.

/** The service's RSS every `everyMs` while `stop` is not called; `peak` includes the last sample. */
export const rssSampler = (pid: number, everyMs = 20) => {
  const samples: { t: number; rss: number }[] = [];
  const t0 = performance.now();
  const take = () => void processRss(pid).then((rss) => Number.isFinite(rss) && samples.push({ t: performance.now() - t0, rss }));
  const timer = setInterval(take, everyMs);
  take();
  return {
    /** Peak RSS over samples taken from `from` ms to `to` ms after the start. */
    peak: (from = 0, to = Infinity) => Math.max(...samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rss)),
    stop: async () => {
      clearInterval(timer);
      const rss = await processRss(pid);
      if (Number.isFinite(rss)) samples.push({ t: performance.now() - t0, rss });
    },
  };
};

/**
 * Uploads `count` files of `bytes` random bytes each (a JPEG signature first, as scans are), one at
 * a time, every other one attached to a person of `personIds`; each file exists on disk only while
 * it is sent. Answers the bytes uploaded.
 */
export const seedMedia = async (o: {
  readonly api: string; readonly token: string; readonly treeId: string; readonly dir: string;
  readonly count: number; readonly bytes: number; readonly personIds: readonly string[];
}): Promise<number> => {
  let total = 0;
  for (let i = 0; i < o.count; i++) {
    const file = path.join(o.dir, `scan-${i}.jpg`);
    const out = createWriteStream(file);
    out.end(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(o.bytes - 4)]));
    await finished(out);
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'image/jpeg' }), `scan-${i}.jpg`);
    form.append('title', `Scan ${i}`);
    if (i % 2 === 0 && o.personIds.length > 0) form.append('person_id', o.personIds[(i * 7919) % o.personIds.length]!);
    const res = await fetch(`${o.api}/trees/${o.treeId}/media`, { method: 'POST', headers: { authorization: `Bearer ${o.token}` }, body: form });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`media upload ${i}: ${res.status} ${text.slice(0, 300)}`);
    await rm(file);
    total += o.bytes;
  }
  return total;
};

/**
 * GET the export into `file`, streamed; answers the HTTP status and, per chunk received, the time
 * (ms after the request) and the bytes so far (to split the download into its phases afterwards).
 */
export const downloadExport = async (api: string, token: string, file: string) => {
  const arrivals: { t: number; bytes: number }[] = [];
  const t0 = performance.now();
  const res = await fetch(`${api}/users/me/export`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || res.body === null) throw new Error(`export: ${res.status} ${await res.text().catch(() => '')}`);
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      arrivals.push({ t: performance.now() - t0, bytes });
      cb(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(res.body as never), count, createWriteStream(file));
  return { ms: performance.now() - t0, bytes, arrivals };
};

/** Where account.json's data ends in the zip: the first media entry's local header (the file's end when it has none). */
export const accountJsonEnd = (file: string, size: number): Promise<{ readonly end: number; readonly jsonBytes: number; readonly jsonPacked: number }> =>
  new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      let end = size;
      let jsonBytes = 0;
      let jsonPacked = 0;
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName === 'account.json') [jsonBytes, jsonPacked] = [e.uncompressedSize, e.compressedSize];
        else end = Math.min(end, e.relativeOffsetOfLocalHeader);
        zip.readEntry();
      });
      zip.on('end', () => {
        zip.close();
        resolve({ end, jsonBytes, jsonPacked });
      });
      zip.on('error', reject);
      zip.readEntry();
    }));

/**
 * POST `file` to /users/me/import as multipart, the body a stream read from disk as the request
 * sends it. Answers the status, the report, and when the last byte was handed over (ms).
 */
export const uploadImport = async (api: string, token: string, file: string) => {
  const boundary = `----accounts-bench-${randomBytes(12).toString('hex')}`;
  const t0 = performance.now();
  let sentMs = NaN;
  async function* parts(): AsyncIterable<Buffer> {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.zip"\r\nContent-Type: application/zip\r\n\r\n`);
    yield* createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
    sentMs = performance.now() - t0;
  }
  const res = await fetch(`${api}/users/me/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as never,
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0, sentMs };
};

/**
 * Calls `seen(ms)` once, when a directory not in `before` first appears in `dir` (the filesystem
 * store's folder of a restored tree: its first media file is being written). Polled every 100 ms.
 */
export const watchNewDirectory = (dir: string, before: ReadonlySet<string>) => {
  const t0 = performance.now();
  let at = NaN;
  const timer = setInterval(() => {
    void readdir(dir).then(
      (names) => {
        if (Number.isNaN(at) && names.some((n) => !before.has(n))) at = performance.now() - t0;
      },
      () => undefined,
    );
  }, 100);
  return { stop: () => (clearInterval(timer), at) };
};

export const listDir = async (dir: string): Promise<Set<string>> => new Set(await readdir(dir).catch(() => []));
