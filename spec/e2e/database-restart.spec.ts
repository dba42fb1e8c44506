import { expect } from 'chai';
import { chmod, mkdtemp, readFile, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../../bootstrap/embedded-postgres.js';
import { registerOn, running, sleep, spawnServer, waitForStatus, type ServerProcess } from './server-process.js';

// The database heals: a killed embedded PostgreSQL is started again by the service (crash recovery)
// and requests succeed again without anyone restarting the service; an external PostgreSQL that
// restarts is found again by the pool. While it is down, /readyz says so and requests answer 503.

const tempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter it
  return dir;
};

/** Requests a tree list over and over while `running`, recording every status. */
const load = (baseUrl: string, token: string) => {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.push(await fetch(`${baseUrl}/api/v1/trees`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status, () => 0));
      await sleep(20);
    }
  })();
  return { statuses, stop: async () => ((running = false), await loop) };
};

const createTree = async (baseUrl: string, token: string, name: string): Promise<number> =>
  (await fetch(`${baseUrl}/api/v1/trees`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) })).status;

const treeNames = async (baseUrl: string, token: string): Promise<string[]> => {
  const res = await fetch(`${baseUrl}/api/v1/trees`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).to.equal(200);
  return ((await res.json()) as { name: string }[]).map((t) => t.name);
};

describe('database restarts (e2e)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let server: ServerProcess | undefined;
  // One initialised cluster for the last cases (initdb is the slow part): first the
  // "external" database, then the supervised one whose configuration is broken at the end.
  let clusterRoot: string;
  let clusterDir: string;

  before(async () => {
    clusterRoot = await tempDir('genealogy-cluster-');
    clusterDir = path.join(clusterRoot, 'cluster');
    await (await startEmbeddedPostgres(clusterDir, { persistent: true })).stop();
  });
  after(async () => rm(clusterRoot, { recursive: true, force: true }));

  beforeEach(async () => {
    dataDir = await tempDir('genealogy-restart-');
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
    server = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts a killed embedded PostgreSQL again: /readyz says 503 meanwhile, then requests succeed', async () => {
    server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir });
    expect(await waitForStatus(`${server.baseUrl}/readyz`, 200, { alive: running(server.child) }), server.output()).to.equal(true);
    const token = await registerOn(server.baseUrl, 'heal@example.org');
    expect(await createTree(server.baseUrl, token, 'Before the crash')).to.equal(201);

    const traffic = load(server.baseUrl, token);
    await sleep(200);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const killed = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    process.kill(killed, 'SIGKILL');

    expect(await waitForStatus(`${server.baseUrl}/readyz`, 503, { alive: running(server.child), intervalMs: 20 }), 'readyz while the database is down').to.equal(true);
    expect(await waitForStatus(`${server.baseUrl}/readyz`, 200, { alive: running(server.child) }), server.output()).to.equal(true);
    await sleep(300);
    await traffic.stop();

    expect(server.child.exitCode, 'the service itself kept running').to.equal(null);
    expect(server.output()).to.include('embedded PostgreSQL restarted after it died');
    expect(Number((await readFile(pidFile, 'utf8')).split('\n')[0])).to.not.equal(killed);
    expect(traffic.statuses.filter((s) => s !== 200 && s !== 503), `only 200 or 503 under the crash; output:\n${server.output()}`).to.deep.equal([]);
    expect(traffic.statuses.at(-1)).to.equal(200);
    expect(await createTree(server.baseUrl, token, 'After the crash')).to.equal(201);
    expect(await treeNames(server.baseUrl, token)).to.have.members(['Before the crash', 'After the crash']);
  });

  // Over a Unix socket, a server that is down has no socket file: connect fails with ENOENT, not ECONNREFUSED (a 500 until app.ts counted it).
  for (const over of ['TCP', 'a Unix socket'] as const)
  it(`finds an external PostgreSQL (DATABASE_URL over ${over}) again after it restarts`, async () => {
    let external: RunningPostgres | undefined = await startEmbeddedPostgres(over === 'TCP' ? clusterDir : `${clusterDir}-socket`, { persistent: true });
    const port = Number(new URL(external.url('postgres')).port);
    const urlOf = (database: string): string => (over === 'TCP' ? external!.url(database) : external!.socketUrl(database)!);
    try {
      expect(urlOf('postgres'), 'the cluster has a socket').to.be.a('string');
      const admin = new pg.Client({ connectionString: urlOf('postgres') });
      await admin.connect();
      await admin.query('create database external_app');
      await admin.end();
      server = await spawnServer({ DATABASE_URL: urlOf('external_app'), DATA_DIR: path.join(dataDir, 'service') });
      expect(await waitForStatus(`${server.baseUrl}/readyz`, 200, { alive: running(server.child) }), server.output()).to.equal(true);
      const token = await registerOn(server.baseUrl, 'external@example.org');
      expect(await createTree(server.baseUrl, token, 'Kept')).to.equal(201);

      await external.stop();
      external = undefined;
      expect(await waitForStatus(`${server.baseUrl}/readyz`, 503, { alive: running(server.child) })).to.equal(true);
      expect((await fetch(`${server.baseUrl}/api/v1/trees`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(503);

      external = await startEmbeddedPostgres(over === 'TCP' ? clusterDir : `${clusterDir}-socket`, { persistent: true, port });
      expect(await waitForStatus(`${server.baseUrl}/readyz`, 200, { alive: running(server.child) }), server.output()).to.equal(true);
      expect(await treeNames(server.baseUrl, token)).to.deep.equal(['Kept']);
    } finally {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited();
      }
      await external?.stop();
    }
  });

  it('gives up when the cluster cannot be started again, so that a host can exit non-zero', async () => {
    const restarts: number[] = [];
    let gaveUp: (err: Error) => void = () => undefined;
    const givenUp = new Promise<Error>((resolve) => (gaveUp = resolve));
    let restarted: () => void = () => undefined;
    const cluster = await startEmbeddedPostgres(clusterDir, {
      persistent: true,
      supervise: { restartDelaysMs: [50, 100, 100], onRestart: () => (restarts.push(restarts.length), restarted()), onGiveUp: gaveUp },
    });
    try {
      const once = new Promise<void>((r) => (restarted = r));
      process.kill(cluster.pid()!, 'SIGKILL');
      await once;
      expect(restarts).to.have.length(1);
      const client = new pg.Client({ connectionString: cluster.url('postgres') });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).to.deep.equal([{ one: 1 }]);
      await client.end();

      // A configuration PostgreSQL refuses: every restart attempt fails. (Not shared_buffers: the
      // embedded server sets it on its command line, which overrides the file.)
      await appendFile(path.join(clusterDir, 'postgresql.conf'), '\nmax_connections = nonsense\n');
      process.kill(cluster.pid()!, 'SIGKILL');
      const err = await givenUp;
      expect(err.message).to.match(/exited during start-up/);
      expect(restarts).to.have.length(1);
      expect(cluster.pid()).to.equal(undefined);
    } finally {
      await cluster.stop();
    }
  });
});
