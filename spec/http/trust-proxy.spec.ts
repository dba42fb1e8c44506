import { expect } from 'chai';
import { clientAddressOf } from '../../adapters/http/client-address.js';
import { loadConfig } from '../../bootstrap/config.js';
import { startTestService, type TestService, windowStartClock } from '../support/service.js';

// TRUST_PROXY: how many reverse proxies in front of the service append to X-Forwarded-For. The client
// address (the rate-limit key) is the Nth entry from the right; with 0 the header is ignored.
// Observed through the per-address limit of password-reset requests (AUTH_RATE_LIMIT=2, new email
// each time so only the address bucket can fill).

let seq = 0;
const resetFrom = async (svc: TestService, forwardedFor?: string): Promise<number> =>
  (
    await svc.client().POST('/auth/password-reset', {
      body: { email: `tp-${seq++}@example.org` },
      ...(forwardedFor === undefined ? {} : { headers: { 'X-Forwarded-For': forwardedFor } }),
    })
  ).response.status;

const withService = async (env: Record<string, string>, run: (svc: TestService) => Promise<void>): Promise<void> => {
  const svc = await startTestService({ storage: 'memory', clock: windowStartClock(), env: { AUTH_RATE_LIMIT: '2', ...env } });
  try {
    await run(svc);
  } finally {
    await svc.close();
  }
};

describe('HTTP client address and TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default: a client cannot escape its limit by inventing addresses', () =>
    withService({}, async (svc) => {
      expect(await resetFrom(svc, '203.0.113.1')).to.equal(202);
      expect(await resetFrom(svc, '203.0.113.2')).to.equal(202);
      expect(await resetFrom(svc, '203.0.113.3')).to.equal(429);
    }));

  it('with TRUST_PROXY=1, clients behind the proxy have their own limits', () =>
    withService({ TRUST_PROXY: '1' }, async (svc) => {
      for (const addr of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect(await resetFrom(svc, addr), addr).to.equal(202);
      expect(await resetFrom(svc, '203.0.113.1')).to.equal(202);
      expect(await resetFrom(svc, '203.0.113.1')).to.equal(429);
      expect(await resetFrom(svc, '203.0.113.2')).to.equal(202);
    }));

  it('with TRUST_PROXY=1, entries a client puts left of what the proxy appended change nothing', () =>
    withService({ TRUST_PROXY: '1' }, async (svc) => {
      expect(await resetFrom(svc, '10.0.0.1, 203.0.113.9')).to.equal(202);
      expect(await resetFrom(svc, '10.0.0.2, 203.0.113.9')).to.equal(202);
      expect(await resetFrom(svc, '10.0.0.3,203.0.113.9')).to.equal(429);
    }));

  it('with TRUST_PROXY=2, the client is the second address from the right', () =>
    withService({ TRUST_PROXY: '2' }, async (svc) => {
      expect(await resetFrom(svc, '6.6.6.1, 203.0.113.9, 10.0.0.1')).to.equal(202);
      expect(await resetFrom(svc, '6.6.6.2, 203.0.113.9, 10.0.0.2')).to.equal(202);
      expect(await resetFrom(svc, '6.6.6.3, 203.0.113.9, 10.0.0.3')).to.equal(429);
      expect(await resetFrom(svc, '6.6.6.3, 203.0.113.8, 10.0.0.3')).to.equal(202);
    }));

  it('answers a malformed X-Forwarded-For like any other request (the proxy address counts)', () =>
    withService({ TRUST_PROXY: '1' }, async (svc) => {
      const hostile = ['', ',', ' , ,', 'not an address', '999.1.1.1', '203.0.113.1:abc, ::zz', 'x'.repeat(8000), '[::1]'.repeat(500)];
      const statuses = [];
      for (const h of hostile) statuses.push(await resetFrom(svc, h).catch(() => 0));
      // Every malformed header falls back to the connection's own address: one bucket, no 5xx.
      expect(statuses.slice(0, 2)).to.deep.equal([202, 202]);
      expect(statuses.slice(2).every((s) => s === 429)).to.equal(true, JSON.stringify(statuses));
    }));
});

describe('clientAddressOf', () => {
  const peer = '127.0.0.1';
  const cases: readonly (readonly [string | undefined, number, string])[] = [
    [undefined, 0, peer],
    ['203.0.113.1', 0, peer],
    [undefined, 1, peer],
    ['203.0.113.1', 1, '203.0.113.1'],
    ['1.1.1.1, 203.0.113.1', 1, '203.0.113.1'],
    ['1.1.1.1, 203.0.113.1', 2, '1.1.1.1'],
    // Fewer entries than trusted hops: every entry was written by a trusted proxy; the leftmost is the client.
    ['203.0.113.1', 3, '203.0.113.1'],
    ['2001:db8::1', 1, '2001:db8::1'],
    ['[2001:db8::1]:4711', 1, '2001:db8::1'],
    ['203.0.113.1:4711', 1, '203.0.113.1'],
    ['::ffff:203.0.113.1', 1, '203.0.113.1'],
    ['  203.0.113.1  ', 1, '203.0.113.1'],
    ['garbage', 1, peer],
    ['1.1.1.1, garbage', 1, peer],
    ['1.1.1.1,,', 1, peer],
    ['', 1, peer],
  ];
  for (const [header, hops, expected] of cases)
    it(`${JSON.stringify(header)} with ${hops} trusted hop(s) is ${expected}`, () => {
      expect(clientAddressOf(peer, header, hops)).to.equal(expected);
    });

  it('maps an IPv4-mapped peer address to plain IPv4', () => {
    expect(clientAddressOf('::ffff:127.0.0.1', undefined, 0)).to.equal('127.0.0.1');
  });
});

describe('TRUST_PROXY configuration', () => {
  it('defaults to 0 and reads a number of hops', () => {
    expect(loadConfig({}).trustProxy).to.equal(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
  });
  for (const value of ['-1', 'true', '1.5', '100'])
    it(`stops with a message naming TRUST_PROXY for ${value}`, () => {
      expect(() => loadConfig({ TRUST_PROXY: value })).to.throw(/\bTRUST_PROXY\b/);
    });
});
