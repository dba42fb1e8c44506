import type { Logger } from 'pino';
import type { Clock } from '../core/kernel/clock.js';
import type { Storage } from '../core/stores.js';
import { purgeExpired } from '../core/cleanup/commands/purge-expired.js';
import type { BlobStore } from '../core/media/blob-store.js';
import { purgeRateLimitWindows } from '../core/identity/rate-limit.js';
import { purgeEndedCredentials } from '../core/identity/commands/purge-ended-credentials.js';
import type { ServiceMetrics } from '../adapters/http/metrics.js';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the purge now and then every hour; several instances take turns through the lock. Each run
 * also deletes the rate-limit windows that have ended (on every instance: it is idempotent and needs
 * no lock), so that table holds only the keys of the last hour, and, the same way, the sessions and
 * emailed links that ended `purgeAfterDays` ago (purgeEndedCredentials).
 */
export const schedulePurge = (
  deps: { readonly storage: Storage; readonly clock: Clock; readonly purgeAfterDays: number; readonly blobs: BlobStore },
  logger: Logger,
  intervalMs = PURGE_INTERVAL_MS,
  metrics?: Pick<ServiceMetrics, 'purgeRun'>,
) => {
  const purge = purgeExpired(deps);
  const purgeWindows = purgeRateLimitWindows(deps);
  const purgeCredentials = purgeEndedCredentials({ ...deps, keepDays: deps.purgeAfterDays });
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = purge()
      .then(async (r) => {
        if (r.ran && (Object.values(r.counts).some((n) => n > 0) || r.blobsRemoved > 0))
          logger.info({ purge: r.counts, blobs_removed: r.blobsRemoved, cutoff: r.cutoff.toISOString() }, 'purged expired records');
        if (r.ran && r.blobsPending) logger.warn('media objects still queued for removal: the object store refused; retrying next run');
        if (!r.ran) logger.debug('purge skipped: another instance holds the lock');
        const windows = await purgeWindows();
        if (windows > 0) logger.debug({ rate_limit_windows: windows }, 'removed ended rate-limit windows');
        const ended = await purgeCredentials();
        if (ended.sessions > 0 || ended.emailTokens > 0) logger.info({ sessions: ended.sessions, email_tokens: ended.emailTokens }, 'removed ended sessions and emailed links');
        metrics?.purgeRun(r.ran ? 'ran' : 'skipped', {
          ...(r.ran ? { ...r.counts, media_objects: r.blobsRemoved } : {}), rate_limit_windows: windows, sessions: ended.sessions, email_tokens: ended.emailTokens,
        });
      })
      .catch((err: unknown) => {
        metrics?.purgeRun('failed');
        logger.error({ err }, 'purge failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async (): Promise<void> => {
      clearInterval(timer);
      await running;
    },
  };
};
