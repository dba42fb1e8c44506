// `npm run bench -- pages` (issue 26): the public HTML pages against the anonymous JSON surface they
// sit on, over HTTP, the service in a process of its own, beside the bare Koa + pg process of the
// reads bench (bare-reads.ts) in the same run.
//   1. A sitemap of SITEMAP_PERSONS persons, streamed, once on a quiet service: time to the last
//      byte, bytes, URLs, and the service's RSS before, at peak (sampled every 20 ms) and after.
//   2. CLIENTS closed-loop clients for BENCH_SECONDS each (after a short warm-up), anonymous: the
//      bare baseline's GET /persons/{id}; GET /api/v1/public/persons/{id} (JSON); GET /persons/{id}
//      (the page). JSON and page ask for the same persons in the same order. Then GET /trees/{id}, the
//      tree's home (its surname index and counts, kept by the tree's version: no goal of its own;
//      before, each visit read every person of the tree), and the same while the tree changes once a
//      second (a person's privacy flipped in PostgreSQL, as an editing owner would: after each change
//      the visits of the moment share one read of the tree; before, each of them read it). The clients run in the
//      load generator's own process (loadgen.ts), each load reports its CPU (client, service, bare,
//      PostgreSQL, the rest of the machine) and is INVALID when the client used more than half a core.
// Goals: the page >= 0.8x the JSON's throughput, its p99 <= 1.5x the JSON's; the sitemap < 2 s and
// < 64 MB added to the service's RSS.
// Environment: BENCH_PERSONS (default 100000), BENCH_SECONDS (default 10), BENCH_SEED, DATABASE_URL
// (else an embedded PostgreSQL). The tree is public and written before the service starts.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBareReads, BARE_POOL_MAX, BARE_READ } from './bare-reads.js';
import { postgresMeter, processMeter } from './cpu.js';
import { generateTree, seededRandom, type GeneratedTree } from './generate-tree.js';
import { log, mb, ms, printTable, runMain, startScratchDatabase } from './harness.js';
import { startLoadGenerator } from './loadgen.js';
import { cpuRow, invalidRuns, latency, rate, verdict, type LoadOptions, type LoadResult } from './reads-measure.js';
import { startServiceProcess } from './service-process.js';
import { cardsKept, pagesKept } from './cards.js';

