import type { Storage, Stores } from '../../core/shared/ports.js';
import { emptyState, restore, snapshot, type MemoryState } from './state.js';
import { memoryEmailTokens, memoryRateLimiter, memorySessions, memoryUsers } from './identity.js';
import { memoryMemberships, memoryTrees } from './trees.js';
import { memoryAudit } from './audit.js';

const storesOf = (s: MemoryState): Stores => ({
  users: memoryUsers(s),
  sessions: memorySessions(s),
  emailTokens: memoryEmailTokens(s),
  trees: memoryTrees(s),
  memberships: memoryMemberships(s),
  audit: memoryAudit(s),
  rateLimits: memoryRateLimiter(s),
});

/**
 * In-memory storage for fast tests and alternate hosts. Units of work run one at a time (a promise
 * chain) and roll back by restoring a snapshot, so they behave like serialisable transactions.
 */
export const memoryStorage = (): Storage => {
  const state = emptyState();
  const stores = storesOf(state);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...stores,
    uow: {
      run: (work) => {
        const next = queue.then(async () => {
          const before = snapshot(state);
          try {
            const result = await work(stores);
            if (result._tag === 'Left') restore(state, before);
            return result;
          } catch (e) {
            restore(state, before);
            throw e;
          }
        });
        queue = next.catch(() => undefined);
        return next;
      },
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
};
