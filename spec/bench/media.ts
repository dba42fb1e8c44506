// `npm run bench` (media part): upload a large file through the service, then download it through
// the service and read the same bytes straight from disk in the same run; report both throughputs,
// their ratio, and the peak RSS during the download (it must stay flat, not grow with the file).
// Environment: BENCH_MEDIA_MB (default 100), DATABASE_URL (else embedded PostgreSQL).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { log, mb, median, printTable, runMain, startBenchService, withPeakRss } from './harness.js';

const SIZE_MB = Number(process.env['BENCH_MEDIA_MB'] ?? 100);
const RUNS = 3;

const writeRandomFile = async (file: string, bytes: number): Promise<void> => {
  const out = createWriteStream(file);
  for (let left = bytes; left > 0; left -= 1024 * 1024) {
    if (!out.write(randomBytes(Math.min(left, 1024 * 1024)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
};

/** Reads a byte stream to the end, hashing it, holding nothing. */
const drain = async (chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: number; sha256: string }> => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const c of chunks) {
    hash.update(c);
    bytes += c.byteLength;
  }
  return { bytes, sha256: hash.digest('hex') };
};

const main = async (): Promise<void> => {
  const svc = await startBenchService({ env: { MAX_UPLOAD_BYTES: String((SIZE_MB + 1) * 1024 * 1024) } });
  try {
    const owner = await svc.register('owner@media.bench');
    const auth = { authorization: `Bearer ${owner.token}` };
    const treeRes = await fetch(`${svc.api}/trees`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Media bench' }) });
    const treeId = ((await treeRes.json()) as { id: string }).id;

    await mkdir(svc.dataDir, { recursive: true });
    const source = path.join(svc.dataDir, `source-${SIZE_MB}mb.bin`);
    log(`writing a ${SIZE_MB} MB random file`);
    await writeRandomFile(source, SIZE_MB * 1024 * 1024);
    const size = (await stat(source)).size;

    log('uploading it');
    const form = new FormData();
    form.append('file', await openAsBlob(source), 'big.bin');
    form.append('title', 'Large scan');
    const rssBeforeUpload = process.memoryUsage.rss();
    const up = await withPeakRss(async () => {
      const t0 = performance.now();
      const res = await fetch(`${svc.api}/trees/${treeId}/media`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as { id: string; checksum: string; size: number };
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, body };
    });
    const media = up.result.body;
    const stored = path.join(svc.dataDir, 'media', 'media', treeId, media.id);

    const viaService: number[] = [];
    const fromDisk: number[] = [];
    let peakRss = 0;
    let baseline = 0;
    for (let i = 0; i < RUNS; i += 1) {
      global.gc?.();
      baseline = Math.max(baseline, process.memoryUsage.rss());
      const service = await withPeakRss(async () => {
        const t0 = performance.now();
        const res = await fetch(`${svc.api}/media/${media.id}/content`, { headers: auth });
        if (res.status !== 200 || res.body === null) throw new Error(`download: ${res.status}`);
        const got = await drain(res.body as unknown as AsyncIterable<Uint8Array>);
        if (got.bytes !== size || got.sha256 !== media.checksum) throw new Error('download: the bytes differ');
        return performance.now() - t0;
      });
      viaService.push(service.result);
      peakRss = Math.max(peakRss, service.peakRss);
      const t0 = performance.now();
      const disk = await drain(createReadStream(stored, { highWaterMark: 64 * 1024 }));
      if (disk.sha256 !== media.checksum) throw new Error('disk: the bytes differ');
      fromDisk.push(performance.now() - t0);
    }
    const mbps = (msTaken: number) => `${(size / 1024 / 1024 / (msTaken / 1000)).toFixed(0)} MB/s`;
    printTable(`Benchmark: media upload and download of a ${SIZE_MB} MB file (filesystem store), ${RUNS} runs, ${(await import('node:os')).cpus().length} cores`, [
      ['upload through the service', `${up.result.ms.toFixed(0)} ms (${mbps(up.result.ms)}), peak RSS ${mb(up.peakRss)} (before: ${mb(rssBeforeUpload)})`],
      ['download through the service: median', `${median(viaService).toFixed(0)} ms (${mbps(median(viaService))})`],
      ['read straight from disk: median', `${median(fromDisk).toFixed(0)} ms (${mbps(median(fromDisk))})`],
      ['service / disk throughput ratio', (median(fromDisk) / median(viaService)).toFixed(2)],
      ['RSS before downloads / peak during', `${mb(baseline)} / ${mb(peakRss)} (growth ${mb(peakRss - baseline)} for a ${mb(size)} file)`],
    ]);
  } finally {
    await svc.close();
  }
};

runMain(main);
