import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { User } from '../../core/identity/model.js';
import type { Tree } from '../../core/trees/model.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aMembership, givenTree, givenUsers } from '../contracts/fixtures.js';
import { rawZip } from '../support/hostile-zip.js';
import { unzip } from '../support/account-archive.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

// `npm run cli`: the real process (tsx bootstrap/cli.ts) on a database of its own, acting as accounts
// made directly in the storage. Its stderr is a pipe here, so its progress comes as plain lines.

const tsx = path.resolve('node_modules/.bin/tsx');
const FIXTURE = path.join(GEDCOM_FIXTURES, '5.5/royal92.ged');
const indiCount = (text: string): number => text.split('\n').filter((l) => l.startsWith('0 @') && l.trimEnd().endsWith('@ INDI')).length;

type Run = { readonly code: number; readonly stdout: string; readonly stderr: string };

describe('command-line host (npm run cli)', function () {
  this.timeout(60_000);
  let fx: PostgresFixture;
  let owner: User;
  let viewer: User;
  let tree: Tree;
  let dir: string;

  const cli = (...args: string[]): Promise<Run> => cliWith({}, ...args);
  const cliWith = (extra: Readonly<Record<string, string>>, ...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: fx.url, DATA_DIR: dir, ...extra };
      delete env['LOG_LEVEL'];
      execFile(tsx, ['bootstrap/cli.ts', ...args], { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
        resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stdout, stderr }));
    });
  const personsInTree = async () => (await fx.storage.persons.listByTree(tree.id, {})).length;

  before(async () => {
    fx = await postgresStorage();
    [owner, viewer] = (await givenUsers(fx.storage, 2)) as [User, User];
    tree = await givenTree(fx.storage);
    await fx.storage.memberships.insert(aMembership(tree.id, owner.id, 'owner'));
    await fx.storage.memberships.insert(aMembership(tree.id, viewer.id, 'viewer'));
    dir = await mkdtemp(path.join(tmpdir(), 'genealogy-cli-'));
  });
  after(async () => {
    await fx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a viewer import with exit 1 and writes nothing', async () => {
    const run = await cli('import', FIXTURE, '--tree', tree.id, '--as', viewer.email);
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stderr).to.contain('Refused: This needs the editor role.');
    expect(run.stdout).to.equal('');
    expect(await personsInTree()).to.equal(0);
  });

  it('with REQUIRE_EMAIL_VERIFICATION=true the core refuses an unverified owner: export and import exit 1, nothing written', async () => {
    const out = path.join(dir, 'unverified.ged');
    const env = { REQUIRE_EMAIL_VERIFICATION: 'true' };
    const [exported, imported] = await Promise.all([
      cliWith(env, 'export', '--tree', tree.id, '--as', owner.email, '--out', out),
      cliWith(env, 'import', FIXTURE, '--tree', tree.id, '--as', owner.email),
    ]);
    for (const run of [exported, imported]) {
      expect(run.code, run.stderr).to.equal(1);
      expect(run.stderr).to.contain('Refused: Verify your email address to use this account.');
      expect(run.stdout).to.equal('');
    }
    expect(await readdir(dir)).not.to.include('unverified.ged');
    expect(await personsInTree()).to.equal(0);
  });

  it('answers an unknown account, an unknown tree and a missing file with exit 2', async () => {
    const [account, unknownTree, file] = await Promise.all([
      cli('import', FIXTURE, '--tree', tree.id, '--as', 'nobody@example.org'),
      cli('preview', FIXTURE, '--tree', '0190c3a0-0000-7000-8000-000000000000', '--as', owner.email),
      cli('import', path.join(dir, 'missing.ged'), '--tree', tree.id, '--as', owner.email),
    ]);
    expect([account.code, unknownTree.code, file.code]).to.deep.equal([2, 2, 2]);
    expect(account.stderr).to.contain('No account with the email nobody@example.org.');
    expect(unknownTree.stderr).to.contain('No tree 0190c3a0-0000-7000-8000-000000000000');
    expect(file.stderr).to.contain('No such file:');
  });

  it('imports a file as an editor, with progress lines and the report; a viewer exports every person back', async () => {
    const source = await readFile(FIXTURE, 'utf8');
    const expected = indiCount(source);
    const imported = await cli('import', FIXTURE, '--tree', tree.id, '--as', owner.email.toUpperCase());
    expect(imported.code, imported.stderr).to.equal(0);
    const report = JSON.parse(imported.stdout) as { persons: { created: number }; unmapped_tags: unknown[]; warning_count: number };
    expect(report.persons.created).to.equal(expected);
    expect(report).to.have.property('unmapped_tags').that.is.an('array');
    expect(report).to.have.property('warning_count').that.is.a('number');
    // Not a terminal: plain lines, no carriage returns or escape codes; the last one has read the whole file.
    expect(imported.stderr).to.not.contain('\r');
    expect(imported.stderr).to.match(/^import pass 2\/2: [\d,]+ records read, [\d,]+ persons written, [\d,]+ records\/s, 100%, file read/m);
    expect(imported.stderr).to.contain(`Imported in`);
    expect(await personsInTree()).to.equal(expected);

    // An existing file is kept unless --force.
    const out = path.join(dir, 'out.ged');
    await writeFile(out, 'mine');
    const kept = await cli('export', '--tree', tree.id, '--as', viewer.email, '--out', out, '--version', '7.0');
    expect(kept.code).to.equal(2);
    expect(kept.stderr).to.contain('exists; pass --force to replace it');
    expect(await readFile(out, 'utf8')).to.equal('mine');
    const exported = await cli('export', '--tree', tree.id, '--as', viewer.email, '--out', out, '--version', '7.0', '--force');
    expect(exported.code, exported.stderr).to.equal(0);
    const text = await readFile(out, 'utf8');
    expect(text).to.match(/^0 HEAD/);
    expect(text).to.contain('2 VERS 7.0');
    expect(indiCount(text)).to.equal(expected);
    expect(exported.stderr).to.contain(`Wrote ${out}: ${expected.toLocaleString('en-US')} persons`);
  });

  it('imports a .gdz, storing its media where the server keeps them (DATA_DIR/media), and exports one back', async () => {
    const other = await givenTree(fx.storage, { name: 'Zipped' });
    await fx.storage.memberships.insert(aMembership(other.id, owner.id, 'owner'));
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const ged = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Eve /Zip/\n1 OBJE\n2 FILE photos/eve.png\n3 FORM image/png\n0 TRLR\n');
    const gdz = path.join(dir, 'family.gdz');
    await writeFile(gdz, rawZip([{ name: 'gedcom.ged', data: ged }, { name: 'photos/eve.png', data: png }]));
    const run = await cli('import', gdz, '--tree', other.id, '--as', owner.email);
    expect(run.code, run.stderr).to.equal(0);
    const report = JSON.parse(run.stdout) as { persons: { created: number }; media: { created: number } };
    expect([report.persons.created, report.media.created]).to.deep.equal([1, 1]);
    expect(await readdir(path.join(dir, 'media'), { recursive: true })).to.not.have.length(0);

    const out = path.join(dir, 'back.gdz');
    const exported = await cli('export', '--tree', other.id, '--as', owner.email, '--out', out, '--media');
    expect(exported.code, exported.stderr).to.equal(0);
    const entries = await unzip(await readFile(out));
    expect(entries.get('gedcom.ged')!.toString('utf8')).to.contain('2 VERS 7.0');
    expect([...entries.values()].some((b) => b.equals(png))).to.equal(true);
  });
});
