import type { Logger } from 'pino';
import type { MikroORM } from '@mikro-orm/postgresql';
import { backfillLifeFacts } from '../core/people/keep-life-facts.js';
import type { Storage } from '../core/stores.js';
import { initOrm, migrate, storageOnOrm } from '../adapters/postgres/index.js';
import { openDatabase, type Database } from './database.js';
import type { Config } from './config.js';

export type OpenStorage = { readonly database: Database; readonly orm: MikroORM; readonly storage: Storage };

/**
 * The storage every host runs on (the server, the CLI): DATABASE_URL or the embedded PostgreSQL,
 * migrated to the head, with the kept privacy facts filled in for persons written before they were
 * kept, so that the first command already sees them.
 */
export const openStorage = async (config: Config, logger: Logger): Promise<OpenStorage> => {
  const database = await openDatabase(config, logger);
  await migrate(database.url);
  const orm = await initOrm(database.url);
  const storage = storageOnOrm(orm);
  const backfilled = await backfillLifeFacts(storage);
  if (backfilled > 0) logger.info({ persons: backfilled }, 'kept privacy facts filled in');
  return { database, orm, storage };
};
