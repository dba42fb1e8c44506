import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';
import { printed, spawnServer } from './server-process.js';

// HOST: the address the API listens on. Behind a proxy on the same machine an operator binds the
// loopback only; before, the service always bound 0.0.0.0.
describe('server entry point: HOST', function () {
  this.timeout(60_000);
  let dataDir: string;
  before(async () => (dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-host-'))));
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('listens on HOST only: 127.0.0.2 answers, 127.0.0.1 on the same port refuses the connection', async () => {
    const url = await freshDatabaseUrl();
    const server = await spawnServer({ HOST: '127.0.0.2', DATABASE_URL: url, DATA_DIR: dataDir });
    try {
      await printed(server, `listening on http://127.0.0.2:${server.port}`);
      expect((await fetch(`http://127.0.0.2:${server.port}/readyz`)).status).to.equal(200);
      const other = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
        (r) => `answered ${r.status}`,
        (e: Error) => String((e.cause as { code?: string } | undefined)?.code),
      );
      expect(other).to.equal('ECONNREFUSED');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited()).to.equal(0);
    await dropDatabase(new URL(url).pathname.slice(1));
  });
});
