import { expect } from 'chai';
import { pino } from 'pino';
import { login } from '../../core/identity/commands/login.js';
import { addressBucket, purgeRateLimitWindows } from '../../core/identity/rate-limit.js';
import type { RateLimiter } from '../../core/identity/ports.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { schedulePurge } from '../../bootstrap/purge-schedule.js';
import { coreDeps, left } from './support.js';

// The rate-limit table must stay bounded: refused requests write no new windows, and windows that
// have ended are removed by the purge run.

/** The memory limiter, with the keys it was asked to count. */
const spied = (inner: RateLimiter) => {
  const keys = new Set<string>();
  const limiter: RateLimiter = { ...inner, hit: async (key, ...rest) => (keys.add(key), inner.hit(key, ...rest)) };
  return { limiter, keys };
};

describe('rate-limit windows stay bounded', () => {
  it('a refused address does not open a window for every new email it tries', async () => {
    const { deps } = coreDeps({ authRateLimit: 2 });
    const { limiter, keys } = spied(deps.storage.rateLimits);
    const d = { ...deps, storage: { ...deps.storage, rateLimits: limiter } };
    const from = { kind: 'anonymous' as const, clientAddress: '198.51.100.1' };
    const tags = [];
    for (let i = 0; i < 50; i++) tags.push(left(await login(d)(from, { email: `spray-${i}@example.org`, password: 'wrong password' }))._tag);
    expect(tags.filter((t) => t === 'RateLimited')).to.have.length(48);
    // One window for the address and one per email the address was allowed to try.
    expect(keys.size).to.equal(3);
  });

  it('stores no email or address in a key: keys have a fixed length, however long the input', async () => {
    const { deps } = coreDeps({ authRateLimit: 5 });
    const { limiter, keys } = spied(deps.storage.rateLimits);
    const d = { ...deps, storage: { ...deps.storage, rateLimits: limiter } };
    await login(d)({ kind: 'anonymous', clientAddress: '198.51.100.2' }, { email: `${'a'.repeat(6000)}@example.org`, password: 'wrong password' });
    expect(keys.size).to.equal(2);
    for (const key of keys) {
      expect(key).not.to.include('example.org');
      expect(key).not.to.include('198.51.100.2');
      expect(key.length).to.be.lessThan(100);
    }
  });

  it('purgeRateLimitWindows removes ended windows only', async () => {
    const { deps, clock } = coreDeps({ authRateLimit: 1 });
    const from = { kind: 'anonymous' as const, clientAddress: '198.51.100.3' };
    const attempt = () => login(deps)(from, { email: 'p@example.org', password: 'wrong password' });
    expect(left(await attempt())._tag).to.equal('Unauthenticated');
    // Still inside the window: nothing to remove, and the limit holds.
    expect(await purgeRateLimitWindows(deps)()).to.equal(0);
    expect(left(await attempt())._tag).to.equal('RateLimited');
    clock.advance(120_000);
    expect(await purgeRateLimitWindows(deps)()).to.equal(2);
    expect(await purgeRateLimitWindows(deps)()).to.equal(0);
  });

  it('the scheduled purge (server and worker) removes ended windows', async () => {
    const { deps, clock } = coreDeps({ authRateLimit: 1 });
    await login(deps)({ kind: 'anonymous', clientAddress: '198.51.100.4' }, { email: 'q@example.org', password: 'wrong password' });
    clock.advance(120_000);
    const schedule = schedulePurge({ storage: deps.storage, clock, purgeAfterDays: 30, blobs: memoryBlobStore() }, pino({ level: 'silent' }));
    await schedule.stop();
    expect(await deps.storage.rateLimits.purgeStartedBefore(clock.now())).to.equal(0);
  });
});

describe('address buckets', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not:an:address', 'not:an:address'],
    ['', ''],
  ];
  for (const [address, bucket] of cases)
    it(`${JSON.stringify(address)} counts as ${bucket}`, () => expect(addressBucket(address)).to.equal(bucket));

  it('one IPv6 /64 shares one limit: a host cannot rotate its addresses to escape it', async () => {
    const { deps } = coreDeps({ authRateLimit: 2 });
    const attempt = (addr: string, i: number) => login(deps)({ kind: 'anonymous', clientAddress: addr }, { email: `v6-${i}@example.org`, password: 'wrong password' });
    expect(left(await attempt('2001:db8:0:1::a', 0))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('2001:db8:0:1::b', 1))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('2001:db8:0:1:ffff::c', 2))._tag).to.equal('RateLimited');
    expect(left(await attempt('2001:db8:0:2::a', 3))._tag).to.equal('Unauthenticated');
  });
});
