import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsList } from '../../migrations/index.js';
import { createDatabase, databaseUrl, dropDatabase, postgresStorage, type PostgresFixture } from '../support/database.js';

// An operator's first hour without the HTTP API: `npm run cli -- migrate`, `user add`, `tree create`
// on an external DATABASE_URL (servers may run meanwhile), through the core's own rules and audit.

const tsx = path.resolve('node_modules/.bin/tsx');
type Run = { readonly code: number; readonly stdout: string; readonly stderr: string };

describe('command-line host: the operator commands', function () {
  this.timeout(60_000);
  let fx: PostgresFixture;
  let dir: string;

  const cliOn = (url: string, stdin: string | null, ...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: dir, MAILER: 'console' };
      delete env['LOG_LEVEL'];
      const child = execFile(tsx, ['bootstrap/cli.ts', ...args], { env }, (err, stdout, stderr) =>
        resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stdout, stderr }));
      if (stdin !== null) child.stdin!.end(stdin);
      else child.stdin!.end();
    });
  const cli = (stdin: string | null, ...args: string[]): Promise<Run> => cliOn(fx.url, stdin, ...args);

  before(async () => {
    fx = await postgresStorage();
    dir = await mkdtemp(path.join(tmpdir(), 'genealogy-cli-admin-'));
  });
  after(async () => {
    await fx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('migrate brings an empty database to the head, and again applies nothing', async () => {
    const name = `test_cli_migrate_${randomBytes(6).toString('hex')}`;
    await createDatabase(name);
    try {
      const url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
      const first = await cliOn(url, null, 'migrate');
      expect(first.code, first.stderr).to.equal(0);
      expect(first.stderr).to.contain(`at the head of its ${migrationsList.length} migrations (${migrationsList.length} applied now)`);
      const again = await cliOn(url, null, 'migrate');
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stderr).to.contain('(0 applied now)');
    } finally {
      await dropDatabase(name);
    }
  });

  it("user add makes an account with the password from stdin; --verified marks it verified; the core's rules refuse a taken email or a weak password", async () => {
    const run = await cli('a long enough password\n', 'user', 'add', 'Op.One@Example.org', '--verified');
    expect(run.code, run.stderr).to.equal(0);
    const out = JSON.parse(run.stdout) as { id: string; email: string; email_verified: boolean };
    expect(out).to.include({ email: 'op.one@example.org', email_verified: true });
    const user = await fx.storage.users.byEmail('op.one@example.org');
    expect(user?.id).to.equal(out.id);
    expect(user?.emailVerifiedAt).to.be.instanceOf(Date);
    // The same account again is refused, and a weak password too: the core's rules.
    const twice = await cli('a long enough password\n', 'user', 'add', 'op.one@example.org');
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.contain('email_taken');
    const weak = await cli('short\n', 'user', 'add', 'op.two@example.org');
    expect(weak.code).to.equal(1);
    expect(weak.stderr).to.contain('weak_password');
    expect(await fx.storage.users.byEmail('op.two@example.org')).to.equal(null);
    const none = await cli('', 'user', 'add', 'op.three@example.org');
    expect(none.code).to.equal(2);
    expect(none.stderr).to.contain('reads the password from stdin');
  });

  it('without --verified the account is unverified and a verification mail goes out', async () => {
    const run = await cli('another good password\n', 'user', 'add', 'op.four@example.org');
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.include({ email: 'op.four@example.org', email_verified: false });
    expect((await fx.storage.users.byEmail('op.four@example.org'))?.emailVerifiedAt).to.equal(null);
    // The console mailer logs the mail at info; the CLI shows warnings only, so nothing of it here.
  });

  it('tree create makes a tree owned by --as (private unless asked), and refuses an unknown account (exit 2)', async () => {
    await cli('a long enough password\n', 'user', 'add', 'owner@example.org', '--verified');
    const run = await cli(null, 'tree', 'create', 'The Smiths', '--as', 'owner@example.org', '--description', 'From Kent', '--visibility', 'public');
    expect(run.code, run.stderr).to.equal(0);
    const tree = JSON.parse(run.stdout) as { id: string; name: string; visibility: string; description: string };
    expect(tree).to.include({ name: 'The Smiths', visibility: 'public', description: 'From Kent' });
    const owner = await fx.storage.users.byEmail('owner@example.org');
    expect((await fx.storage.memberships.get(tree.id, owner!.id))?.role).to.equal('owner');
    const plain = await cli(null, 'tree', 'create', 'Private one', '--as', 'owner@example.org');
    expect(JSON.parse(plain.stdout)).to.include({ visibility: 'private' });
    const unknown = await cli(null, 'tree', 'create', 'X', '--as', 'nobody@example.org');
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain('No account with the email nobody@example.org');
    const bad = await cli(null, 'tree', 'create', 'X', '--as', 'owner@example.org', '--visibility', 'secret');
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('--visibility must be one of');
  });
});
