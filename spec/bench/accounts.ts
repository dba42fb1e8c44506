// `npm run bench -- accounts` (issue 12): GET /users/me/export and POST /users/me/import of an account
// holding the generated tree (BENCH_PERSONS, default 100,000) and BENCH_MEDIA_MB of media (default
// 200, in BENCH_MEDIA_FILES files, default 100, every other one attached to a person), and the same
// for a small account (BENCH_SMALL_PERSONS, default 1,000, and 5 files of 2 MB) to show whether the
// growth is flat. Goal: the service's RSS grows by less than 100 MB over its RSS just before, for
// either. Each export and import runs in a fresh service process (bootstrap/server.ts, filesystem
// media store) after one warm-up request, so no earlier request's heap counts; its RSS is sampled
// every 20 ms from /proc. The export is streamed to a file, the import streamed from it as multipart
// into a second account; the import's report must count exactly what the source holds.
// Phases: the export splits where the zip's account.json ends (records read, encoded and deflated)
// and its media entries begin; the import into sending the upload, reading the records up to the
// first restored media file (the restored tree's folder appears in the store), and the media.
// A preload in each measured process (accounts-memory.ts) reports its JS heap and buffers, and the heap
// still used just after V8's full collections: memory held, as against garbage not yet collected.
// BENCH_CPU_PROF=<dir>: each measured service process writes a V8 CPU profile of the export or import there.
import { mkdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryProbe, type MemoryPeaks } from './accounts-memory.js';
import { accountJsonEnd, downloadExport, listDir, rssSampler, seedMedia, uploadImport, watchNewDirectory } from './accounts-io.js';
import { generateTree, type GeneratedTree } from './generate-tree.js';
import { log, mb, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { startServiceProcess } from './service-process.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SMALL = Number(process.env['BENCH_SMALL_PERSONS'] ?? 1_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
const MEDIA_MB = Number(process.env['BENCH_MEDIA_MB'] ?? 200);
const MEDIA_FILES = Number(process.env['BENCH_MEDIA_FILES'] ?? 100);
const CPU_PROF = process.env['BENCH_CPU_PROF'];
if (![N, SMALL].every((n) => Number.isInteger(n) && n >= 10)) throw new Error('BENCH_PERSONS and BENCH_SMALL_PERSONS must be integers >= 10');
if (!(MEDIA_FILES >= 1 && MEDIA_MB * 1024 * 1024 >= MEDIA_FILES * 1024)) throw new Error('BENCH_MEDIA_FILES must be >= 1, each file at least 1 KB');
const GOAL_BYTES = 100 * 1024 * 1024;
const MiB = 1024 * 1024;

type Account = { label: string; tree: GeneratedTree; files: number; fileBytes: number; owner?: { id: string; token: string }; restorer?: { id: string; token: string } };
type Counts = Record<string, number>;

const secs = (msTaken: number) => `${(msTaken / 1000).toFixed(1)} s`;
const heap = (m: MemoryPeaks) =>
  `peaks: JS heap ${mb(m.heapTotal)} (used ${mb(m.heapUsed)}), external ${mb(m.external)} (ArrayBuffers ${mb(m.arrayBuffers)}); held (heap used after a full GC): ${m.majorGcs === 0 ? 'no full GC ran' : `max ${mb(m.liveAfterMajorGc)} over ${m.majorGcs}`}`;
const goal = (growth: number) => `${growth < GOAL_BYTES ? 'met' : 'NOT met'}`;

const main = async (): Promise<void> => {
  const accounts: Account[] = [];
  const scratch = await startScratchDatabase({
    closeOnSignal: true,
    seed: async (db) => {
      log(`generating ${SMALL} and ${N} persons`);
      accounts.push({ label: `small (${SMALL} persons)`, tree: await generateTree(db, { persons: SMALL, seed: SEED + 1 }), files: 5, fileBytes: 2 * MiB });
      accounts.push({ label: `large (${N} persons)`, tree: await generateTree(db, { persons: N, seed: SEED }), files: MEDIA_FILES, fileBytes: Math.floor((MEDIA_MB * MiB) / MEDIA_FILES) });
    },
  });
  try {
    const { db } = scratch;
    await db.query('vacuum analyze');
    const dataDir = path.join(scratch.dir, 'data');
    const work = path.join(scratch.dir, 'work');
    await mkdir(dataDir, { recursive: true });
    await mkdir(work, { recursive: true });
    if (CPU_PROF !== undefined) await mkdir(CPU_PROF, { recursive: true });
    const probe = await memoryProbe(path.join(scratch.dir, 'memory-probe.mjs'), CPU_PROF === undefined ? null : path.resolve(CPU_PROF));
    const service = (measuring: boolean) =>
      startServiceProcess({
        databaseUrl: scratch.url, dataDir,
        env: {
          MAX_UPLOAD_BYTES: String(2 * 1024 * MiB),
          ...(measuring ? { NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} ${probe.flag}`.trim() } : {}),
        },
      });

    log('starting the service process to seed the media');
    const setup = await service(false);
    for (const [i, a] of accounts.entries()) {
      a.owner = await registerUser(setup.api, `owner${i}@accounts.bench`);
      a.restorer = await registerUser(setup.api, `restorer${i}@accounts.bench`);
      await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [a.tree.treeId, a.owner.id]);
      log(`uploading ${a.files} files of ${mb(a.fileBytes)} to the ${a.label} account`);
      await seedMedia({ api: setup.api, token: a.owner.token, treeId: a.tree.treeId, dir: work, count: a.files, bytes: a.fileBytes, personIds: a.tree.persons.map((p) => p.id) });
    }
    await setup.stop();

    // A fresh service, one warm-up request, then `run` with the service's RSS sampled.
    const measured = async <A>(token: string, run: (api: string) => Promise<A>) => {
      const svc = await service(true);
      try {
        const warm = await fetch(`${svc.api}/users/me`, { headers: { authorization: `Bearer ${token}` } });
        await warm.arrayBuffer();
        await probe.reset();
        const before = await svc.rss();
        const sampler = rssSampler(svc.pid);
        const result = await run(svc.api);
        await sampler.stop();
        return { result, before, sampler, memory: await probe.peaks() };
      } finally {
        await svc.stop();
      }
    };

    const rows: [string, string][] = [];
    const summary: [string, string][] = [];
    const missed: string[] = [];
    for (const a of accounts) {
      const c = a.tree.counts;
      const expected: Counts = { trees: 1, persons: c.persons, names: c.names, places: c.places, relationships: c.relationships, events: c.events, sources: 0, citations: 0, media: a.files, proposals: 0 };
      const zip = path.join(work, `export-${a.tree.treeId}.zip`);
      log(`export of the ${a.label} account`);
      const ex = await measured(a.owner!.token, (api) => downloadExport(api, a.owner!.token, zip));
      const size = (await stat(zip)).size;
      const { end: jsonEnd, jsonBytes, jsonPacked } = await accountJsonEnd(zip, size);
      const jsonMs = ex.result.arrivals.find((x) => x.bytes >= jsonEnd)?.t ?? ex.result.ms;
      const exGrowth = ex.sampler.peak() - ex.before;

      log(`import of the ${a.label} account into a second account`);
      const mediaDir = path.join(dataDir, 'media', 'media');
      const dirsBefore = await listDir(mediaDir);
      let firstMediaMs = NaN;
      const im = await measured(a.restorer!.token, async (api) => {
        const watch = watchNewDirectory(mediaDir, dirsBefore);
        try {
          return await uploadImport(api, a.restorer!.token, zip);
        } finally {
          firstMediaMs = watch.stop();
        }
      });
      if (im.result.status !== 201) throw new Error(`import: ${im.result.status} ${im.result.text.slice(0, 500)}`);
      const report = JSON.parse(im.result.text) as { trees: { id: string }[]; counts: Counts };
      const wrong = Object.keys(expected).filter((k) => report.counts[k] !== expected[k]);
      if (wrong.length > 0) throw new Error(`import counts differ from the source: ${wrong.map((k) => `${k} ${report.counts[k]} != ${expected[k]}`).join(', ')}`);
      const restored = (await db.query<{ n: string }>('select count(*) as n from persons where tree_id = $1 and deleted_at is null', [report.trees[0]!.id])).rows[0]!.n;
      if (Number(restored) !== c.persons) throw new Error(`the restored tree holds ${restored} persons, not ${c.persons}`);
      const imGrowth = im.sampler.peak() - im.before;
      const { sentMs, ms: imMs } = im.result;
      const recordsEnd = Number.isNaN(firstMediaMs) ? imMs : firstMediaMs;

      if (exGrowth >= GOAL_BYTES) missed.push(`${a.label} export`);
      if (imGrowth >= GOAL_BYTES) missed.push(`${a.label} import`);
      summary.push([a.label, [
        `export ${secs(ex.result.ms)}, ${mb(size)}, ${(size / MiB / (ex.result.ms / 1000)).toFixed(1)} MB/s, RSS +${mb(exGrowth)} (${goal(exGrowth)})`,
        `import ${secs(imMs)}, ${Math.round(c.persons / (imMs / 1000))} persons/s, RSS +${mb(imGrowth)} (${goal(imGrowth)})`,
      ].join(' | ')]);
      rows.push(
        [`${a.label}: account`, `${c.persons} persons, ${c.names} names, ${c.events} events, ${c.relationships} relationships, ${c.places} places; ${a.files} media files, ${mb(a.files * a.fileBytes)}`],
        ['  export', `${secs(ex.result.ms)}, ${mb(size)}, ${(size / MiB / (ex.result.ms / 1000)).toFixed(1)} MB/s; account.json ${mb(jsonBytes)} deflated to ${mb(jsonPacked)}`],
        ['  export phases', `records (to the end of account.json) ${secs(jsonMs)}, peak RSS growth ${mb(ex.sampler.peak(0, jsonMs) - ex.before)}; media ${secs(ex.result.ms - jsonMs)}, peak RSS growth ${mb(ex.sampler.peak(jsonMs) - ex.before)}`],
        ['  export memory', heap(ex.memory)],
        ['  export RSS', `before ${mb(ex.before)}, peak ${mb(ex.sampler.peak())}, growth ${mb(exGrowth)}: goal < 100 MB ${goal(exGrowth)}`],
        ['  import', `${secs(imMs)}, ${Math.round(c.persons / (imMs / 1000))} persons/s; report counts equal the source's (201)`],
        ['  import phases', `upload ${secs(sentMs)}, peak RSS growth ${mb(im.sampler.peak(0, sentMs) - im.before)}; records ${secs(recordsEnd - sentMs)}, peak RSS growth ${mb(im.sampler.peak(sentMs, recordsEnd) - im.before)}; media ${secs(imMs - recordsEnd)}, peak RSS growth ${mb(im.sampler.peak(recordsEnd) - im.before)}`],
        ['  import memory', heap(im.memory)],
        ['  import RSS', `before ${mb(im.before)}, peak ${mb(im.sampler.peak())}, growth ${mb(imGrowth)}: goal < 100 MB ${goal(imGrowth)}`],
      );
    }
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    printTable(`Benchmark: account export and import over HTTP, service in a fresh process per measurement, ${os.cpus().length} cores`, [
      ['Node / PostgreSQL', `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}; filesystem media store`],
      ...rows,
    ]);
    printTable('Summary (goal: the service\'s RSS grows by < 100 MB over its RSS just before)', summary);
    if (missed.length > 0) console.log(`\nMissed goals: ${missed.join('; ')}`);
  } finally {
    await scratch.close();
  }
};

runMain(main);
