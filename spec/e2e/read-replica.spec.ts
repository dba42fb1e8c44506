import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { startReplicatedPair, type ReplicatedPair } from '../support/streaming-replica.js';
import { spawnServer, started, type ServerProcess } from './server-process.js';

// Issue 25, "A read replica", with a real one: a PostgreSQL streaming standby made from the embedded
// binaries (spec/support/streaming-replica.ts), two service processes on the primary with
// DATABASE_READ_URL on the standby. With replay paused the standby shows an older state: an
// anonymous reader sees it, the owner reads their write. Killing the standby loses no request.

type Answer = { readonly status: number; readonly body: any };

describe('a real streaming read replica under two service processes (e2e)', function () {
  this.timeout(180_000);
  let pair: ReplicatedPair;
  let a: ServerProcess;
  let b: ServerProcess;
  let metricsPort: number;
  let owner: string;
  let treeId: string;
  let first: string;
  const dirs: string[] = [];

  const call = async (server: ServerProcess, method: string, p: string, token?: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${server.baseUrl}/api/v1${p}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await r.text();
    return { status: r.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  const ready = async (server: ServerProcess): Promise<unknown> => (await fetch(`${server.baseUrl}/readyz`)).json();
  /** The sum of a counter's samples on A's metrics listener. */
  const counter = async (name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return text.split('\n').filter((l) => l.startsWith(name)).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
  };
  const surnames = (rows: readonly { surname?: string | null }[]): string[] => rows.map((r) => r.surname ?? '').sort();

  before(async () => {
    pair = await startReplicatedPair();
    await pair.createDatabase('genealogy');
    metricsPort = await freePort();
    for (let i = 0; i < 2; i++) dirs.push(await mkdtemp(path.join(tmpdir(), 'genealogy-replica-')));
    const env = (dir: string) => ({ DATABASE_URL: pair.primaryUrl('genealogy'), DATABASE_READ_URL: pair.replicaUrl('genealogy'), DATA_DIR: dir, LOG_LEVEL: 'warn' });
    [a, b] = await Promise.all([spawnServer({ ...env(dirs[0]!), METRICS_PORT: String(metricsPort), DB_POOL_MAX: '3' }), spawnServer(env(dirs[1]!))]);
    await Promise.all([started(a), started(b)]);
  });
  after(async () => {
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await Promise.all([a?.exited(), b?.exited()]);
    await pair?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('both instances are ready and name the replica', async () => {
    for (const s of [a, b]) expect(await ready(s)).to.deep.equal({ status: 'ready', read_replica: 'ok' });
  });

  it('DB_POOL_MAX sizes the pool (A: 3 connections at most)', async () => {
    expect(await counter('db_pool_max_connections')).to.equal(3);
  });

  it('with replay paused, an anonymous reader sees the replica\'s older state while the owner reads their writes', async () => {
    const reg = await call(a, 'POST', '/auth/register', undefined, { email: 'owner@example.org', password: 'correct horse battery' });
    expect(reg.status).to.equal(201);
    owner = reg.body.token;
    const tree = await call(a, 'POST', '/trees', owner, { name: 'Replicated', visibility: 'public' });
    expect(tree.status).to.equal(201);
    treeId = tree.body.id;
    const dead = { birth: { date: { qualifier: 'exact', year: 1801 } }, death: { date: { qualifier: 'exact', year: 1870 } } };
    const p = await call(a, 'POST', `/trees/${treeId}/persons`, owner, { given_name: 'Ada', surname: 'Before', ...dead });
    expect(p.status).to.equal(201);
    first = p.body.id;
    await pair.caughtUp();
    expect(surnames((await call(b, 'GET', `/public/trees/${treeId}/persons`)).body)).to.deep.equal(['Before']);

    await pair.pauseReplay();
    expect((await call(a, 'PATCH', `/persons/${first}`, owner, { surname: 'After' })).status).to.equal(200);
    const second = await call(a, 'POST', `/trees/${treeId}/persons`, owner, { given_name: 'Bea', surname: 'Later', ...dead });
    expect(second.status).to.equal(201);

    // The owner, on either instance, reads the primary.
    for (const s of [a, b]) {
      expect(surnames((await call(s, 'GET', `/trees/${treeId}/persons`, owner)).body)).to.deep.equal(['After', 'Later']);
      expect((await call(s, 'GET', `/persons/${second.body.id}`, owner)).status).to.equal(200);
    }
    // An anonymous reader, on either instance, reads the paused replica: the old name, no second person.
    for (const s of [a, b]) {
      expect(surnames((await call(s, 'GET', `/public/trees/${treeId}/persons`)).body)).to.deep.equal(['Before']);
      expect((await call(s, 'GET', `/public/persons/${second.body.id}`)).status).to.equal(404);
      const one = await call(s, 'GET', `/public/persons/${first}`);
      expect(one.status).to.equal(200);
      expect(JSON.stringify(one.body)).to.include('Before').and.not.include('After');
    }

    await pair.resumeReplay();
    await pair.caughtUp();
    expect(surnames((await call(b, 'GET', `/public/trees/${treeId}/persons`)).body)).to.deep.equal(['After', 'Later']);
  });

  it('killing the replica under anonymous readers loses no request; /readyz and the fallback metric say so; back, it serves again', async () => {
    const fallbacksBefore = await counter('db_replica_fallbacks_total');
    const statuses: number[] = [];
    let stop = false;
    const reader = async (s: ServerProcess, i: number): Promise<void> => {
      for (let n = 0; !stop && n < 2000; n++) {
        const p = n % 2 === 0 ? `/public/trees/${treeId}/persons` : `/public/persons/${first}`;
        statuses.push((await call(s, 'GET', p, i % 4 === 0 ? owner : undefined)).status);
      }
    };
    const readers = Array.from({ length: 8 }, (_, i) => reader(i % 2 === 0 ? a : b, i));
    // Reads are running on the replica when it dies.
    while (statuses.length < 40) await new Promise((r) => setTimeout(r, 10));
    await pair.killReplica();
    const atKill = statuses.length;
    while (statuses.length < atKill + 200) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await Promise.all(readers);
    expect(statuses.filter((s) => s !== 200), `${statuses.length} reads`).to.deep.equal([]);
    expect(await counter('db_replica_fallbacks_total')).to.be.greaterThan(fallbacksBefore);
    for (const s of [a, b]) expect(await ready(s)).to.deep.equal({ status: 'ready', read_replica: 'unavailable', reads_from: 'primary' });

    await pair.startReplica();
    await pair.caughtUp();
    for (const s of [a, b]) expect(await ready(s)).to.deep.equal({ status: 'ready', read_replica: 'ok' });
    const readsBefore = await counter('db_replica_reads_total');
    expect((await call(a, 'GET', `/public/persons/${first}`)).status).to.equal(200);
    expect(await counter('db_replica_reads_total')).to.be.greaterThan(readsBefore);
  });
});
