// `npm run bench -- gedcom`: GEDCOM import and export at scale, end to end through HTTP, against the
// real server (bootstrap/server.ts) in a process of its own, so the peak RSS reported is the
// service's (VmRSS of its pid, sampled every 50 ms), not this load generator's. For each size of
// BENCH_GEDCOM_SIZES (default 100000,1000000): a generated GEDCOM 5.5.1 file (spec/bench/
// generate-gedcom.ts: families, events, places, sources, citations) is imported into an empty tree,
// exported again (5.5.1 and 7.0, streamed, INDI records counted as they arrive; then the GEDZIP of
// 7.0, its bytes counted), and for the first size a 10,000-person file is previewed against the
// imported tree (BENCH_GEDCOM_PREVIEW=0 leaves that out). Each step reports the CPU seconds of the
// service, of PostgreSQL (every process of the scratch cluster) and of the client, per 1,000 persons
// (issue 27): the import's client is this bench; the exports' is a process of its own
// (export-client.ts), beside which this bench (sampling the service's RSS) is reported as `bench`.
// Last, the floor under both (bareFloor: a bare Koa + pg baseline reading the tree's rows and writing
// them again into an empty database), with the service's ratio to it.
// Goals (issues 14, 27): import >= 10,000 persons/s with the service's peak RSS <= 512 MB whatever
// the size; export >= 50,000 persons/s.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { BARE_SECTION_ROWS, exportRows, importBody, startBareGedcom, treeRows } from './bare-gedcom.js';
import { autovacuumMeter, benchMeter, postgresMeter, processMeter, startCpuWindow, type CpuMeter, type CpuWindow } from './cpu.js';
import { writeGedcomFile } from './generate-gedcom.js';
import { startChannel } from './child-channel.js';
import type { FromExportClient, ToExportClient } from './export-client.js';
import { log, mb, printTable, registerUser, runMain, startScratchDatabase, type ScratchDatabase } from './harness.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

const SIZES = (process.env['BENCH_GEDCOM_SIZES'] ?? process.env['BENCH_GEDCOM_PERSONS'] ?? '100000,1000000').split(',').map(Number);

/** Runs `work` metering CPU: its result, its time and each meter's CPU seconds. */
const timed = async <A>(meters: readonly CpuMeter[], work: () => Promise<A>): Promise<{ result: A; ms: number; cpu: CpuWindow }> => {
  const window = await startCpuWindow(meters);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  return { result, ms, cpu: await window.end() };
};

/** `timed`, sampling the service's RSS meanwhile: also the peak. */
const sampled = async <A>(svc: ServiceProcess, meters: readonly CpuMeter[], work: () => Promise<A>): Promise<{ result: A; ms: number; peak: number; cpu: CpuWindow }> => {
  let peak = await svc.rss();
  const timer = setInterval(() => void svc.rss().then((r) => (peak = Math.max(peak, r))), 50);
  try {
    const r = await timed(meters, work);
    return { ...r, peak: Math.max(peak, await svc.rss()) };
  } finally {
    clearInterval(timer);
  }
};

/** Waits (up to `ms`) until no autovacuum worker runs on the server: a big import's commit calls them, and they would share the floor's cores. */
const autovacuumDone = async (db: pg.Client, ms: number): Promise<boolean> => {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`)).rows as [{ n: number }];
    if (n === 0) return true;
  }
  return false;
};

/**
 * Waits (up to `ms`) until the service's background pass has written a person card for every live
 * person of the tree (bootstrap/card-schedule.ts): it starts a few seconds after an import and, on
 * 100,000 persons, takes about 12 s of PostgreSQL, deferred while an export of the tree runs
 * (adapters/postgres/gedcom-export.ts). What is measured after the exports (the preview, the floor)
 * must not share the cores with it.
 */
const cardsFilled = async (db: pg.Client, treeId: string, ms: number): Promise<boolean> => {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from persons p where p.tree_id = $1 and p.deleted_at is null and not exists (select 1 from person_cards c where c.person_id = p.id)`, [treeId],
    )).rows as [{ n: number }];
    if (n === 0) return true;
  }
  return false;
};

