import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aMembership, aSession, at, givenTree, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

export const sessionsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`SessionRepository contract (${name})`, () => {
    const storage = withStorage(make);
    const t1 = at('2025-03-10T00:00:00.111Z');
    const t2 = at('2025-03-11T00:00:00.222Z');

    it('returns a session by token hash with every field intact', async () => {
      const [u] = await givenUsers(storage(), 1);
      const x = aSession(u!.id);
      await storage().sessions.insert(x);
      expect(await storage().sessions.byTokenHash(x.tokenHash)).to.deep.equal(x);
    });

    it('returns null for an unknown token hash', async () => {
      const [u] = await givenUsers(storage(), 1);
      await storage().sessions.insert(aSession(u!.id));
      expect(await storage().sessions.byTokenHash('no-such-hash')).to.equal(null);
    });

    it('returns revoked and expired sessions too', async () => {
      const [u] = await givenUsers(storage(), 1);
      const revoked = aSession(u!.id, { revokedAt: t1 });
      const expired = aSession(u!.id, { expiresAt: at('2000-01-01T00:00:00.000Z') });
      await storage().sessions.insert(revoked);
      await storage().sessions.insert(expired);
      expect(await storage().sessions.byTokenHash(revoked.tokenHash)).to.deep.equal(revoked);
      expect(await storage().sessions.byTokenHash(expired.tokenHash)).to.deep.equal(expired);
    });

    it('revokes a session, and revoking twice keeps the first time', async () => {
      const [u] = await givenUsers(storage(), 1);
      const x = aSession(u!.id);
      await storage().sessions.insert(x);
      await storage().sessions.revoke(x.id, t1);
      expect((await storage().sessions.byTokenHash(x.tokenHash))?.revokedAt).to.deep.equal(t1);
      await storage().sessions.revoke(x.id, t2);
      expect((await storage().sessions.byTokenHash(x.tokenHash))?.revokedAt).to.deep.equal(t1);
    });

    it('ignores revoking a session that does not exist', async () => {
      await storage().sessions.revoke(newId(), t1);
    });

    it("revokes every unrevoked session of the user except one, and counts them", async () => {
      const [u, other] = await givenUsers(storage(), 2);
      const keep = aSession(u!.id);
      const a = aSession(u!.id);
      const b = aSession(u!.id);
      const old = aSession(u!.id, { revokedAt: t1 });
      const others = aSession(other!.id);
      for (const x of [keep, a, b, old, others]) await storage().sessions.insert(x);

      expect(await storage().sessions.revokeAllForUser(u!.id, t2, keep.id)).to.equal(2);
      const read = async (hash: string) => (await storage().sessions.byTokenHash(hash))?.revokedAt;
      expect(await read(keep.tokenHash)).to.equal(null);
      expect(await read(a.tokenHash)).to.deep.equal(t2);
      expect(await read(b.tokenHash)).to.deep.equal(t2);
      expect(await read(old.tokenHash)).to.deep.equal(t1);
      expect(await read(others.tokenHash)).to.equal(null);
    });

    it('revokes all sessions of the user without an exception; a second call revokes none', async () => {
      const [u] = await givenUsers(storage(), 1);
      const a = aSession(u!.id);
      const b = aSession(u!.id);
      await storage().sessions.insert(a);
      await storage().sessions.insert(b);
      expect(await storage().sessions.revokeAllForUser(u!.id, t1)).to.equal(2);
      expect(await storage().sessions.revokeAllForUser(u!.id, t2)).to.equal(0);
      expect((await storage().sessions.byTokenHash(a.tokenHash))?.revokedAt).to.deep.equal(t1);
    });

    it('removes the sessions that expired or were revoked before the cutoff, counts them, and keeps the rest', async () => {
      const [u, other] = await givenUsers(storage(), 2);
      const cutoff = at('2025-03-01T00:00:00.000Z');
      const expired = aSession(u!.id, { createdAt: at('2025-01-01T00:00:00.000Z'), expiresAt: at('2025-02-01T00:00:00.000Z') });
      const revoked = aSession(other!.id, { revokedAt: at('2025-02-28T23:59:59.999Z') });
      const expiresAtCutoff = aSession(u!.id, { createdAt: at('2025-01-01T00:00:00.000Z'), expiresAt: cutoff });
      const revokedSince = aSession(u!.id, { revokedAt: at('2025-03-01T00:00:00.001Z') });
      const live = aSession(u!.id);
      for (const x of [expired, revoked, expiresAtCutoff, revokedSince, live]) await storage().sessions.insert(x);

      expect(await storage().sessions.purgeEndedBefore(cutoff)).to.equal(2);
      expect(await storage().sessions.byTokenHash(expired.tokenHash)).to.equal(null);
      expect(await storage().sessions.byTokenHash(revoked.tokenHash)).to.equal(null);
      for (const kept of [expiresAtCutoff, revokedSince, live]) expect(await storage().sessions.byTokenHash(kept.tokenHash)).to.deep.equal(kept);
      expect(await storage().sessions.purgeEndedBefore(cutoff)).to.equal(0);
    });

    it('returns 0 for a user without sessions', async () => {
      expect(await storage().sessions.revokeAllForUser(newId(), t1)).to.equal(0);
    });

    it('withUser answers the session and its live user in one read; null for an unknown hash or a deleted user', async () => {
      const [u, gone] = await givenUsers(storage(), 2);
      const x = aSession(u!.id, { revokedAt: t1 });
      await storage().sessions.insert(x);
      expect(await storage().sessions.withUser(x.tokenHash)).to.deep.equal({ session: x, user: await storage().users.byId(u!.id), memberOf: [] });
      expect(await storage().sessions.withUser('no-such-hash')).to.equal(null);
      const y = aSession(gone!.id);
      await storage().sessions.insert(y);
      await storage().users.update({ ...(await storage().users.byId(gone!.id))!, deletedAt: t2 });
      expect(await storage().sessions.withUser(y.tokenHash)).to.equal(null);
    });

    it('withUser names the trees the user is a member of, and no other', async () => {
      const [u, other] = await givenUsers(storage(), 2);
      const mine = await givenTree(storage());
      const theirs = await givenTree(storage());
      await storage().memberships.insert(aMembership(mine.id, u!.id, 'viewer'));
      await storage().memberships.insert(aMembership(theirs.id, other!.id, 'owner'));
      const x = aSession(u!.id);
      await storage().sessions.insert(x);
      expect((await storage().sessions.withUser(x.tokenHash))?.memberOf).to.deep.equal([mine.id]);
    });
  });
