import path from 'node:path';
import type { Logger } from 'pino';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import type { Config } from './config.js';

export type Database = { readonly url: string; readonly stop: () => Promise<void> };

const DB_NAME = 'genealogy';

/** DATABASE_URL when set; otherwise the embedded PostgreSQL with its cluster under DATA_DIR/postgres. */
export const openDatabase = async (config: Config, logger: Logger): Promise<Database> => {
  if (config.databaseUrl !== null) return { url: config.databaseUrl, stop: async () => undefined };
  const dir = path.join(config.dataDir, 'postgres');
  logger.info({ dir }, 'starting embedded PostgreSQL');
  const server = await startEmbeddedPostgres(dir, { persistent: true, log: (line) => logger.debug({ postgres: line }) });
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  return { url: server.url(DB_NAME), stop: server.stop };
};