type Floor = { exported: { ms: number; cpu: CpuWindow; bytes: number }; imported: { ms: number; cpu: CpuWindow; rows: number; settled: boolean } };

/**
 * The bare baseline (bare-gedcom.ts) beside the service's import and exports of the tree `from`:
 * the same rows read from its database, and written into a new, empty one on the same server (as
 * the service's import was: a database holding the tree twice, and the autovacuum its commit
 * calls, made the floor at 1,000,000 persons slower than the service), with nothing of GEDCOM.
 */
const bareFloor = async (scratch: ScratchDatabase, from: string, client: ExportClient, vacuums: CpuMeter | null): Promise<Floor> => {
  const into = randomUUID();
  const dbMeter = await postgresMeter(scratch.db);
  const meters = (pid: number) => [processMeter('bare', pid), dbMeter, vacuums, { ...benchMeter, label: 'client' }].filter((m): m is CpuMeter => m !== null);
  const reader = await startBareGedcom(scratch.url);
  let exported: Awaited<ReturnType<typeof timed<number>>>;
  try {
    // Read by the exports' client (its own process), as the service's exports are.
    const readMeters = [...meters(reader.pid).filter((m) => m.label !== 'client'), processMeter('client', client.pid), { ...benchMeter, label: 'bench' }];
    exported = await timed(readMeters, async () => (await client.read(`${reader.url}/export/${from}`, null, false)).bytes);
  } finally {
    await reader.stop();
  }
  const parts = await exportRows(scratch.db, from, into, scratch.dir);
  const target = await scratch.another();
  try {
    // The tree's row, under the new id (its owner's row is not there: no reference is checked here, as in the floor's COPYs).
    const [{ row }] = (await scratch.db.query<{ row: unknown }>('select row_to_json(t) as row from trees t where id = $1', [from])).rows as [{ row: Record<string, unknown> }];
    await target.db.query('begin');
    await target.db.query('set local session_replication_role = replica');
    await target.db.query('insert into trees select * from json_populate_record(null::trees, $1)', [{ ...(row as object), id: into }]);
    await target.db.query('commit');
    const settled = await autovacuumDone(scratch.db, 300_000);
    const writer = await startBareGedcom(target.url);
    try {
      // Sent with node:http, as the service's import is (`fetch` cost this client 17 ms of CPU per 1,000 persons, 0.24 of a core).
      const imported = await timed(meters(writer.pid), async () => {
        const answer = await sent(new URL(`${writer.url}/import`), {}, (req, reject) => {
          const body = importBody(parts);
          body.on('error', reject);
          body.pipe(req);
        });
        const body = JSON.parse(answer.text) as { rows?: number; error?: string };
        if (answer.status !== 200 || body.rows === undefined) throw new Error(`bare import: ${answer.status} ${body.error ?? ''}`);
        return body.rows;
      });
      // The floor wrote what the service did, or it is no floor.
      const [source, copy] = [await treeRows(scratch.db, from), await treeRows(target.db, into)];
      if (imported.result !== source.total || JSON.stringify(copy.byTable) !== JSON.stringify(source.byTable))
        throw new Error(`bare import: ${imported.result} rows written, ${JSON.stringify(copy.byTable)} against the tree's ${JSON.stringify(source.byTable)}`);
      return { exported: { ms: exported.ms, cpu: exported.cpu, bytes: exported.result }, imported: { ms: imported.ms, cpu: imported.cpu, rows: imported.result, settled } };
    } finally {
      await writer.stop();
    }
  } finally {
    await target.drop();
    for (const p of parts) await rm(p.file, { force: true });
  }
};

