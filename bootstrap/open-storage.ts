import type { Logger } from 'pino';
import type { MikroORM } from '@mikro-orm/postgresql';
import { backfillLifeFacts } from '../core/people/keep-life-facts.js';
import type { Storage } from '../core/stores.js';
import { ctypeKnowsLetters, initOrm, keepSessions, migrate, storageOnOrm } from '../adapters/postgres/index.js';
import { readReplica, type FallbackReason } from '../adapters/postgres/read-replica.js';
import { openDatabase, type Database } from './database.js';
import type { Config } from './config.js';

export type OpenStorage = { readonly database: Database; readonly orm: MikroORM; readonly storage: Storage };

export type OpenStorageOptions = {
  /** Serve the reads that may lag from DATABASE_READ_URL when it is set (the API server; never the CLI or the worker). */
  readonly replica?: ReplicaEvents;
  /**
   * Keep sessions in the process, told of every change by PostgreSQL (adapters/postgres/session-cache.ts):
   * the API server, whose every authenticated request reads its session first; never the CLI or the worker.
   */
  readonly keepSessions?: boolean;
};

/**
 * The read replica's pool: connected on first use, so a replica that is down at start delays
 * nothing (its reads go to the primary until it answers). Its outages are logged once each.
 */
type ReplicaEvents = { readonly onFallback: (reason: FallbackReason) => void; readonly onRead: () => void };

const openReplica = async (url: string, config: Config, logger: Logger, events: ReplicaEvents) =>
  readReplica(await initOrm(url, { failFast: true, searchThreshold: config.searchThreshold, poolMax: config.dbPoolMax }), {
    onFallback: events.onFallback,
    onRead: events.onRead,
    onDown: (err) => logger.warn({ err }, 'the read replica does not answer: its reads go to the primary'),
    onUp: () => logger.info('the read replica answers again'),
  });

/**
 * The storage every host runs on (the server, the CLI): DATABASE_URL or the embedded PostgreSQL,
 * migrated to the head, with the kept privacy facts filled in for persons written before they were
 * kept, so that the first command already sees them.
 */
export const openStorage = async (config: Config, logger: Logger, opts: OpenStorageOptions = {}): Promise<OpenStorage> => {
  const database = await openDatabase(config, logger);
  const { ctype } = await migrate(database.url);
  if (!ctypeKnowsLetters(ctype)) {
    logger.warn({ lc_ctype: ctype }, 'the database\'s LC_CTYPE knows ASCII letters only: names in other letters (Иванов, ÅSTRÖM) are not found by search; '
      + 'a database created with LC_CTYPE C.UTF-8 (or another UTF-8 locale) finds them, as a new embedded cluster does');
  }
  const orm = await initOrm(database.url, { searchThreshold: config.searchThreshold, poolMax: config.dbPoolMax });
  const replica = opts.replica === undefined || config.databaseReadUrl === null ? undefined : await openReplica(config.databaseReadUrl, config, logger, opts.replica);
  const kept = opts.keepSessions === true
    ? await keepSessions(database.url, {
      onDown: (err) => logger.warn({ err }, 'the session notices connection failed: sessions are read from the database until it is back'),
      onUp: () => logger.info('the session notices connection answers: sessions are kept in the process'),
    })
    : undefined;
  const storage = storageOnOrm(orm, {}, replica, kept);
  const backfilled = await backfillLifeFacts(storage);
  if (backfilled > 0) logger.info({ persons: backfilled }, 'kept privacy facts filled in');
  return { database, orm, storage };
};
