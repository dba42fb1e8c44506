import { expect } from 'chai';
import { totalmem } from 'node:os';
import pg from 'pg';
import { embeddedSharedBuffersMb } from '../../bootstrap/embedded-postgres.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

const GiB = 2 ** 30;

// The embedded server's shared buffers (bootstrap/embedded-postgres.ts): at PostgreSQL's default of
// 128 MB a 100,000-person tree's kept cards alone did not fit, and the first whole list after start
// read its pages back from the operating system.
describe('embedded PostgreSQL shared buffers', () => {
  it('are an eighth of the machine, at least 128 MB and at most 1 GB', () => {
    expect(embeddedSharedBuffersMb(0.5 * GiB)).to.equal(128);
    expect(embeddedSharedBuffersMb(2 * GiB)).to.equal(256);
    expect(embeddedSharedBuffersMb(4 * GiB)).to.equal(512);
    expect(embeddedSharedBuffersMb(8 * GiB)).to.equal(1024);
    expect(embeddedSharedBuffersMb(64 * GiB)).to.equal(1024);
  });

  it('are what the embedded server the specs run on has', async () => {
    const url = await freshDatabaseUrl();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<{ mb: number }>(`select (setting::bigint * 8 / 1024)::int as mb from pg_settings where name = 'shared_buffers'`);
      expect(rows[0]!.mb).to.equal(embeddedSharedBuffersMb(totalmem()));
    } finally {
      await db.end();
      await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
    }
  });
});
