// `npm run bench` (GEDCOM part): a generated GEDCOM 5.5.1 file of BENCH_GEDCOM_PERSONS persons
// (default 100,000: families, events, places, sources, citations) imported end to end through HTTP
// into PostgreSQL, exported again, and a 10,000-person file previewed against the imported tree.
// Reports persons per second, peak RSS (server and client share this process) and the core count.
import { mkdir, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeGedcomFile } from './generate-gedcom.js';
import { log, mb, printTable, runMain, startBenchService, withPeakRss } from './harness.js';

const N = Number(process.env['BENCH_GEDCOM_PERSONS'] ?? 100_000);
const PREVIEW_N = Math.min(10_000, Math.max(10, Math.floor(N / 10)));

const main = async (): Promise<void> => {
  const svc = await startBenchService({ env: { MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024) } });
  try {
    await mkdir(svc.dataDir, { recursive: true });
    const big = path.join(svc.dataDir, 'bench.ged');
    const small = path.join(svc.dataDir, 'preview.ged');
    log(`generating a ${N}-person GEDCOM file`);
    const counts = await writeGedcomFile(big, { persons: N, seed: 20261123 });
    // The same seed: the small file's people are the first ones of the big file, so preview has look-alikes to find.
    await writeGedcomFile(small, { persons: PREVIEW_N, seed: 20261123 });

    const owner = await svc.register('owner@gedcom.bench');
    const auth = { authorization: `Bearer ${owner.token}` };
    const treeRes = await fetch(`${svc.api}/trees`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'GEDCOM bench' }) });
    const treeId = ((await treeRes.json()) as { id: string }).id;
    const post = async (what: 'import' | 'preview', file: string) => {
      const form = new FormData();
      form.append('file', await openAsBlob(file), path.basename(file));
      const t0 = performance.now();
      const res = await fetch(`${svc.api}/trees/${treeId}/gedcom/${what}`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      return { ms: performance.now() - t0, body };
    };

    log('importing it through HTTP');
    const imported = await withPeakRss(() => post('import', big));
    const report = imported.result.body as { persons: { created: number }; relationships: { created: number }; events: { created: number }; citations: { created: number } };

    log('exporting the tree');
    const exported = await withPeakRss(async () => {
      const t0 = performance.now();
      const res = await fetch(`${svc.api}/trees/${treeId}/gedcom/export`, { headers: auth });
      if (res.status !== 200 || res.body === null) throw new Error(`export: ${res.status}`);
      let bytes = 0;
      let indi = 0;
      let carry = '';
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        const text = carry + decoder.decode(chunk, { stream: true });
        const cut = text.lastIndexOf('\n');
        indi += (text.slice(0, cut + 1).match(/^0 @[^@]*@ INDI/gm) ?? []).length;
        carry = text.slice(cut + 1);
      }
      return { ms: performance.now() - t0, bytes, indi };
    });

    log('previewing a smaller file against the tree');
    const preview = await withPeakRss(() => post('preview', small));
    const matches = (preview.result.body as { matches: unknown[] }).matches.length;

    const rate = (n: number, msTaken: number) => `${Math.round(n / (msTaken / 1000)).toLocaleString('en')} persons/s`;
    printTable(`Benchmark: GEDCOM import, export and preview over HTTP on PostgreSQL, ${os.cpus().length} cores`, [
      ['generated file', `${counts.persons} persons, ${counts.families} families, ${counts.events} events, ${counts.places} places, ${counts.sources} sources, ${counts.citations} citations, ${mb((await stat(big)).size)}`],
      ['import end to end', `${imported.result.ms.toFixed(0)} ms = ${rate(report.persons.created, imported.result.ms)}; peak RSS ${mb(imported.peakRss)}`],
      ['  created', `${report.persons.created} persons, ${report.relationships.created} relationships, ${report.events.created} events, ${report.citations.created} citations`],
      ['export (5.5.1, streamed)', `${exported.result.ms.toFixed(0)} ms = ${rate(exported.result.indi, exported.result.ms)}; ${mb(exported.result.bytes)}, ${exported.result.indi} INDI; peak RSS ${mb(exported.peakRss)}`],
      [`preview of ${PREVIEW_N} persons against ${report.persons.created}`, `${preview.result.ms.toFixed(0)} ms, ${matches} persons with candidates; peak RSS ${mb(preview.peakRss)}`],
    ]);
  } finally {
    await svc.close();
  }
};

runMain(main);
