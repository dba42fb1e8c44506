import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runScript } from './server-process.js';

// `make run` as root from a clone under a folder closed to others (a `mktemp -d` folder, `/root` on a
// typical server): the packaged PostgreSQL runs as the `postgres` user, which cannot enter it. Before,
// initdb failed about 20 s in with an unhandled `spawn .../initdb EACCES` and a stack; now start-up
// stops at once with one line naming the folder and the fix, exit code 2.

describe('embedded default as root under a folder others cannot enter', function () {
  this.timeout(60_000);
  let closed: string;
  before(async function () {
    if (process.getuid?.() !== 0) this.skip(); // only root runs PostgreSQL as another user
    closed = await mkdtemp(path.join(tmpdir(), 'genealogy-closed-'));
    expect((await stat(closed)).mode & 0o777).to.equal(0o700);
  });
  after(async () => {
    if (closed !== undefined) await rm(closed, { recursive: true, force: true });
  });

  for (const script of ['bootstrap/server.ts', 'bootstrap/worker.ts']) {
    it(`${script} stops with exit 2 and one line naming the folder and the fix`, async () => {
      const r = await runScript(script, [], { LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: path.join(closed, 'data') });
      expect(r.code, r.stderr).to.equal(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).to.have.length(1);
      expect(lines[0]).to.contain(`cannot enter ${closed}`).and.contain(`chmod o+x ${closed}`);
    });
  }
});
