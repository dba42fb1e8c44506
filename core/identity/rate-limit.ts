import { rateLimited, type DomainError } from '../shared/errors.js';
import type { IdentityDeps } from './deps.js';

/**
 * Counts one attempt per client address and per email for `action`. Runs outside any unit of work so
 * that failed attempts count too.
 */
export const checkAuthRateLimit = async (
  deps: Pick<IdentityDeps, 'storage' | 'clock' | 'identity'>,
  action: string,
  clientAddress: string,
  email: string | null,
): Promise<DomainError | null> => {
  const limit = deps.identity.authRateLimit;
  if (limit === 0) return null;
  const now = deps.clock.now();
  const keys = [`${action}:addr:${clientAddress}`, ...(email === null ? [] : [`${action}:email:${email}`])];
  let worst: number | null = null;
  for (const key of keys) {
    const decision = await deps.storage.rateLimits.hit(key, limit, 60, now);
    if (!decision.allowed) worst = Math.max(worst ?? 0, decision.retryAfterSeconds);
  }
  return worst === null ? null : rateLimited(worst);
};
