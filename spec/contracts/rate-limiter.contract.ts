import { expect } from 'chai';
import { at, withStorage, type MakeStorage } from './fixtures.js';

export const rateLimiterContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`RateLimiter contract (${name})`, () => {
    const storage = withStorage(make);
    // 60-second windows start on whole minutes (fixed windows aligned to the epoch).
    const hit = (key: string, limit: number, now: Date) => storage().rateLimits.hit(key, limit, 60, now);

    it('allows up to the limit in one window, then refuses with the seconds left in the window', async () => {
      const now = at('2025-03-01T10:00:10.000Z');
      for (let i = 0; i < 3; i += 1) expect((await hit('login:a', 3, now)).allowed).to.equal(true);
      expect(await hit('login:a', 3, at('2025-03-01T10:00:15.000Z'))).to.deep.equal({ allowed: false, retryAfterSeconds: 45 });
      expect((await hit('login:a', 3, at('2025-03-01T10:00:59.000Z'))).allowed).to.equal(false);
    });

    it('reports the seconds left rounded up, and at least 1', async () => {
      expect((await hit('k', 5, at('2025-03-01T10:00:10.400Z'))).retryAfterSeconds).to.equal(50);
      expect((await hit('k', 5, at('2025-03-01T10:00:59.999Z'))).retryAfterSeconds).to.equal(1);
      expect((await hit('k', 5, at('2025-03-01T10:00:00.000Z'))).retryAfterSeconds).to.equal(60);
    });

    it('starts a new count when the window rolls over', async () => {
      expect((await hit('k', 1, at('2025-03-01T10:00:58.000Z'))).allowed).to.equal(true);
      expect((await hit('k', 1, at('2025-03-01T10:00:59.999Z'))).allowed).to.equal(false);
      expect(await hit('k', 1, at('2025-03-01T10:01:00.000Z'))).to.deep.equal({ allowed: true, retryAfterSeconds: 60 });
      expect((await hit('k', 1, at('2025-03-01T10:01:30.000Z'))).allowed).to.equal(false);
      // A later window, not the next one, also starts afresh.
      expect((await hit('k', 1, at('2025-03-01T11:30:00.000Z'))).allowed).to.equal(true);
    });

    it('counts keys independently', async () => {
      const now = at('2025-03-01T10:00:00.000Z');
      expect((await hit('ip:1', 1, now)).allowed).to.equal(true);
      expect((await hit('ip:1', 1, now)).allowed).to.equal(false);
      expect((await hit('ip:2', 1, now)).allowed).to.equal(true);
    });

    it('uses the window length it is given', async () => {
      const now = at('2025-03-01T10:00:00.000Z'); // on an hour boundary
      expect(await storage().rateLimits.hit('h', 1, 3600, now)).to.deep.equal({ allowed: true, retryAfterSeconds: 3600 });
      expect(await storage().rateLimits.hit('h', 1, 3600, at('2025-03-01T10:59:00.000Z'))).to.deep.equal({
        allowed: false,
        retryAfterSeconds: 60,
      });
    });

    it('purges the windows that started before a cutoff, keeps the others, and says how many it removed', async () => {
      expect((await hit('old', 1, at('2025-03-01T10:00:30.000Z'))).allowed).to.equal(true);
      expect((await hit('old', 1, at('2025-03-01T10:00:31.000Z'))).allowed).to.equal(false);
      expect((await hit('live', 1, at('2025-03-01T10:01:05.000Z'))).allowed).to.equal(true);
      expect(await storage().rateLimits.purgeStartedBefore(at('2025-03-01T10:01:00.000Z'))).to.equal(1);
      expect(await storage().rateLimits.purgeStartedBefore(at('2025-03-01T10:01:00.000Z'))).to.equal(0);
      // The live window keeps its count; the purged key starts afresh (as a new window would anyway).
      expect((await hit('live', 1, at('2025-03-01T10:01:10.000Z'))).allowed).to.equal(false);
      expect((await hit('old', 1, at('2025-03-01T10:00:40.000Z'))).allowed).to.equal(true);
    });

    it('counts concurrent hits exactly', async () => {
      const now = at('2025-03-01T10:00:00.000Z');
      const results = await Promise.all(Array.from({ length: 20 }, () => hit('burst', 7, now)));
      expect(results.filter((r) => r.allowed)).to.have.length(7);
      expect((await hit('burst', 7, now)).allowed).to.equal(false);
    });
  });
