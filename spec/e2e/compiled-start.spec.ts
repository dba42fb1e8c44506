import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';
import { scriptNodeFlags } from '../support/start-command.js';

// `npm start` runs the compiled service (`npm run build`: tsc into dist/, `make run` builds when
// needed), not the TypeScript sources through tsx. Cold start to /readyz on an existing embedded
// cluster, measured on this machine: 2.8-3.2 s through tsx, 1.5-1.8 s compiled (README).

const exitOf = (child: ReturnType<typeof spawn>): Promise<number | null> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('compiled start (npm run build, npm start)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let url: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-dist-'));
    url = await freshDatabaseUrl();
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(new URL(url).pathname.slice(1));
  });

  it('builds into dist/, starts with node, answers /readyz with the package version, and stops on SIGTERM', async () => {
    const build = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile('npm', ['run', '-s', 'build'], (err, stdout, stderr) => resolve({ code: err === null ? 0 : 1, out: stdout + stderr })));
    expect(build.code, build.out).to.equal(0);
    const port = await freePort();
    const child = spawn(process.execPath, [...scriptNodeFlags('start'), 'dist/bootstrap/server.js'], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          output += c.toString();
          if (output.includes(`listening on http://localhost:${port}`)) resolve();
        });
        void exitOf(child).then((code) => reject(new Error(`exited ${code}:\n${output}`)));
      });
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).to.equal(200);
      const doc = (await (await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)).json()) as { info: { version: string } };
      const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
      expect(doc.info.version).to.equal(pkg.version);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child), output).to.equal(0);
  });
});