const int = (name: string, fallback: number, min: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min}`);
  return v;
};
const N = int('BENCH_PERSONS', 100_000, 10);
const SECONDS = int('BENCH_SECONDS', 10, 1);
const SEED = int('BENCH_SEED', 20261122, 0);
const CLIENTS = 32;
const WARM_SECONDS = Math.min(3, SECONDS);
/** The persons one sitemap file lists at most (the sitemaps protocol's limit). */
const SITEMAP_PERSONS = 50_000;
const GOAL = { throughput: 0.8, p99: 1.5, sitemapMs: 2000, sitemapAddedBytes: 64 * 1024 * 1024 };

type SitemapResult = { readonly status: number; readonly ms: number; readonly firstByteMs: number; readonly bytes: number; readonly urls: number; readonly rssBefore: number; readonly rssPeak: number; readonly rssAfter: number };

/** One GET of a sitemap, read chunk by chunk (URLs counted as they pass), with the service's RSS sampled every 20 ms. */
const sitemap = async (url: string, rss: () => Promise<number>): Promise<SitemapResult> => {
  const rssBefore = await rss();
  let rssPeak = rssBefore;
  const timer = setInterval(() => void rss().then((r) => (rssPeak = Math.max(rssPeak, r))), 20);
  try {
    const t0 = performance.now();
    const res = await fetch(url);
    let firstByteMs = NaN;
    let bytes = 0;
    let urls = 0;
    // The last 4 characters carried over: a `<loc>` (5) cut between two chunks is counted once, with the second.
    let carry = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body ?? []) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
      const text = carry + decoder.decode(chunk as Uint8Array, { stream: true });
      urls += text.split('<loc>').length - 1;
      carry = text.slice(-4);
    }
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    const rssAfter = await rss();
    return { status: res.status, ms: elapsed, firstByteMs, bytes, urls, rssBefore, rssPeak: Math.max(rssPeak, rssAfter), rssAfter };
  } finally {
    clearInterval(timer);
  }
};

/** The sitemap that lists the first persons of a tree (the tree's sitemap index names it first). */
const firstPersonSitemap = async (origin: string, treeId: string): Promise<string> => {
  const res = await fetch(`${origin}/sitemap.xml`);
  const index = await res.text();
  if (res.status !== 200) throw new Error(`GET /sitemap.xml: ${res.status} ${index.slice(0, 300)}`);
  const locs = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const mine = locs.find((l) => l.includes(treeId));
  if (mine === undefined) throw new Error(`the sitemap index names no sitemap of tree ${treeId}: ${locs.slice(0, 5).join(', ')}`);
  return mine;
};

const main = async (): Promise<void> => {
  let tree: GeneratedTree | undefined;
  const scratch = await startScratchDatabase({
    closeOnSignal: true,
    seed: async (db) => {
      log(`generating ${N} persons`);
      tree = await generateTree(db, { persons: N, seed: SEED });
      await db.query(`update trees set visibility = 'public' where id = $1`, [tree.treeId]);
      await db.query('vacuum analyze');
    },
  });
  try {
    if (tree === undefined) throw new Error('the tree was not generated');
    const big = tree;
    const { db } = scratch;
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    log('starting the service process (it fills kept privacy facts at start)');
    const svc = await startServiceProcess({ databaseUrl: scratch.url, dataDir, readyWithinMs: 30 * 60_000 });
    scratch.onClose(() => svc.stop());
    await db.query('vacuum analyze persons');
    const cardsMs = await cardsKept(db);
    const pagesMs = await pagesKept(db, big.treeId);
    log('starting the bare Koa + pg baseline process');
    const bare = await startBareReads(scratch.url);
    scratch.onClose(() => bare.stop());
    const load = await startLoadGenerator([processMeter('service', svc.pid), processMeter('bare', bare.pid), await postgresMeter(db)]);
    scratch.onClose(() => load.stop());
    const origin = svc.api.replace(/\/api\/v1$/, '');
    const rssAtStart = await svc.rss();

    // 1. The sitemap, first, while nothing else has grown the service's heap (one warm-up read of it).
    const sitemapUrl = await firstPersonSitemap(origin, big.treeId);
    log(`sitemap ${sitemapUrl}: warm-up, then measured`);
    await sitemap(sitemapUrl, svc.rss);
    const map = await sitemap(sitemapUrl, svc.rss);

    // 2. Under load: the same persons, in the same order, for the JSON and the page.
    const idsFrom = (seed: number) => {
      const rng = seededRandom(seed);
      return () => big.persons[Math.floor(rng() * big.persons.length)]!.id;
    };
    const loaded = async (label: string, o: Omit<LoadOptions, 'clients' | 'seconds' | 'next'>, url: (id: string) => string): Promise<LoadResult> => {
      log(`${label}: warm-up, then ${CLIENTS} clients for ${SECONDS} s`);
      const warm = idsFrom(SEED ^ 0x3a11);
      await load.run({ ...o, next: () => url(warm()), clients: CLIENTS, seconds: WARM_SECONDS });
      const ids = idsFrom(SEED ^ 0x9a9e5);
      return load.run({ ...o, next: () => url(ids()), clients: CLIENTS, seconds: SECONDS });
    };
    const bareRead = await loaded('bare GET /persons/{id}', { headers: {}, expected: [200] }, (id) => `${bare.url}/persons/${id}`);
    const json = await loaded('GET /api/v1/public/persons/{id}', { headers: {}, expected: [200, 404] }, (id) => `${svc.api}/public/persons/${id}`);
    const page = await loaded('GET /persons/{id} (page)', { headers: {}, expected: [200, 404] }, (id) => `${origin}/persons/${id}`);
    const home = await loaded("GET /trees/{id} (the tree's home)", { headers: {}, expected: [200] }, () => `${origin}/trees/${big.treeId}`);
    // The same while the tree changes once a second: a person flipped between public and private (a
    // change of the tree's records, drawing its version), then put back.
    const flipped = big.persons[0]!.id;
    const [{ privacy: was }] = (await db.query<{ privacy: string }>('select privacy from persons where id = $1', [flipped])).rows as [{ privacy: string }];
    let changes = 0;
    const writer = setInterval(() => {
      changes += 1;
      db.query('update persons set privacy = $2 where id = $1', [flipped, changes % 2 === 1 ? 'private' : 'public']).catch((e: unknown) => log(`the writer's change failed: ${String(e)}`));
    }, 1000);
    const edited = await loaded("GET /trees/{id} while the tree changes once a second", { headers: {}, expected: [200] }, () => `${origin}/trees/${big.treeId}`)
      .finally(() => clearInterval(writer));
    await db.query('update persons set privacy = $2 where id = $1', [flipped, was]);
    const rssAtEnd = await svc.rss();

    const missed: string[] = [];
    const goal = (label: string, text: string, ok: boolean) => {
      if (!ok) missed.push(label);
      return `goal ${text}: ${verdict(ok)}`;
    };
    const problems = (r: LoadResult) => (r.errors === 0 ? '' : `; ${r.errors} UNEXPECTED (${r.samples.join('; ')})`);
    const ofBare = (r: LoadResult) => `${(r.perSecond / bareRead.perSecond).toFixed(2)}x of bare req/s`;
    const throughput = page.perSecond / json.perSecond;
    const p99 = page.p.p99 / json.p.p99;
    const c = big.counts;
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    printTable(`Benchmark: public pages against the public JSON over HTTP, ${os.cpus().length} cores, ${CLIENTS} closed-loop clients for ${SECONDS} s per load`, [
      ['Node / PostgreSQL', `${process.version} / ${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'embedded'} ${pgVersion}`],
      ['tree', `${c.persons} persons, ${c.names} names, ${c.events} events, ${c.relationships} relationships`],
      ['person cards', cardsMs === null ? 'not all kept within 20 minutes: reads partly written live' : `every live person's kept ${(cardsMs / 1000).toFixed(1)} s after the service was ready (the loads below read with them)`],
      ['kept person pages', pagesMs === null ? 'not all kept within 20 minutes: pages partly written live' : `every page of a person shown in full kept ${(pagesMs / 1000).toFixed(1)} s after the cards (the page load reads them)`],
      ['bare Koa + pg baseline', `own process, pg Pool max ${BARE_POOL_MAX}, no auth: ${BARE_READ}`],
      ['load generator', 'own process (loadgen.ts: keep-alive HTTP/1.1 over node:net, one core); a load is INVALID when it used more than half of it'],
      ['bare GET /persons/{id}', `${rate(bareRead)}, ${latency(bareRead, ['p50', 'p99'])}${problems(bareRead)} | ${bareRead.validity}`],
      cpuRow(bareRead),
      ['GET /api/v1/public/persons/{id}', `${rate(json)}, ${latency(json, ['p50', 'p99'])}; ${json.statuses}${problems(json)} | ${ofBare(json)} | ${json.validity}`],
      cpuRow(json),
      ['GET /persons/{id} (page)', `${rate(page)}, ${latency(page, ['p50', 'p99'])}; ${page.statuses}${problems(page)} | ${ofBare(page)} | ${page.validity}`],
      cpuRow(page),
      ["GET /trees/{id} (the tree's home)", `${rate(home)}, ${latency(home, ['p50', 'p99'])}; ${home.statuses}${problems(home)} | ${ofBare(home)} | ${home.validity}`],
      cpuRow(home),
      [`GET /trees/{id} while the tree changes once a second (${changes} changes over the warm-up and the load)`, `${rate(edited)}, ${latency(edited, ['p50', 'p99'])}; ${edited.statuses}${problems(edited)} | ${ofBare(edited)} | ${edited.validity}`],
      cpuRow(edited),
      ['page / JSON throughput', `${throughput.toFixed(2)}x | ${goal('page throughput', `>= ${GOAL.throughput}x`, throughput >= GOAL.throughput && page.errors === 0 && json.errors === 0)}`],
      ['page / JSON p99', `${p99.toFixed(2)}x (${ms(page.p.p99)} / ${ms(json.p.p99)}) | ${goal('page p99', `<= ${GOAL.p99}x`, p99 <= GOAL.p99)}`],
      [
        `sitemap, ${map.urls} persons`,
        `${ms(map.ms)} (first byte ${ms(map.firstByteMs)}), ${mb(map.bytes)}; service RSS ${mb(map.rssBefore)} -> peak ${mb(map.rssPeak)} -> after ${mb(map.rssAfter)} (+${mb(map.rssPeak - map.rssBefore)} at peak) | ` +
          goal('sitemap', `< ${GOAL.sitemapMs / 1000} s, < ${mb(GOAL.sitemapAddedBytes)} added, ${Math.min(SITEMAP_PERSONS, c.persons)} URLs at most`,
            map.ms < GOAL.sitemapMs && map.rssPeak - map.rssBefore < GOAL.sitemapAddedBytes && map.urls > 0 && map.urls <= SITEMAP_PERSONS),
      ],
      ['service RSS', `${mb(rssAtStart)} at start, ${mb(rssAtEnd)} at end`],
    ]);
    console.log(missed.length === 0 ? '\nEvery goal met.' : `\nMissed goals: ${missed.join('; ')}`);
    const invalid = invalidRuns([['bare read', bareRead], ['JSON read', json], ['page read', page], ["tree's home", home], ["tree's home while it changes", edited]]);
    console.log(invalid.length === 0 ? 'Every load valid (client <= 0.5 core).' : `INVALID loads (the client may have set the pace): ${invalid.join('; ')}`);
  } finally {
    await scratch.close();
  }
};

runMain(main);
