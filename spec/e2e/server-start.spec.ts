import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { running, waitForStatus } from './server-process.js';

const tsx = path.resolve('node_modules/.bin/tsx');

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

// `make run` on a machine with no database: the server starts its embedded PostgreSQL under
// DATA_DIR, migrates, and answers /readyz. (How long that takes is no business of `npm test`: the
// wait is for the event, bounded by the suite's timeout.)
describe('server entry point (npm start)', function () {
  this.timeout(60_000);
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-start-'));
    await chmod(dataDir, 0o755);
  });
  after(async () => rm(dataDir, { recursive: true, force: true }));

  it('starts on the embedded default, answers /readyz, prints the URL, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
    const child = spawn(tsx, ['bootstrap/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const ready = await waitForStatus(`http://127.0.0.1:${port}/readyz`, 200, { alive: running(child), intervalMs: 200 });
      expect(ready, `exited before it was ready; output:\n${output}`).to.equal(true);
      // The URL line and the /readyz answer come on two different pipes: on a loaded machine this
      // process may read the answer first (CI saw '' once). Wait for the line, up to 10 s.
      const url = `http://localhost:${port}`;
      for (let waited = 0; !output.includes(url) && waited < 10_000 && running(child)(); waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(output).to.include(url);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).to.equal(0);
    // PostgreSQL removes its pid file when it shuts down cleanly: the service stopped it, not left it.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).to.equal(false);
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    const child = spawn(tsx, ['bootstrap/server.ts'], { env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await exitOf(child)).to.equal(2);
    expect(stderr).to.match(/PORT/);
  });
});
