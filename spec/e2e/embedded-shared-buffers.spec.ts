import { expect } from 'chai';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedSharedBuffersMb, startEmbeddedPostgres, usableMemoryBytes } from '../../bootstrap/embedded-postgres.js';

const GiB = 2 ** 30;

// The embedded server's shared buffers (bootstrap/embedded-postgres.ts): at PostgreSQL's default of
// 128 MB a 100,000-person tree's kept cards alone did not fit, and the first whole list after start
// read its pages back from the operating system.
describe('embedded PostgreSQL shared buffers', function () {
  this.timeout(120_000);
  it('are an eighth of the machine, at least 128 MB and at most 1 GB', () => {
    expect(embeddedSharedBuffersMb(0.5 * GiB)).to.equal(128);
    expect(embeddedSharedBuffersMb(2 * GiB)).to.equal(256);
    expect(embeddedSharedBuffersMb(4 * GiB)).to.equal(512);
    expect(embeddedSharedBuffersMb(8 * GiB)).to.equal(1024);
    expect(embeddedSharedBuffersMb(64 * GiB)).to.equal(1024);
  });

  it('are what an embedded server is started with', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'genealogy-buffers-'));
    await chmod(root, 0o755); // run as root, the cluster belongs to the postgres user, which must reach it
    const cluster = await startEmbeddedPostgres(path.join(root, 'postgres'), { persistent: false });
    const db = new pg.Client({ connectionString: cluster.url('postgres') });
    try {
      await db.connect();
      const { rows } = await db.query<{ mb: number }>(`select (setting::bigint * 8 / 1024)::int as mb from pg_settings where name = 'shared_buffers'`);
      expect(rows[0]!.mb).to.equal(embeddedSharedBuffersMb(usableMemoryBytes()));
    } finally {
      await db.end().catch(() => undefined);
      await cluster.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
});
