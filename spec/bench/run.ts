// `npm run bench`: the real service over PostgreSQL with a large synthetic tree, measured over HTTP.
// Never part of `npm test` (no *.spec.ts here). Environment:
//   BENCH_PERSONS   tree size (default 100000)
//   BENCH_SEED      PRNG seed of the tree and of the samples (default 20261122)
//   DATABASE_URL    an existing server (a scratch database is created and dropped); else an embedded one
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres, freePort, type RunningPostgres } from '../../bootstrap/embedded-postgres.js';
import { composeApp } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { migrate } from '../../adapters/postgres/migrate.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { generateTree, seededRandom, type GeneratedPerson } from './generate-tree.js';

const N = Number(process.env['BENCH_PERSONS'] ?? 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20261122);
if (!Number.isInteger(N) || N < 10) throw new Error('BENCH_PERSONS must be an integer >= 10');

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : x < 100 ? 1 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: readonly number[], q: number): number => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};
const median = (xs: readonly number[]) => quantile(xs, 0.5);

/** Peak resident set size of this process (server and client both) while `work` runs. */
const withPeakRss = async <A>(work: () => Promise<A>): Promise<{ result: A; peakRss: number }> => {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
};

type Timed = { readonly ms: number; readonly bytes: number; readonly status: number; readonly body: Buffer };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const databaseUrl = (serverUrl: string, name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** `given surname` with one typo in one of the words: two adjacent letters swapped, or one dropped. */
const withTypo = (rng: () => number, p: GeneratedPerson): string => {
  const words = `${p.given.split(' ')[0]!} ${p.surname}`.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
  if (candidates.length === 0) return words.join(' ');
  const [w, i] = candidates[Math.floor(rng() * candidates.length)]!;
  const at = 1 + Math.floor(rng() * (w.length - 2)); // never the first letter
  words[i] = rng() < 0.5 ? w.slice(0, at) + w[at + 1]! + w[at]! + w.slice(at + 2) : w.slice(0, at) + w.slice(at + 1);
  return words.join(' ');
};

const main = async (): Promise<void> => {
  const cleanup: (() => Promise<void>)[] = [];
  const rows: [string, string][] = [];
  const row = (label: string, value: string) => {
    rows.push([label, value]);
    log(`${label}: ${value}`);
  };
  try {
    // 1. A PostgreSQL server and a migrated scratch database.
    let adminUrl = process.env['DATABASE_URL'];
    let embedded: RunningPostgres | null = null;
    if (adminUrl === undefined || adminUrl === '') {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'genealogy-bench-pg-'));
      cleanup.unshift(() => rm(dir, { recursive: true, force: true }));
      await chmod(dir, 0o755); // as root, initdb runs as `postgres`, which must enter the directory
      log('starting embedded PostgreSQL');
      embedded = await startEmbeddedPostgres(path.join(dir, 'cluster'), { persistent: false });
      const pgServer = embedded;
      cleanup.unshift(() => pgServer.stop());
      adminUrl = embedded.url('postgres');
    }
    const dbName = `bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanup.unshift(() => admin.end());
    await admin.query(`create database ${quoteIdent(dbName)}`);
    cleanup.unshift(async () => {
      await admin.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    });
    const url = databaseUrl(adminUrl, dbName);
    await migrate(url);

    // 2. The synthetic tree.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanup.unshift(() => db.end());
    log(`generating ${N} persons`);
    const tree = await generateTree(db, { persons: N, seed: SEED });
    const c = tree.counts;
    const sizes = await db.query<{ bytes: string }>(`select pg_database_size(current_database())::text as bytes`);

    // 3. The real service on a loopback port.
    const storage = await createPostgresStorage(url);
    cleanup.unshift(() => storage.close());
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'silent', BASE_URL: baseUrl });
    const { app } = composeApp(config, storage, pino({ level: 'silent' }), { hasher: scryptPasswordHasher(4), mailer: memoryMailer() });
    const server: Server = app.listen(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    cleanup.unshift(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const api = `${baseUrl}/api/v1`;

    const register = async (email: string): Promise<{ id: string; token: string }> => {
      const res = await fetch(`${api}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      });
      const body = (await res.json()) as { user?: { id: string }; token?: string };
      if (res.status !== 201 || !body.user || !body.token) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.user.id, token: body.token };
    };
    const owner = await register('owner@bench.example');
    const stranger = await register('stranger@bench.example');
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'owner', now())`, [tree.treeId, owner.id]);
    await db.query(`update trees set visibility = 'public' where id = $1`, [tree.treeId]);

    const get = async (pathAndQuery: string, token: string): Promise<Timed> => {
      const t0 = performance.now();
      const res = await fetch(`${api}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
      const body = Buffer.from(await res.arrayBuffer());
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
      return { ms: elapsed, bytes: body.length, status: res.status, body };
    };

    // (a) The whole person list, as a member and as a non-member of the public tree.
    const listRuns = async (who: string, token: string) => {
      await get(`/trees/${tree.treeId}/persons`, token); // warm-up
      const { result, peakRss } = await withPeakRss(async () => {
        const out: Timed[] = [];
        for (let i = 0; i < 5; i++) out.push(await get(`/trees/${tree.treeId}/persons`, token));
        return out;
      });
      const times = result.map((r) => r.ms);
      const count = JSON.parse(result[0]!.body.toString('utf8')) as { redacted?: boolean }[];
      const redacted = count.filter((p) => p.redacted === true).length;
      row(`(a) list all persons, ${who}: median / min`, `${ms(median(times))} / ${ms(Math.min(...times))}`);
      row(`(a) list all persons, ${who}: response`, `${mb(result[0]!.bytes)}, ${count.length} persons (${redacted} redacted), peak RSS ${mb(peakRss)}`);
    };
    log('(a) list');
    await listRuns('member', owner.token);
    await listRuns('non-member', stranger.token);

    // (b) One person by id, 200 random ids, as a member.
    log('(b) single reads');
    const sample = seededRandom(SEED + 1);
    const randomPerson = () => tree.persons[Math.floor(sample() * tree.persons.length)]!;
    await get(`/persons/${randomPerson().id}`, owner.token);
    const singles: number[] = [];
    for (let i = 0; i < 200; i++) singles.push((await get(`/persons/${randomPerson().id}`, owner.token)).ms);
    row('(b) GET /persons/{id}, member (200 ids): median / p95', `${ms(median(singles))} / ${ms(quantile(singles, 0.95))}`);

    // (c, d) Fuzzy search with typos, as a member and as a non-member.
    const queries = Array.from({ length: 100 }, () => withTypo(sample, randomPerson()));
    const search = async (who: string, token: string) => {
      await get(`/trees/${tree.treeId}/persons?q=${encodeURIComponent(queries[0]!)}`, token);
      const times: number[] = [];
      const hits: number[] = [];
      let bytes = 0;
      for (const q of queries) {
        const r = await get(`/trees/${tree.treeId}/persons?q=${encodeURIComponent(q)}`, token);
        times.push(r.ms);
        hits.push((JSON.parse(r.body.toString('utf8')) as unknown[]).length);
        bytes += r.bytes;
      }
      row(`(${who === 'member' ? 'c' : 'd'}) search ?q= (100 typo queries), ${who}: median / p95`, `${ms(median(times))} / ${ms(quantile(times, 0.95))} (max ${ms(Math.max(...times))})`);
      row(`(${who === 'member' ? 'c' : 'd'}) search hits per query, ${who}: median / max`, `${median(hits)} / ${Math.max(...hits)} (avg body ${(bytes / queries.length / 1024).toFixed(1)} KB)`);
    };
    log('(c) search as member');
    await search('member', owner.token);
    log('(d) search as non-member');
    await search('non-member', stranger.token);

    // The search SQL of adapters/postgres/people.ts (pgNames.search), explained once.
    const q = queries[1]!;
    await db.query('begin');
    await db.query(`select set_config('pg_trgm.similarity_threshold', $1, true)`, [String(config.searchThreshold)]);
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) select n.person_id, max(similarity(lower(n.given_name || ' ' || n.surname), lower($1))) as score
       from names n join persons p on p.id = n.person_id
       where n.tree_id = $2 and n.deleted_at is null and p.deleted_at is null
         and lower(n.given_name || ' ' || n.surname) % lower($1)
       group by n.person_id
       having max(similarity(lower(n.given_name || ' ' || n.surname), lower($1))) >= $3
       order by score desc, n.person_id`,
      [q, tree.treeId, config.searchThreshold],
    );
    await db.query('commit');
    const planText = plan.rows.map((r) => r['QUERY PLAN']);
    const execution = planText.find((l) => l.startsWith('Execution Time')) ?? '';
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the search SQL for ${JSON.stringify(q)} (threshold ${config.searchThreshold}):`);
    for (const l of planText) console.log(`  ${l}`);

    // The report.
    const header: [string, string][] = [
      ['CPU cores (os.cpus().length)', String(os.cpus().length)],
      ['Node', process.version],
      ['PostgreSQL', `${embedded ? 'embedded' : 'DATABASE_URL'} ${(await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version}`],
      ['N (persons)', String(c.persons)],
      ['rows', `${c.names} names, ${c.events} events, ${c.relationships} relationships, ${c.places} places, ${c.generations} generations`],
      ['generation: build rows in memory', ms(tree.buildMs)],
      ['generation: bulk insert + analyze', ms(tree.insertMs)],
      ['database size', mb(Number(sizes.rows[0]!.bytes))],
      ['search plan uses names_search_trgm_index', `${planText.some((l) => l.includes('names_search_trgm_index')) ? 'yes' : 'NO'} (${execution})`],
    ];
    const all = [...header, ...rows];
    const width = Math.max(...all.map(([l]) => l.length));
    console.log(`\nBenchmark: GET /trees/{id}/persons, /persons/{id}, ?q= search over HTTP\n${'-'.repeat(width + 40)}`);
    for (const [l, v] of all) console.log(`${l.padEnd(width)}  ${v}`);
  } finally {
    for (const step of cleanup) await step().catch((e: unknown) => log(`cleanup: ${String(e)}`));
  }
};

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
