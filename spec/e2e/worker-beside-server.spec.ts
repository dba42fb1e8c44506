import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { runningCluster } from '../../bootstrap/embedded-postgres.js';
import { runScript, spawnServer, type ServerProcess, started } from './server-process.js';

// `npm run worker` (and the CLI) beside a running server on the embedded default: one cluster has
// one postmaster, so they use the one the server runs (its port from the pid file, the kept
// password) instead of dying on `lock file "postmaster.pid" already exists`, as the worker did.

describe('worker and CLI beside a server on the embedded default', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-beside-'));
    await chmod(dataDir, 0o755); // as root the cluster runs as the postgres user, which must reach it
    server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir });
    await started(server);
  });
  after(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the worker runs a purge on the server’s cluster and leaves it running; the CLI migrates beside it', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir };
    const worker = await runScript('bootstrap/worker.ts', ['--once'], env);
    expect(worker.code, worker.stderr + worker.stdout).to.equal(0);
    expect(worker.stdout).to.contain('using the embedded PostgreSQL another process on this DATA_DIR runs');
    expect(JSON.parse(worker.stdout.trim().split('\n').at(-1)!)).to.include({ ran: true });
    const cli = await runScript('bootstrap/cli.ts', ['migrate'], env);
    expect(cli.code, cli.stderr).to.equal(0);
    expect(cli.stderr).to.contain('(0 applied now)');
    // The server still answers on its database: neither stopped the cluster it does not own.
    expect((await fetch(`${server.baseUrl}/readyz`)).status).to.equal(200);
  });

  it('the server reaches its cluster over TCP, not its Unix socket; so do the others on its DATA_DIR', async () => {
    const running = runningCluster(path.join(dataDir, 'postgres'));
    expect(running, 'the server runs the cluster').to.not.equal(null);
    const url = running!.url('genealogy');
    expect(new URL(url).hostname).to.equal('127.0.0.1');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // A client backend's client_addr is null over a Unix socket, the peer's address over TCP.
      const { rows } = await db.query<{ over: string; n: number }>(
        `select case when client_addr is null then 'socket' else 'tcp' end as over, count(*)::int as n from pg_stat_activity
         where datname = 'genealogy' and backend_type = 'client backend' group by 1 order by 1`,
      );
      // The server keeps at least its session notices' LISTEN connection open (session-cache.ts); this one is the test's.
      expect(rows).to.deep.equal([{ over: 'tcp', n: rows.find((r) => r.over === 'tcp')?.n ?? 0 }]);
      expect(rows[0]!.n, 'the server’s connections and this one').to.be.at.least(2);
    } finally {
      await db.end();
    }
  });
});
