import { isIP } from 'node:net';
import { once } from 'node:events';
import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { openStorage } from './open-storage.js';
import { composeApp } from './compose.js';
import { poolUse } from '../adapters/postgres/pool-use.js';
import { createMetrics, startMetricsListener } from '../adapters/http/metrics.js';
import { systemClock } from '../core/kernel/clock.js';
import { schedulePurge } from './purge-schedule.js';
import { scheduleCards } from './card-schedule.js';
import { schedulePages } from './page-schedule.js';
import { releaseSignalHooks, StartupError } from './embedded-postgres.js';
import { drainable, SHUTDOWN_GRACE_MS } from './http-drain.js';

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
  // Several instances share one DATABASE_URL; media on the filesystem are this instance's alone.
  if (config.databaseUrl !== null && config.s3 === null)
    logger.warn({ media_dir: `${config.dataDir}/media` }, 'DATABASE_URL is set but S3_ENDPOINT is not: media files stay on this instance; with several instances on one database, set S3_ENDPOINT so that all of them read the same files');
  // Migrated, and persons written before the privacy facts were kept get them before the first request.
  // Metrics are always counted (cheap); METRICS_PORT only decides whether they are served.
  const metrics = createMetrics({ processMetrics: config.metrics !== null });
  const { database, orm, storage } = await openStorage(config, logger, { replica: { onFallback: metrics.replicaFallback, onRead: metrics.replicaRead }, keepSessions: true });
  metrics.poolSource(poolUse(orm));
  database.onRestart(metrics.embeddedDbRestart);
  const { app, deps, publicPages, serving } = composeApp(config, storage, logger, { metrics });
  const purge = schedulePurge({ storage, clock: systemClock, purgeAfterDays: config.purgeAfterDays, blobs: deps.blobs }, logger, undefined, metrics);
  const cards = scheduleCards({ storage }, logger);
  const pages = schedulePages(publicPages, logger, serving);
  // Its own listener, loopback unless METRICS_HOST says otherwise: never reachable on the API port.
  const metricsListener = config.metrics === null ? null : await startMetricsListener(metrics, config.metrics);
  if (metricsListener !== null) logger.info({ host: config.metrics?.host, port: metricsListener.port }, 'metrics listening');
  const server = app.listen(config.port, config.host);
  const http = drainable(server);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.info({ host: config.host, port }, 'listening');
  // Every interface: localhost reaches it; one address (HOST): that address, IPv6 in brackets.
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : isIP(config.host) === 6 ? `[${config.host}]` : config.host;
  // The log's buffered lines first, so that standard output keeps the order things happened in.
  logger.flush();
  process.stdout.write(`Genealogy service listening on http://${shown}:${port} (API under /api/v1, docs at /api/v1/docs)\n`);

  // SIGTERM/SIGINT: refuse new connections, let requests in flight and a running purge finish (up
  // to SHUTDOWN_GRACE_MS), then close the pool and the embedded database, and exit 0.
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, grace_ms: SHUTDOWN_GRACE_MS }, 'stopping: finishing requests in flight');
    try {
      const [{ cut }] = await Promise.all([
        http.drain(SHUTDOWN_GRACE_MS),
        // A purge cut at the deadline rolls back; the next run starts it again.
        Promise.race([Promise.all([purge.stop(), cards.stop(), pages.stop()]), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS))]),
        metricsListener?.close(),
      ]);
      if (cut > 0) logger.warn({ cut }, 'requests still running at the deadline were cut');
      await storage.close();
      await database.stop();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  releaseSignalHooks();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

main().catch((err: unknown) => {
  if (err instanceof StartupError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
