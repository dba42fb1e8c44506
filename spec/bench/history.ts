// `npm run bench -- history` (issue 29): what history costs. A generated GEDCOM file of BENCH_PERSONS
// (default 100,000) is imported through HTTP into an empty tree (its history written by the
// triggers in the import's COPY batches), one person is then changed BENCH_CHANGES times (default
// 10,000; each a statement of its own, as an editor's saves are), and its history is read a page of
// 50 at a time by CLIENTS (32) closed-loop clients for BENCH_SECONDS, first pages and pages deep in
// it. Reported: the import's rate, the latency of a page, the CPU of each process over each load (the
// load generator runs in a process of its own, loadgen.ts: over half a core makes the load invalid),
// and the bytes history takes on disk per change and per changed field. Goal: p95 <= 20 ms for a page of 50.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeGedcomFile } from './generate-gedcom.js';
import { log, mb, ms, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { postgresMeter, processMeter } from './cpu.js';
import { startLoadGenerator } from './loadgen.js';
import { cpuRow, invalidRuns } from './reads-measure.js';
import { startServiceProcess } from './service-process.js';
import { openAsBlob } from 'node:fs';

const int = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};

const main = async (): Promise<void> => {
  const persons = int('BENCH_PERSONS', 100_000);
  const changes = int('BENCH_CHANGES', 10_000);
  const seconds = int('BENCH_SECONDS', 10);
  const clients = int('CLIENTS', 32);
  const scratch = await startScratchDatabase({ closeOnSignal: true });
  try {
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir });
    scratch.onClose(() => svc.stop());
    const api = svc.api;
    const owner = await registerUser(api, 'history-bench@example.org');
    const auth = { authorization: `Bearer ${owner.token}` };
    const tree = (await (await fetch(`${api}/trees`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'History bench' }) })).json()) as { id: string };

    log(`generating and importing a ${persons.toLocaleString('en')}-person GEDCOM file`);
    const file = path.join(scratch.dir, 'bench.ged');
    await writeGedcomFile(file, { persons, seed: 29 });
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'bench.ged');
    const t0 = performance.now();
    const imported = await fetch(`${api}/trees/${tree.id}/gedcom/import`, { method: 'POST', headers: auth, body: form });
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    const importMs = performance.now() - t0;
    const afterImport = (await scratch.db.query<{ rows: string; bytes: string; fields: string }>(
      `select count(*) as rows, pg_total_relation_size('record_changes') as bytes, coalesce(sum(jsonb_array_length(changes)), 0) as fields from record_changes`)).rows[0]!;

    const [person] = (await scratch.db.query<{ id: string }>('select id from persons where tree_id = $1 order by id limit 1 offset 500', [tree.id])).rows;
    log(`changing one person ${changes.toLocaleString('en')} times, one statement each`);
    await scratch.db.query(`do $$ begin for i in 1..${changes} loop update persons set notes = 'note ' || i, updated_at = now() where id = '${person!.id}'; end loop; end $$`);
    const all = (await scratch.db.query<{ rows: string; bytes: string; fields: string }>(
      `select count(*) as rows, pg_total_relation_size('record_changes') as bytes, coalesce(sum(jsonb_array_length(changes)), 0) as fields from record_changes`)).rows[0]!;
    const updateBytes = Number(all.bytes) - Number(afterImport.bytes);
    const updateRows = Number(all.rows) - Number(afterImport.rows);

    // Cursors into the person's history: the first page, and pages from anywhere in it.
    const first = await fetch(`${api}/persons/${person!.id}/history?limit=50`, { headers: auth });
    if (first.status !== 200) throw new Error(`history: ${first.status}`);
    const cursors: string[] = [];
    let next = first.headers.get('x-next-cursor');
    for (let i = 0; i < 40 && next !== null; i++) {
      cursors.push(next);
      const page = await fetch(`${api}/persons/${person!.id}/history?limit=50&cursor=${next}`, { headers: auth });
      next = page.headers.get('x-next-cursor');
      // Skip ahead: every fifth page's cursor is kept.
      for (let k = 0; k < 4 && next !== null; k++) next = (await fetch(`${api}/persons/${person!.id}/history?limit=50&cursor=${next}`, { headers: auth })).headers.get('x-next-cursor');
    }
    const load = await startLoadGenerator([processMeter('service', svc.pid), await postgresMeter(scratch.db)]);
    scratch.onClose(() => load.stop());
    const firstPages = await load.run({ next: () => `${api}/persons/${person!.id}/history?limit=50`, headers: auth, clients, seconds, expected: [200], countRows: true, requests: 1 });
    let n = 0;
    const deep = () => `${api}/persons/${person!.id}/history?limit=50&cursor=${cursors[n++ % cursors.length]}`;
    const deepPages = await load.run({ next: deep, headers: auth, clients, seconds, expected: [200], countRows: true, requests: Math.max(1, cursors.length) });
    const alone = await load.run({ next: deep, headers: auth, clients: 1, seconds, expected: [200], countRows: true, requests: Math.max(1, cursors.length) });
    const invalid = invalidRuns([['first pages', firstPages], ['deep pages', deepPages], ['one client', alone]]);

    printTable(`history (${persons.toLocaleString('en')} persons imported, one person changed ${changes.toLocaleString('en')} times; ${clients} clients, ${seconds} s each)`, [
      ['import', `${(importMs / 1000).toFixed(1)} s, ${Math.round(persons / (importMs / 1000)).toLocaleString('en')} persons/s`],
      ['history rows after the import', Number(afterImport.rows) === 0
        ? `0: an import's creations are carried by the rows it creates (migration 20270122090000)`
        : `${Number(afterImport.rows).toLocaleString('en')} (${mb(Number(afterImport.bytes))} with indexes: ${Math.round(Number(afterImport.bytes) / Number(afterImport.rows))} B a change; an import's creations carry no fields)`],
      ['an update of one field (notes)', `${updateRows.toLocaleString('en')} rows, ${Math.round(updateBytes / Math.max(1, updateRows))} B a change with indexes (${Math.round((Number(all.fields) - Number(afterImport.fields)))} fields)`],
      ['first page of 50 of that person', `p50 ${ms(firstPages.p.p50)}, p95 ${ms(firstPages.p.p95)}, p99 ${ms(firstPages.p.p99)}, ${Math.round(firstPages.perSecond)} req/s (${firstPages.statuses}) | ${firstPages.validity}`],
      cpuRow(firstPages, '  '),
      ['a page of 50 deep in it (cursor)', `p50 ${ms(deepPages.p.p50)}, p95 ${ms(deepPages.p.p95)}, p99 ${ms(deepPages.p.p99)}, ${Math.round(deepPages.perSecond)} req/s (${deepPages.statuses}) | ${deepPages.validity}`],
      cpuRow(deepPages, '  '),
      ['a page deep in it, one client alone', `p50 ${ms(alone.p.p50)}, p95 ${ms(alone.p.p95)}, p99 ${ms(alone.p.p99)}, ${Math.round(alone.perSecond)} req/s | ${alone.validity}`],
      cpuRow(alone, '  '),
      ['rows a page (sampled answers)', `${Math.min(...firstPages.rows, ...deepPages.rows)}-${Math.max(...firstPages.rows, ...deepPages.rows)}`],
      ['load generator', `own process (loadgen.ts, one core), ${os.cpus().length} cores in all: ${invalid.length === 0 ? 'every load valid (client <= 0.5 core)' : `INVALID loads, the client may have set the pace: ${invalid.join('; ')}`}`],
      ['goal', `p95 <= 20 ms: ${Math.max(firstPages.p.p95, deepPages.p.p95) <= 20 ? 'met' : 'missed'} under ${clients} clients, ${alone.p.p95 <= 20 ? 'met' : 'missed'} alone`],
    ]);
  } finally {
    await scratch.close();
  }
};

runMain(main);
