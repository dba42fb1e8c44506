import { expect } from 'chai';
import { anEmailToken, at, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

export const emailTokensContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`EmailTokenRepository contract (${name})`, () => {
    const storage = withStorage(make);
    const t1 = at('2025-03-10T00:00:00.111Z');
    const t2 = at('2025-03-11T00:00:00.222Z');

    it('returns a token by hash with every field intact, used or not', async () => {
      const [u] = await givenUsers(storage(), 1);
      const fresh = anEmailToken(u!.id, { purpose: 'password_reset' });
      const used = anEmailToken(u!.id, { usedAt: t1 });
      await storage().emailTokens.insert(fresh);
      await storage().emailTokens.insert(used);
      expect(await storage().emailTokens.byTokenHash(fresh.tokenHash)).to.deep.equal(fresh);
      expect(await storage().emailTokens.byTokenHash(used.tokenHash)).to.deep.equal(used);
    });

    it('returns null for an unknown hash', async () => {
      expect(await storage().emailTokens.byTokenHash('nope')).to.equal(null);
    });

    it("consumes every unused token of the user and purpose, and only those", async () => {
      const [u, other] = await givenUsers(storage(), 2);
      const a = anEmailToken(u!.id);
      const b = anEmailToken(u!.id);
      const alreadyUsed = anEmailToken(u!.id, { usedAt: t1 });
      const reset = anEmailToken(u!.id, { purpose: 'password_reset' });
      const others = anEmailToken(other!.id);
      for (const x of [a, b, alreadyUsed, reset, others]) await storage().emailTokens.insert(x);

      await storage().emailTokens.consumeAllForUser(u!.id, 'verify_email', t2);
      const usedAt = async (hash: string) => (await storage().emailTokens.byTokenHash(hash))?.usedAt;
      expect(await usedAt(a.tokenHash)).to.deep.equal(t2);
      expect(await usedAt(b.tokenHash)).to.deep.equal(t2);
      expect(await usedAt(alreadyUsed.tokenHash)).to.deep.equal(t1);
      expect(await usedAt(reset.tokenHash)).to.equal(null);
      expect(await usedAt(others.tokenHash)).to.equal(null);
    });

    it('removes the tokens that expired or were used before the cutoff, counts them, and keeps the rest', async () => {
      const [u, other] = await givenUsers(storage(), 2);
      const cutoff = at('2025-04-01T00:00:00.000Z');
      const expired = anEmailToken(u!.id); // expired 2025-03-02, never used
      const used = anEmailToken(other!.id, { purpose: 'password_reset', expiresAt: at('2025-05-01T00:00:00.000Z'), usedAt: at('2025-03-31T23:59:59.999Z') });
      const expiresAtCutoff = anEmailToken(u!.id, { expiresAt: cutoff });
      const usedSince = anEmailToken(u!.id, { expiresAt: at('2025-05-01T00:00:00.000Z'), usedAt: at('2025-04-01T00:00:00.001Z') });
      const live = anEmailToken(u!.id, { expiresAt: at('2025-05-01T00:00:00.000Z') });
      for (const x of [expired, used, expiresAtCutoff, usedSince, live]) await storage().emailTokens.insert(x);

      expect(await storage().emailTokens.purgeEndedBefore(cutoff)).to.equal(2);
      expect(await storage().emailTokens.byTokenHash(expired.tokenHash)).to.equal(null);
      expect(await storage().emailTokens.byTokenHash(used.tokenHash)).to.equal(null);
      for (const kept of [expiresAtCutoff, usedSince, live]) expect(await storage().emailTokens.byTokenHash(kept.tokenHash)).to.deep.equal(kept);
      expect(await storage().emailTokens.purgeEndedBefore(cutoff)).to.equal(0);
    });
  });
