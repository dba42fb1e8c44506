import { expect } from 'chai';
import { chmod, mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { passwordFileOf, startEmbeddedPostgres } from '../../bootstrap/embedded-postgres.js';

/** Whether `password` signs in as postgres on the cluster behind `url` (only the password differs). */
const signsIn = async (url: string, password: string): Promise<boolean> => {
  const u = new URL(url);
  u.password = password;
  const client = new pg.Client({ connectionString: u.toString() });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

// The embedded default's password was a constant in the code ('embedded'): any local user of the
// host could connect with it. Now every cluster gets a random one, kept beside it in a 0600 file.
describe('embedded PostgreSQL password', function () {
  this.timeout(120_000);
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'genealogy-pw-'));
    await chmod(root, 0o755); // run as root, the cluster belongs to the postgres user, which must reach it
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('a new cluster gets a random password in a 0600 file beside it; a cluster of the old constant is moved to one', async () => {
    const dir = path.join(root, 'postgres');
    let cluster = await startEmbeddedPostgres(dir, { persistent: true });
    const file = passwordFileOf(dir);
    const kept = (await readFile(file, 'utf8')).trim();
    try {
      expect((await stat(file)).mode & 0o777).to.equal(0o600);
      expect(kept).to.match(/^[\w-]{32}$/);
      expect(new URL(cluster.url('postgres')).password).to.equal(kept);
      expect(await signsIn(cluster.url('postgres'), kept), 'the kept password').to.equal(true);
      expect(await signsIn(cluster.url('postgres'), 'embedded'), 'the old constant').to.equal(false);
      // Make it a cluster from before the file: the old constant, no file.
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query("alter role postgres with password 'embedded'");
      await admin.end();
      await unlink(file);
    } finally {
      await cluster.stop();
    }
    cluster = await startEmbeddedPostgres(dir, { persistent: true });
    try {
      const rotated = (await readFile(file, 'utf8')).trim();
      expect(rotated).to.match(/^[\w-]{32}$/).and.not.equal(kept);
      expect(new URL(cluster.url('postgres')).password).to.equal(rotated);
      expect(await signsIn(cluster.url('postgres'), rotated), 'the new password').to.equal(true);
      expect(await signsIn(cluster.url('postgres'), 'embedded'), 'the old constant, replaced').to.equal(false);
    } finally {
      await cluster.stop();
    }
    // And the third start reads the file again.
    cluster = await startEmbeddedPostgres(dir, { persistent: true });
    try {
      expect(await signsIn(cluster.url('postgres'), (await readFile(file, 'utf8')).trim())).to.equal(true);
    } finally {
      await cluster.stop();
    }
  });
});
