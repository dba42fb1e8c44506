import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { removeQueuedBlobs } from '../../core/media/commands/remove-queued-blobs.js';
import type { Clock } from '../../core/kernel/clock.js';
import type { IdentityDeps } from '../../core/identity/deps.js';
import type { PasswordHasher } from '../../core/identity/ports.js';
import type { Actor } from '../../core/kernel/actor.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import type { TreeDeps } from '../../core/trees/deps.js';
import type { Result } from '../../core/kernel/either.js';

/** A clock the test moves by hand. */
export const manualClock = (start = new Date('2026-01-01T00:00:00Z')): Clock & { advance: (ms: number) => void } => {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
};

/** Reversible and instant, so core specs test rules rather than scrypt; the scrypt adapter has its own spec. */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (p, h) => h === `plain:${p}`,
};

export const coreDeps = (overrides: Partial<IdentityDeps['identity']> = {}) => {
  const clock = manualClock();
  const mailer = memoryMailer();
  const storage = memoryStorage();
  const blobs = memoryBlobStore();
  const deps: IdentityDeps & TreeDeps & { readonly blobs: typeof blobs } = {
    storage,
    clock,
    hasher: plainHasher,
    mailer,
    identity: {
      baseUrl: 'http://test.local',
      requireEmailVerification: false,
      ownerEmails: [],
      authRateLimit: 0,
      sessionTtlMs: 3600_000,
      verificationTtlMs: 3600_000,
      resetTtlMs: 600_000,
      ...overrides,
    },
    aiProviders: [{ name: 'local', model: 'llama3' }],
    blobs,
    reclaimBlobs: () => removeQueuedBlobs({ storage, blobs })(),
  };
  return { deps, clock, mails: mailer.sent };
};

export const anonymous: Actor = { kind: 'anonymous', clientAddress: '192.0.2.1' };

export const right = <A>(r: Result<A>): A => {
  if (r._tag === 'Left') throw new Error(`expected success, got ${JSON.stringify(r.left)}`);
  return r.right;
};

export const left = <A>(r: Result<A>) => {
  if (r._tag === 'Right') throw new Error(`expected a failure, got ${JSON.stringify(r.right)}`);
  return r.left;
};

export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
