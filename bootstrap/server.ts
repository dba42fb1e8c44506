import { once } from 'node:events';
import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './database.js';
import { composeApp } from './compose.js';
import { createPostgresStorage, migrate } from '../adapters/postgres/index.js';
import { systemClock } from '../core/shared/clock.js';
import { schedulePurge } from './purge-schedule.js';

const main = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  await migrate(database.url);
  const storage = await createPostgresStorage(database.url);
  const { app, deps } = composeApp(config, storage, logger);
  const purge = schedulePurge({ storage, clock: systemClock, purgeAfterDays: config.purgeAfterDays, blobs: deps.blobs }, logger);
  const server = app.listen(config.port, '0.0.0.0');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.info({ port }, 'listening');
  process.stdout.write(`Genealogy service listening on http://localhost:${port} (API under /api/v1, docs at /api/v1/docs)\n`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close();
    await purge.stop();
    await storage.close();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((err: unknown) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
