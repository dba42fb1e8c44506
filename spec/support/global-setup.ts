import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startEmbeddedPostgres, type RunningPostgres } from '../../bootstrap/embedded-postgres.js';
import { migrate } from '../../adapters/postgres/migrate.js';
import { closeAdminConnection, createDatabase, databaseUrl, dropDatabase } from './database.js';

// Mocha global fixtures: one PostgreSQL server for the whole run (DATABASE_URL's, or a throwaway
// embedded one) and one migrated template database that every spec copies (spec/support/database.ts).

let embedded: { pg: RunningPostgres; dir: string } | undefined;
let template: string | undefined;

export const mochaGlobalSetup = async (): Promise<void> => {
  let adminUrl = process.env['DATABASE_URL'];
  if (adminUrl === undefined || adminUrl === '') {
    const dir = await mkdtemp(path.join(tmpdir(), 'genealogy-test-pg-'));
    // mkdtemp makes the directory 0700; as root, embedded-postgres runs initdb as a `postgres` user
    // that must be able to enter it.
    await chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres(path.join(dir, 'cluster'), { persistent: false }).catch(async (e: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw e;
    });
    embedded = { pg, dir };
    adminUrl = pg.url('postgres');
  }
  process.env['TEST_PG_ADMIN_URL'] = adminUrl;
  template = `test_template_${randomBytes(6).toString('hex')}`;
  await createDatabase(template);
  await migrate(databaseUrl(adminUrl, template));
  process.env['TEST_PG_TEMPLATE'] = template;
};

export const mochaGlobalTeardown = async (): Promise<void> => {
  try {
    if (template !== undefined && embedded === undefined) await dropDatabase(template);
  } finally {
    await closeAdminConnection();
    if (embedded) {
      await embedded.pg.stop();
      await rm(embedded.dir, { recursive: true, force: true });
    }
  }
};
