import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The service's logs leave standard output from a buffer (bootstrap/logger.ts stdoutDestination), not
// one write per line: a line must still reach the output promptly while the process runs, and every
// line must be written when the process ends, by an exit, a thrown error or a SIGTERM-style shutdown.

const logger = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bootstrap', 'logger.ts');

type Run = { readonly code: number | null; readonly stdout: string; readonly stderr: string; readonly firstLineMs: number | null; readonly ms: number };

/** Runs `body` (an ES module's text, with `logger` an info logger on the default destination) in a process of its own. */
const run = (body: string): Promise<Run> =>
  new Promise((resolve) => {
    const started = Date.now();
    let firstLineMs: number | null = null;
    const script = `import { createLogger } from ${JSON.stringify(logger)};\nconst logger = createLogger('info');\n${body}`;
    const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : null, stdout, stderr, firstLineMs, ms: Date.now() - started }));
    child.stdout!.on('data', () => (firstLineMs ??= Date.now() - started));
  });

const messages = (stdout: string): string[] => stdout.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { msg: string }).msg);

describe('the service log on standard output', function () {
  this.timeout(60_000);

  it('writes a line while the process runs, long before it ends, without filling the buffer', async () => {
    // One short line, then 3 s of an idle process: the line leaves within the flush period.
    const r = await run(`logger.info('only line'); const t0 = Date.now(); await new Promise((r) => setTimeout(r, 3000)); process.stderr.write('waited ' + (Date.now() - t0));`);
    expect(r.code).to.equal(0);
    expect(messages(r.stdout)).to.deep.equal(['only line']);
    expect(r.firstLineMs).to.be.a('number');
    // The line came at least 2 s before the end (the flush period is 200 ms; start-up is in both figures).
    expect(r.ms - r.firstLineMs!).to.be.greaterThan(2000);
  });

  it('writes every line when the process exits at once after logging', async () => {
    const r = await run(`for (let i = 0; i < 500; i++) logger.info('line ' + i); process.exit(3);`);
    expect(r.code).to.equal(3);
    expect(messages(r.stdout)).to.deep.equal(Array.from({ length: 500 }, (_, i) => `line ${i}`));
  });

  it('writes every line when the process dies of an uncaught error', async () => {
    const r = await run(`logger.info('before'); logger.error('about to fail'); setImmediate(() => { throw new Error('boom'); });`);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.include('boom');
    expect(messages(r.stdout)).to.deep.equal(['before', 'about to fail']);
  });

  it('writes every line when the process ends on its own (nothing left to do)', async () => {
    const r = await run(`for (let i = 0; i < 3; i++) logger.info('line ' + i);`);
    expect(r.code).to.equal(0);
    expect(messages(r.stdout)).to.deep.equal(['line 0', 'line 1', 'line 2']);
  });
});
