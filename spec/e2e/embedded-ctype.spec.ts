import { expect } from 'chai';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLUSTER_CTYPE, startEmbeddedPostgres } from '../../bootstrap/embedded-postgres.js';

// The embedded cluster's LC_CTYPE (bootstrap/embedded-postgres.ts): C.UTF-8, so that name search
// knows letters beyond ASCII (spec/adapters/database-ctype.spec.ts). A system without that locale
// still gets a cluster, of C's character classes, rather than no service at all.
describe('embedded PostgreSQL character classes', function () {
  this.timeout(120_000);

  /** The LC_COLLATE and LC_CTYPE of a new cluster made under `ctype`'s request. */
  const madeWith = async (ctype?: string): Promise<{ collate: string; ctype: string }> => {
    const root = await mkdtemp(path.join(tmpdir(), 'genealogy-ctype-'));
    await chmod(root, 0o755); // run as root, the cluster belongs to the postgres user, which must reach it
    const lines: string[] = [];
    const cluster = await startEmbeddedPostgres(path.join(root, 'postgres'), { persistent: false, log: (l) => lines.push(l), ...(ctype === undefined ? {} : { ctype }) });
    const db = new pg.Client({ connectionString: cluster.url('postgres') });
    try {
      await db.connect();
      const { rows: [made] } = await db.query<{ collate: string; ctype: string }>('select datcollate as collate, datctype as ctype from pg_database where datname = current_database()');
      if (ctype !== undefined) expect(lines.join('\n')).to.include(`no locale ${ctype} on this system`);
      return made!;
    } finally {
      await db.end().catch(() => undefined);
      await cluster.stop();
      await rm(root, { recursive: true, force: true });
    }
  };

  it('are C.UTF-8\'s, with C\'s sorting', async () => {
    expect(await madeWith()).to.deep.equal({ collate: 'C', ctype: CLUSTER_CTYPE });
  });

  it('are C\'s on a system that lacks the locale asked for, and the cluster starts', async () => {
    expect(await madeWith('xx_XX.UTF-8')).to.deep.equal({ collate: 'C', ctype: 'C' });
  });
});
