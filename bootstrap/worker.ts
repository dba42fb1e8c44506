import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './database.js';
import { createPostgresStorage, migrate } from '../adapters/postgres/index.js';
import { systemClock } from '../core/kernel/clock.js';
import { purgeExpired } from '../core/cleanup/commands/purge-expired.js';
import { schedulePurge } from './purge-schedule.js';
import { scheduleCards } from './card-schedule.js';
import { purgeRateLimitWindows } from '../core/identity/rate-limit.js';
import { configuredBlobStore } from './compose.js';
import { releaseSignalHooks, StartupError } from './embedded-postgres.js';
import { SHUTDOWN_GRACE_MS } from './http-drain.js';

// `make worker`: the background jobs as their own process (the server runs them too; the lock keeps
// two instances from purging at once). `--once` runs the purge one time and exits.
const main = async (): Promise<void> => {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  await migrate(database.url);
  const storage = await createPostgresStorage(database.url);
  const deps = { storage, clock: systemClock, purgeAfterDays: config.purgeAfterDays, blobs: configuredBlobStore(config) };
  if (process.argv.includes('--once')) {
    const result = await purgeExpired(deps)();
    const windows = await purgeRateLimitWindows(deps)();
    logger.flush(); // the log's buffered lines before the result, which stays the last line
    process.stdout.write(`${JSON.stringify(result.ran ? { ran: true, cutoff: result.cutoff.toISOString(), ...result.counts, blobs_removed: result.blobsRemoved, blobs_pending: result.blobsPending, rate_limit_windows: windows } : { ran: false, rate_limit_windows: windows })}\n`);
    await storage.close();
    await database.stop();
    return;
  }
  const schedule = schedulePurge(deps, logger);
  const cards = scheduleCards({ storage }, logger);
  logger.info({ purge_after_days: config.purgeAfterDays }, 'worker running');
  // SIGTERM/SIGINT: a running purge gets the grace period to finish (cut, it rolls back), then the
  // pool and the embedded database close and the worker exits 0.
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info('worker stopping');
    await Promise.race([Promise.all([schedule.stop(), cards.stop()]), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS))]);
    await storage.close();
    await database.stop();
    process.exit(0);
  };
  releaseSignalHooks();
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  setInterval(() => undefined, 1 << 30);
};

main().catch((err: unknown) => {
  const told = err instanceof ConfigError || err instanceof StartupError;
  process.stderr.write(`${told ? err.message : `Worker failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`}\n`);
  process.exit(told ? 2 : 1);
});
