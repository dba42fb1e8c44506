import path from 'node:path';
import type { Logger } from 'pino';
import pg from 'pg';
import { runningCluster, startEmbeddedPostgres, type Supervision } from './embedded-postgres.js';
import type { Config } from './config.js';

export type Database = {
  readonly url: string;
  readonly stop: () => Promise<void>;
  /**
   * Embedded only: `listener` runs after each restart of a PostgreSQL that died under the service
   * (a metrics counter: `database.onRestart(() => counter.inc())`). Never called for DATABASE_URL.
   */
  readonly onRestart: (listener: () => void) => void;
};

export type DatabaseOptions = {
  /** The embedded PostgreSQL died and could not be started again. Default: log and exit 1. */
  readonly onGiveUp?: (err: Error) => void;
  /** Tests: the waits before each restart attempt. */
  readonly restartDelaysMs?: readonly number[];
};

const DB_NAME = 'genealogy';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL with its cluster under DATA_DIR/postgres,
 * supervised: started again when it dies, and when that fails the process exits non-zero so that its
 * own supervisor (systemd, Docker, Kubernetes) restarts the whole service.
 */
export const openDatabase = async (config: Config, logger: Logger, options: DatabaseOptions = {}): Promise<Database> => {
  if (config.databaseUrl !== null) return { url: config.databaseUrl, stop: async () => undefined, onRestart: () => undefined };
  const dir = path.join(config.dataDir, 'postgres');
  // The server on this DATA_DIR already runs the cluster (the worker or the CLI beside it): share it.
  // It stays the server's: this process neither supervises nor stops it.
  const running = runningCluster(dir);
  if (running !== null) {
    logger.info({ dir, postmaster_pid: running.pid }, 'using the embedded PostgreSQL another process on this DATA_DIR runs');
    return { url: running.url(DB_NAME), stop: async () => undefined, onRestart: () => undefined };
  }
  const listeners: (() => void)[] = [];
  let restarts = 0;
  const supervise: Supervision = {
    ...(options.restartDelaysMs ? { restartDelaysMs: options.restartDelaysMs } : {}),
    onRestart: () => {
      restarts += 1;
      logger.warn({ restarts }, 'embedded PostgreSQL restarted after it died');
      for (const l of listeners) l();
    },
    onGiveUp:
      options.onGiveUp ??
      ((err) => {
        logger.fatal({ err }, 'embedded PostgreSQL died and could not be restarted; exiting');
        process.exit(1);
      }),
    warn: (message) => logger.warn({ postgres_supervisor: message }),
  };
  logger.info({ dir }, 'starting embedded PostgreSQL');
  const server = await startEmbeddedPostgres(dir, {
    persistent: true,
    supervise,
    hugePages: config.embeddedHugePages,
    log: (line) => logger.debug({ postgres: line }),
  });
  if (server.hugePagesAdded() > 0) logger.info({ huge_pages_added: server.hugePagesAdded() }, 'embedded PostgreSQL: its shared memory on huge pages added to the system (EMBEDDED_HUGE_PAGES)');
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  return { url: server.url(DB_NAME), stop: server.stop, onRestart: (l) => void listeners.push(l) };
};
