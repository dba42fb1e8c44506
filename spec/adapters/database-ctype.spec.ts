import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import pg from 'pg';
import { migrate } from '../../adapters/postgres/migrate.js';
import { openStorage } from '../../bootstrap/open-storage.js';
import { loadConfig } from '../../bootstrap/config.js';
import { CLUSTER_CTYPE } from '../../bootstrap/embedded-postgres.js';
import { adminConnection, databaseUrl, dropDatabase } from '../support/database.js';

// Name search reads letters beyond ASCII only on a database whose LC_CTYPE knows them. The embedded
// cluster was made with C's (initdb --locale=C): there pg_trgm took every non-ASCII letter for a
// break, so `Иванов` had no trigram and was never found, and `Åström` was `str` and `m`, like
// `Ström` (the names contract's "every script" case failed on it). The cluster is now made with
// LC_CTYPE C.UTF-8 and C's sorting; a database that still has C's ctype (a cluster made before, or an
// operator's) is named in a warning at start.

describe('the database\'s LC_CTYPE', function () {
  this.timeout(120_000);
  const made: string[] = [];
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()) }));

  /** A new, empty database on the test cluster with this LC_CTYPE (C's sorting), and its URL. */
  const database = async (ctype: string): Promise<string> => {
    const name = `test_ctype_${randomBytes(6).toString('hex')}`;
    await adminConnection().raw(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype '${ctype}'`);
    made.push(name);
    return databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
  };
  const trigrams = async (url: string, word: string): Promise<string[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<{ t: string[] }>('select show_trgm($1) as t', [word])).rows[0]!.t;
    } finally {
      await c.end();
    }
  };
  const warnings = (): Array<{ msg: string; lc_ctype?: string }> =>
    lines.map((l) => JSON.parse(l) as { level: number; msg: string; lc_ctype?: string }).filter((l) => l.level === 40);
  const opened = async (url: string) => {
    lines.length = 0;
    const { storage, database: db } = await openStorage(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'info' }), logger);
    await storage.close();
    await db.stop();
  };

  after(async () => {
    for (const name of made) await dropDatabase(name);
  });

  it('of C makes a name in other letters unsearchable, and the service names it in a warning at start', async () => {
    const url = await database('C');
    expect((await migrate(url)).ctype).to.equal('C');
    expect(await trigrams(url, 'иванов')).to.deep.equal([]);
    await opened(url);
    const [warned, ...more] = warnings();
    expect(more).to.deep.equal([]);
    expect(warned?.lc_ctype).to.equal('C');
    expect(warned?.msg).to.match(/LC_CTYPE knows ASCII letters only.*not found by search.*C\.UTF-8/);
  });

  it('is C.UTF-8 on the cluster the service makes, where a name in any letters has its trigrams and the service warns of nothing', async () => {
    const { rows: [cluster] } = await adminConnection().raw<{ rows: Array<{ ctype: string; collate: string }> }>(
      'select datctype as ctype, datcollate as collate from pg_database where datname = current_database()');
    expect(cluster).to.deep.equal({ ctype: CLUSTER_CTYPE, collate: 'C' });
    const url = await database(CLUSTER_CTYPE);
    expect((await migrate(url)).ctype).to.equal(CLUSTER_CTYPE);
    expect(await trigrams(url, 'иванов')).to.have.length(7);
    await opened(url);
    expect(warnings()).to.deep.equal([]); // the same sink that heard the warning above
  });
});
