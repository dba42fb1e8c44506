import pg from 'pg';
import { initOrm } from './orm.js';

/**
 * The advisory lock every migrating process takes first (the same `hashtext` key space as the
 * purge's `runExclusive` locks, under a name of its own).
 */
export const MIGRATION_LOCK = 'genealogy:migrations';

/**
 * Applies every pending migration of migrations/index.ts, in order; does nothing when up to date.
 * Instances that start at the same moment on one database (a rolling deploy, an autoscaler) take
 * turns: each waits for a session-level advisory lock, held on a connection of its own while the
 * migrator runs, then finds what the one before it applied. Without it two of them created
 * `pg_trgm` or the migrations table at once and one died at start-up.
 */
export const migrate = async (url: string, log?: (message: string) => void): Promise<{ readonly applied: number; readonly total: number; readonly ctype: string }> => {
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined); // a lost connection fails the query in hand; nothing else to do
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    const orm = await initOrm(url, { poolMax: 2, ...(log ? { log } : {}) });
    try {
      const applied = await orm.getMigrator().up();
      const { rows: [db] } = await lock.query<{ ctype: string }>('select datctype as ctype from pg_database where datname = current_database()');
      return { applied: applied.length, total: (await orm.getMigrator().getExecutedMigrations()).length, ctype: db?.ctype ?? '' };
    } finally {
      await orm.close(true);
    }
  } finally {
    // Ending the session releases the lock, also when the unlock could not be sent.
    await lock.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
};

/**
 * Whether a database of this LC_CTYPE knows letters beyond ASCII. Under C (or POSIX) pg_trgm takes
 * every other letter for a break and `lower()` leaves it as it is, so a name in Cyrillic, Greek or
 * Chinese has no trigram and is never found, and `ÅSTRÖM` is the words `str` and `m`.
 */
export const ctypeKnowsLetters = (ctype: string): boolean => !/^(c|posix)$/i.test(ctype);
