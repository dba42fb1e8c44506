// `npm run bench -- reads` (issue 13): the read paths a public tree's strangers use, over HTTP, the
// service in a process of its own, beside a bare Koa + pg process (bare-reads.ts) in the same run.
//   1. The whole person list (no limit) as the owner, as a signed-in non-member and anonymously on
//      /public, each once on a quiet service: time, bytes and the service's RSS before, at peak, after.
//   2. CLIENTS closed-loop clients for BENCH_SECONDS each (after a short warm-up): the bare baseline's
//      GET /persons/{id}; the service's GET /persons/{id} as a non-member (random persons of the tree);
//      ?q=<surname with a typo>&limit=20 as a non-member; ?q=<given surname, one typo>&limit=20 (a full
//      name, withTypo) as a non-member; the surname search on a second tree holding
//      BENCH_NAMES names, as a member and as a non-member. The clients run in a load generator process of
//      their own (loadgen.ts); each load reports its CPU (client, service, bare, PostgreSQL, the rest of
//      the machine) and is INVALID when the client used more than half a core.
// Environment: BENCH_PERSONS (default 100000), BENCH_NAMES (default 1000000), BENCH_NAMES_PERSONS
// (persons of the names tree, default BENCH_NAMES / 5), BENCH_SECONDS (default 15), BENCH_SEED,
// DATABASE_URL (else an embedded PostgreSQL). Both trees are public and written before the service starts.
// BENCH_READS_ONLY_LISTS=1: only part 1 (the three whole lists): no names tree, no bare baseline, no loads.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBareReads, BARE_POOL_MAX, BARE_READ } from './bare-reads.js';
import { postgresMeter, processMeter } from './cpu.js';
import { generateTree, seededRandom, type GeneratedPerson, type GeneratedTree } from './generate-tree.js';
import { log, mb, median, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { generateNamesTree, type NamesTree } from './names-tree.js';
import { startLoadGenerator } from './loadgen.js';
import { cpuRow, invalidRuns, latency, listLine, rate, verdict, wholeList, type ListResult, type LoadOptions, type LoadResult } from './reads-measure.js';
import { startServiceProcess } from './service-process.js';
import { withTypo } from './typos.js';
import { cardsKept, pagesKept } from './cards.js';

const int = (name: string, fallback: number, min: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min}`);
  return v;
};
const N = int('BENCH_PERSONS', 100_000, 10);
const NAMES = int('BENCH_NAMES', 1_000_000, 10);
const NAMES_PERSONS = int('BENCH_NAMES_PERSONS', Math.max(10, Math.round(NAMES / 5)), 10);
const SECONDS = int('BENCH_SECONDS', 15, 1);
const SEED = int('BENCH_SEED', 20261122, 0);
const CLIENTS = 32;
const WARM_SECONDS = Math.min(3, SECONDS);
const LIMIT = 20;
const ONLY_LISTS = process.env['BENCH_READS_ONLY_LISTS'] === '1';
const GOAL = { ratio: 0.5, singleP99: 25, searchP95: 30, listMs: 1500, listAddedBytes: 64 * 1024 * 1024 };

/** The surname alone with one typo (withTypo types `given surname`; with no given name, only the surname). */
const surnameWithTypo = (rng: () => number, p: GeneratedPerson): string => withTypo(rng, { ...p, given: '' }).trim();

const main = async (): Promise<void> => {
  let tree: GeneratedTree | undefined;
  let named: NamesTree | undefined;
  const scratch = await startScratchDatabase({
    closeOnSignal: true,
    seed: async (db) => {
      log(`generating ${N} persons`);
      tree = await generateTree(db, { persons: N, seed: SEED });
      log(`generating the names tree: ${ONLY_LISTS ? 10 : NAMES_PERSONS} persons, names added up to ${ONLY_LISTS ? 10 : NAMES}`);
      named = await generateNamesTree(db, ONLY_LISTS ? { persons: 10, names: 10, seed: SEED + 1 } : { persons: NAMES_PERSONS, names: NAMES, seed: SEED + 1 });
      await db.query(`update trees set visibility = 'public' where id = any($1::uuid[])`, [[tree.treeId, named.tree.treeId]]);
      // As a live database is after autovacuum: hint bits set, GIN pending lists merged, statistics fresh.
      await db.query('vacuum analyze');
    },
  });
  try {
    if (tree === undefined || named === undefined) throw new Error('the trees were not generated');
    const big = tree;
    const names = named;
    const { db } = scratch;
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    log('starting the service process (it fills kept privacy facts at start)');
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir, readyWithinMs: 30 * 60_000 });
    scratch.onClose(() => svc.stop());
    // The start's backfill rewrote persons rows: settle them as autovacuum would on a live database.
    await db.query('vacuum analyze persons');
    const cardsMs = await cardsKept(db);
    // The public trees' kept pages are written by the same service (page-schedule.ts): the loads run
    // once they are, on a quiet service, as they would an hour after start.
    const pagesMs: (number | null)[] = [];
    for (const t of ONLY_LISTS ? [tree] : [tree, named.tree]) pagesMs.push(await pagesKept(db, t.treeId));
    log('starting the bare Koa + pg baseline process');
    const bare = await startBareReads(scratch.url);
    scratch.onClose(() => bare.stop());
    const load = await startLoadGenerator([processMeter('service', svc.pid), processMeter('bare', bare.pid), await postgresMeter(db)]);
    scratch.onClose(() => load.stop());
    const owner = await registerUser(svc.api, 'owner@reads.bench');
    const stranger = await registerUser(svc.api, 'stranger@reads.bench');
    for (const t of [big, names.tree]) {
      await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [t.treeId, owner.id]);
    }
    const rssAtStart = await svc.rss();
    let rssPeak = rssAtStart;
    const sampler = setInterval(() => void svc.rss().then((r) => (rssPeak = Math.max(rssPeak, r))), 100);
    scratch.onClose(async () => clearInterval(sampler));

    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const rng = seededRandom(SEED ^ 0x13ead5);
    const randomOf = (t: GeneratedTree) => t.persons[Math.floor(rng() * t.persons.length)]!;
    const search = (t: GeneratedTree) => () => `${svc.api}/trees/${t.treeId}/persons?q=${encodeURIComponent(surnameWithTypo(rng, randomOf(t)))}&limit=${LIMIT}`;
    const fullNameSearch = (t: GeneratedTree) => () => `${svc.api}/trees/${t.treeId}/persons?q=${encodeURIComponent(withTypo(rng, randomOf(t)))}&limit=${LIMIT}`;

    // 1. Whole lists, first, while nothing else has grown the service's heap (a warm-up page each).
    const readers: readonly (readonly [string, string, Record<string, string>])[] = [
      ['owner', `${svc.api}/trees/${big.treeId}/persons`, as(owner.token)],
      ['non-member', `${svc.api}/trees/${big.treeId}/persons`, as(stranger.token)],
      ['anonymous, /public', `${svc.api}/public/trees/${big.treeId}/persons`, {}],
    ];
    for (const [, url, headers] of readers) await (await fetch(`${url}?limit=100`, { headers })).arrayBuffer();
    const lists: [string, ListResult][] = [];
    for (const [who, url, headers] of readers) {
      log(`whole list, ${who}`);
      lists.push([who, await wholeList(url, headers, svc.rss)]);
    }
    if (ONLY_LISTS) {
      const ok = (l: ListResult) => l.ms <= GOAL.listMs && l.rssPeak - l.rssBefore < GOAL.listAddedBytes;
      printTable(`Benchmark: whole person lists of a public tree over HTTP (BENCH_READS_ONLY_LISTS), ${os.cpus().length} cores`, [
        ['tree', `${big.counts.persons} persons, ${big.counts.names} names, ${big.counts.events} events`],
        ...lists.map(([who, l]): [string, string] => [`whole list, ${who}`, `${listLine(l)} | goal <= ${GOAL.listMs / 1000} s, < ${mb(GOAL.listAddedBytes)} added: ${verdict(ok(l))}`]),
      ]);
      return;
    }

    // 2. Under load.
    const loaded = async (label: string, o: Omit<LoadOptions, 'clients' | 'seconds'>): Promise<LoadResult> => {
      log(`${label}: warm-up, then ${CLIENTS} clients for ${SECONDS} s`);
      await load.run({ ...o, clients: CLIENTS, seconds: WARM_SECONDS });
      return load.run({ ...o, clients: CLIENTS, seconds: SECONDS });
    };
    const bareRead = await loaded('bare GET /persons/{id}', { next: () => `${bare.url}/persons/${randomOf(big).id}`, headers: {}, expected: [200] });
    const single = await loaded('GET /persons/{id}, non-member', { next: () => `${svc.api}/persons/${randomOf(big).id}`, headers: as(stranger.token), expected: [200, 404] });
    const typo = await loaded('search, non-member', { next: search(big), headers: as(stranger.token), expected: [200], countRows: true });
    const fullName = await loaded('search of a full name, non-member', { next: fullNameSearch(big), headers: as(stranger.token), expected: [200], countRows: true });
    const manyMember = await loaded(`search over ${names.names} names, member`, { next: search(names.tree), headers: as(owner.token), expected: [200], countRows: true });
    const manyStranger = await loaded(`search over ${names.names} names, non-member`, { next: search(names.tree), headers: as(stranger.token), expected: [200], countRows: true });
    const rssAtEnd = await svc.rss();

    // The report: each figure, the baseline's, the ratio, and the goal.
    const missed: string[] = [];
    const goal = (label: string, text: string, ok: boolean) => {
      if (!ok) missed.push(label);
      return `goal ${text}: ${verdict(ok)}`;
    };
    const ratio = (r: LoadResult) => r.perSecond / bareRead.perSecond;
    const problems = (r: LoadResult) => (r.errors === 0 ? '' : `; ${r.errors} UNEXPECTED (${r.samples.join('; ')})`);
    const rows = (r: LoadResult) =>
      (r.rows.length === 0 ? 'no 200 answers' : `rows per answer (${r.rows.length} sampled) median ${median(r.rows)}, max ${Math.max(...r.rows)}, ${r.rows.filter((n) => n === 0).length} empty`);
    const searchRows = (label: string, r: LoadResult): [string, string][] => [
      [
        label,
        `${rate(r)}, ${latency(r, ['p50', 'p95', 'p99'])}; ${rows(r)}${problems(r)} | ${ratio(r).toFixed(2)}x of bare req/s | ` +
          `${goal(label, `p95 <= ${GOAL.searchP95} ms, rows <= ${LIMIT}`, r.p.p95 <= GOAL.searchP95 && r.rows.length > 0 && Math.max(...r.rows) <= LIMIT)} | ${r.validity}`,
      ],
      cpuRow(r),
    ];
    const c = big.counts;
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    printTable(`Benchmark: reads of a public tree over HTTP, ${os.cpus().length} cores, ${CLIENTS} closed-loop clients for ${SECONDS} s per load`, [
      [
        'Node / PostgreSQL',
        // The service and the bare baseline get the same URL: TCP on the embedded default (its `url`), or what DATABASE_URL names.
        `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}, both processes over ${new URL(scratch.url).hostname.startsWith('%2F') ? 'its Unix socket' : 'TCP'}`,
      ],
      ['tree', `${c.persons} persons, ${c.names} names, ${c.events} events, ${c.relationships} relationships`],
      ['kept person pages', pagesMs.some((m) => m === null) ? 'not all kept within 20 minutes: the writer ran beside the loads' : `every public tree's kept ${(pagesMs.reduce((a, b) => a! + b!, 0)! / 1000).toFixed(1)} s after the cards (the loads below run after)`],
      ['person cards', cardsMs === null ? 'not all kept within 20 minutes: reads partly written live' : `every live person's kept ${(cardsMs / 1000).toFixed(1)} s after the service was ready (the loads below read with them)`],
      ['names tree', `${names.tree.counts.persons} persons, ${names.names} names`],
      ['bare Koa + pg baseline', `own process, pg Pool max ${BARE_POOL_MAX}, no auth: ${BARE_READ}`],
      ['load generator', `own process (loadgen.ts: keep-alive HTTP/1.1 over node:net, one core); a load is INVALID when it used more than half of it`],
      ['bare GET /persons/{id}', `${rate(bareRead)}, ${latency(bareRead, ['p50', 'p99'])}${problems(bareRead)} | ${bareRead.validity}`],
      cpuRow(bareRead),
      [
        'GET /persons/{id}, non-member',
        `${rate(single)}, ${latency(single, ['p50', 'p99'])}; ${single.statuses}${problems(single)} | ${ratio(single).toFixed(2)}x of bare req/s | ` +
          `${goal('GET /persons/{id}', `>= ${GOAL.ratio}x, p99 <= ${GOAL.singleP99} ms`, ratio(single) >= GOAL.ratio && single.p.p99 <= GOAL.singleP99 && single.errors === 0)} | ${single.validity}`,
      ],
      cpuRow(single),
      ...searchRows(`?q=<surname typo>&limit=${LIMIT}, non-member`, typo),
      ...searchRows(`?q=<given surname, one typo>&limit=${LIMIT}, non-member`, fullName),
      ...lists.map(([who, l]): [string, string] => [
        `whole list, ${who}`,
        `${listLine(l)} | ${goal(`whole list, ${who}`, `<= ${GOAL.listMs / 1000} s, < ${mb(GOAL.listAddedBytes)} added`, l.ms <= GOAL.listMs && l.rssPeak - l.rssBefore < GOAL.listAddedBytes)}`,
      ]),
      ...searchRows(`search over ${names.names} names, member`, manyMember),
      ...searchRows(`search over ${names.names} names, non-member`, manyStranger),
      ['service RSS', `${mb(rssAtStart)} at start, ${mb(rssAtEnd)} at end, peak ${mb(Math.max(rssPeak, rssAtEnd))} (sampled every 100 ms)`],
    ]);
    console.log(missed.length === 0 ? '\nEvery goal met.' : `\nMissed goals: ${missed.join('; ')}`);
    const invalid = invalidRuns([['bare read', bareRead], ['read', single], ['search', typo], ['full-name search', fullName], ['names search, member', manyMember], ['names search, non-member', manyStranger]]);
    console.log(invalid.length === 0 ? 'Every load valid (client <= 0.5 core).' : `INVALID loads (the client may have set the pace): ${invalid.join('; ')}`);
  } finally {
    await scratch.close();
  }
};

runMain(main);