/** CPU per 1,000 persons of each meter (ms), and each one's share of the window in cores. */
const cpuPer = (cpu: CpuWindow, persons: number): string =>
  `${cpu.measured.map((m) => `${m.label} ${(m.seconds * 1e6 / persons).toFixed(0)} ms (${(m.seconds / cpu.wallSeconds).toFixed(2)} cores)`).join(', ')} per 1,000 persons; machine ${(cpu.machineBusy / cpu.wallSeconds).toFixed(2)} cores busy`;

/** A POST to `url` by node:http: `write` sends its body on `req`; answers the status and the answer's text. */
const sent = (url: URL, headers: http.OutgoingHttpHeaders, write: (req: http.ClientRequest, reject: (e: unknown) => void) => void): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    write(req, reject);
  });

/**
 * A multipart upload of `file` (its one part, `file`), streamed from the disk by node:http. What an
 * import waits for before it reads anything is the whole upload, so the client's pace is part of the
 * import's time. The service's spool of the 40.0 MB bench file, alternated three times over one
 * service (forty-sixth session): 354-628 ms from `fetch` with a FormData of the file's Blob, 154-371 ms
 * from this, 135-140 ms from `curl -F`.
 */
const post = async (api: string, token: string, treeId: string, what: 'import' | 'preview', file: string): Promise<Record<string, unknown>> => {
  const boundary = `bench${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(file)).size;
  const answer = await sent(new URL(`${api}/trees/${treeId}/gedcom/${what}`), {
    authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length,
  }, (req, reject) => {
    req.write(head);
    const input = createReadStream(file, { highWaterMark: 1 << 20 });
    input.on('error', reject);
    input.on('end', () => req.end(tail));
    input.pipe(req, { end: false });
  });
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
};

/**
 * The export client (export-client.ts), a process of its own: streams an answer with node:http,
 * counting its bytes and, when `indi`, its INDI records as they arrive (record-count.ts: in the bytes,
 * with no decoding). The service's exports: `query` '' for 5.5.1, `?version=7.0`, `?version=7.0&media=true`
 * for GEDZIP (its INDI are deflated, not counted).
 */
const startExportClient = async () => {
  const child = startChannel<ToExportClient, FromExportClient>(fileURLToPath(new URL('./export-client.ts', import.meta.url)), 'the export client');
  const ready = await child.next();
  if (ready.type !== 'ready') throw new Error(`the export client answered ${ready.type}`);
  const read = async (url: string, token: string | null, indi: boolean): Promise<{ bytes: number; indi: number }> => {
    child.send({ type: 'export', url, token, indi });
    const m = await child.next();
    if (m.type === 'failed') throw new Error(m.error);
    if (m.type !== 'exported') throw new Error(`the export client answered ${m.type}`);
    return { bytes: m.bytes, indi: m.indi };
  };
  return {
    pid: child.pid,
    stop: child.stop,
    read,
    exportTree: (api: string, token: string, treeId: string, query = '', zipped = false) => read(`${api}/trees/${treeId}/gedcom/export${query}`, token, !zipped),
  };
};
type ExportClient = Awaited<ReturnType<typeof startExportClient>>;

const rate = (n: number, msTaken: number): number => Math.round(n / (msTaken / 1000));
const fmt = (n: number): string => n.toLocaleString('en');

const main = async (): Promise<void> => {
  const rows: [string, string][] = [];
  for (const [i, n] of SIZES.entries()) {
    const scratch = await startScratchDatabase({ closeOnSignal: true });
    try {
      const dataDir = path.join(scratch.dir, 'data');
      await mkdir(dataDir, { recursive: true });
      const big = path.join(scratch.dir, `bench-${n}.ged`);
      log(`generating a ${fmt(n)}-person GEDCOM file`);
      const counts = await writeGedcomFile(big, { persons: n, seed: 20261123 });
      // PL/pgSQL functions' own time (the triggers an import fires), from pg_stat_user_functions; a
      // DATABASE_URL whose role may not set track_functions (a superuser's setting) goes without.
      const dbName = (await scratch.db.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
      const tracked = await scratch.db.query(`alter database "${dbName}" set track_functions = 'pl'`).then(() => true, () => false);
      const vacuums = await autovacuumMeter(scratch.db);
      const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir, env: { MAX_UPLOAD_BYTES: String(4 * 1024 * 1024 * 1024) } });
      const client = await startExportClient().catch(async (e: unknown) => {
        await svc.stop();
        throw e;
      });
      try {
        const owner = await registerUser(svc.api, `owner${n}@gedcom.bench`);
        const treeRes = await fetch(`${svc.api}/trees`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `GEDCOM bench ${n}` }) });
        const treeId = ((await treeRes.json()) as { id: string }).id;
        const idle = await svc.rss();
        // PostgreSQL's CPU, and what of it its autovacuum workers used: the import's commit sets them off on
        // the tables it filled, and they run beside the exports that follow.
        const meters = [processMeter('service', svc.pid), await postgresMeter(scratch.db), vacuums, { ...benchMeter, label: 'client' }].filter((m): m is CpuMeter => m !== null);
        log(`importing it through HTTP (service pid ${svc.pid})`);
        const imported = await sampled(svc, meters, () => post(svc.api, owner.token, treeId, 'import', big));
        const report = imported.result as { persons: { created: number }; relationships: { created: number }; events: { created: number }; citations: { created: number } };
        // What the tree costs on disk (docs/SCALING.md): the database after the import, tables and indexes.
        const [size] = (await scratch.db.query<{ total: string; persons: string; names: string; events: string; relationships: string }>(
          `select pg_database_size(current_database())::text as total,
             pg_total_relation_size('persons')::text as persons, pg_total_relation_size('names')::text as names,
             pg_total_relation_size('events')::text as events, pg_total_relation_size('relationships')::text as relationships`,
        )).rows;
        const persons = report.persons.created;
        await new Promise((r) => setTimeout(r, 1500)); // backends flush their statistics within a second of going idle
        const functions = tracked
          ? (await scratch.db.query<{ name: string; calls: string; self: number }>(
            'select funcname as name, calls::text, self_time as self from pg_stat_user_functions order by self_time desc limit 8',
          )).rows
          : null;
        log('exporting the tree');
        const exports: [string, string, boolean][] = [['5.5.1', '', false], ['7.0', '?version=7.0', false], ['GEDZIP (7.0)', '?version=7.0&media=true', true]];
        const exported: { label: string; ms: number; peak: number; cpu: CpuWindow; bytes: number; indi: number }[] = [];
        // The client in a process of its own; this process (the RSS sampler) is metered as the bench.
        const exportMeters = [...meters.filter((m) => m.label !== 'client'), processMeter('client', client.pid), { ...benchMeter, label: 'bench' }];
        for (const [label, query, zipped] of exports) {
          const r = await sampled(svc, exportMeters, () => client.exportTree(svc.api, owner.token, treeId, query, zipped));
          exported.push({ label, ms: r.ms, peak: r.peak, cpu: r.cpu, ...r.result });
        }
        rows.push(
          [`${fmt(n)} persons: file`, `${counts.families} families, ${counts.events} events, ${counts.places} places, ${counts.sources} sources, ${counts.citations} citations, ${mb(counts.bytes)}`],
          ['  import end to end', `${(imported.ms / 1000).toFixed(1)} s = ${fmt(rate(persons, imported.ms))} persons/s (goal 10,000); service peak RSS ${mb(imported.peak)} (goal 512 MB; idle ${mb(idle)})`],
          ['    CPU', cpuPer(imported.cpu, persons)],
          ['    PL/pgSQL functions', functions === null ? 'not measured (this role may not set track_functions)'
            : `${functions.map((f) => `${f.name} ${(f.self * 1000 / persons).toFixed(1)} ms (${fmt(Number(f.calls))} calls)`).join(', ')} per 1,000 persons, own time`],
          ['  created', `${report.persons.created} persons, ${report.relationships.created} relationships, ${report.events.created} events, ${report.citations.created} citations`],
          ['  on disk', `database ${mb(Number(size!.total))} (persons ${mb(Number(size!.persons))}, names ${mb(Number(size!.names))}, events ${mb(Number(size!.events))}, relationships ${mb(Number(size!.relationships))}; with indexes)`],
        );
        for (const e of exported) {
          // A GEDZIP's INDI are not counted (deflated): its rate is over the persons imported.
          const indi = e.label.startsWith('GEDZIP') ? persons : e.indi;
          rows.push(
            [`  export ${e.label}, streamed`, `${(e.ms / 1000).toFixed(1)} s = ${fmt(rate(indi, e.ms))} persons/s (goal 50,000); ${mb(e.bytes)}${e.label.startsWith('GEDZIP') ? '' : `, ${e.indi} INDI`}; service peak RSS ${mb(e.peak)}`],
            ['    CPU', cpuPer(e.cpu, persons)],
          );
        }
        log('waiting for the person cards of the tree');
        const filled = await cardsFilled(scratch.db, treeId, 10 * 60_000);
        if (!filled) rows.push(['  person cards', 'not all written 10 minutes after the exports: what follows shared the cores with their pass']);
        if (i === 0 && process.env['BENCH_GEDCOM_PREVIEW'] !== '0') {
          const small = path.join(scratch.dir, 'preview.ged');
          const previewN = Math.min(10_000, Math.max(10, Math.floor(n / 10)));
          // The same seed: the small file's people are the first ones of the big file, so preview has look-alikes to find.
          await writeGedcomFile(small, { persons: previewN, seed: 20261123 });
          log('previewing a smaller file against the tree');
          const preview = await sampled(svc, meters, () => post(svc.api, owner.token, treeId, 'preview', small));
          rows.push([`  preview of ${fmt(previewN)} against it`, `${(preview.ms / 1000).toFixed(1)} s, ${(preview.result['matches'] as unknown[]).length} persons with candidates; service peak RSS ${mb(preview.peak)}`]);
        }
        // Last: the floor reads this database after the service's exports, and writes into another.
        log('the bare baseline: the same rows written and read');
        const floor = await bareFloor(scratch, treeId, client, vacuums);
        const ratio = (ms: number, floorMs: number): string => `${(floorMs / ms).toFixed(2)}x`;
        rows.push(
          ['  bare: the same rows written', `${(floor.imported.ms / 1000).toFixed(1)} s = ${fmt(rate(persons, floor.imported.ms))} persons/s (${fmt(floor.imported.rows)} rows, binary COPYs of ${fmt(BARE_SECTION_ROWS)} rows, into an empty database${floor.imported.settled ? '' : '; autovacuum still ran after 5 minutes'}); the service's import ${ratio(imported.ms, floor.imported.ms)} of it`],
          ['    CPU', cpuPer(floor.imported.cpu, persons)],
          ['  bare: the same rows read', `${(floor.exported.ms / 1000).toFixed(1)} s = ${fmt(rate(persons, floor.exported.ms))} persons/s (COPY text, ${mb(floor.exported.bytes)}); the exports ${exported.map((e) => `${e.label} ${ratio(e.ms, floor.exported.ms)}`).join(', ')} of it`],
          ['    CPU', cpuPer(floor.exported.cpu, persons)],
        );
        if (svc.exited() !== null) throw new Error(`the service ended: ${svc.exited()}`);
      } finally {
        vacuums?.stop();
        await client.stop();
        await svc.stop();
        await rm(big, { force: true });
      }
    } finally {
      await scratch.close();
    }
  }
  printTable(`Benchmark: GEDCOM import and export over HTTP on PostgreSQL (service in its own process), ${os.cpus().length} cores, Node ${process.version}`, rows);
};

runMain(main);
