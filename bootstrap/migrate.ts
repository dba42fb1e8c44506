import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './database.js';
import { migrate } from '../adapters/postgres/migrate.js';

// `make migrate` / `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded
// PostgreSQL under DATA_DIR when it is not set (the server also migrates at start).
try {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  logger.flush(); // the log's buffered lines before the migrations' own
  try {
    await migrate(database.url, (m) => process.stdout.write(`${m}\n`));
    process.stdout.write('Migrations applied.\n');
  } finally {
    await database.stop();
  }
} catch (e) {
  process.stderr.write(`${e instanceof ConfigError ? e.message : `Migration failed: ${e instanceof Error ? e.message : String(e)}`}\n`);
  process.exit(e instanceof ConfigError ? 2 : 1);
}
