import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { E } from '../../core/kernel/either.js';
import { aUser, at, withStorage, type MakeStorage } from './fixtures.js';

export const usersContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`UserRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted user by id with every field intact', async () => {
      const u = aUser({ emailVerifiedAt: at('2025-03-02T01:02:03.456Z'), selfPersonId: newId() });
      expect(await storage().users.insert(u)).to.equal('ok');
      expect(await storage().users.byId(u.id)).to.deep.equal(u);
    });

    it('returns null for an unknown id and an unknown email', async () => {
      await storage().users.insert(aUser());
      expect(await storage().users.byId(newId())).to.equal(null);
      expect(await storage().users.byEmail('nobody@example.com')).to.equal(null);
    });

    it('finds a user by email case-insensitively, ignoring surrounding spaces', async () => {
      const u = aUser({ email: 'ann.smith@example.com' });
      await storage().users.insert(u);
      expect(await storage().users.byEmail('  Ann.Smith@EXAMPLE.com ')).to.deep.equal(u);
    });

    it('keeps emails with quotes, backslashes and question marks intact', async () => {
      const u = aUser({ email: `o'brien\\x?y@example.com`, passwordHash: `a?b'c\\d` });
      expect(await storage().users.insert(u)).to.equal('ok');
      expect(await storage().users.byEmail(`o'brien\\x?y@example.com`)).to.deep.equal(u);
    });

    it('hides deleted users from byId and byEmail', async () => {
      const u = aUser({ deletedAt: at('2025-03-05T00:00:00.000Z') });
      await storage().users.insert(u);
      expect(await storage().users.byId(u.id)).to.equal(null);
      expect(await storage().users.byEmail(u.email)).to.equal(null);
    });

    it("answers 'email_taken' for an email a live user has, and writes nothing", async () => {
      const first = aUser({ email: 'dup@example.com' });
      const second = aUser({ email: 'dup@example.com', passwordHash: 'other' });
      await storage().users.insert(first);
      expect(await storage().users.insert(second)).to.equal('email_taken');
      expect(await storage().users.byId(second.id)).to.equal(null);
      expect(await storage().users.byEmail('dup@example.com')).to.deep.equal(first);
      expect(await storage().users.count()).to.equal(1);
    });

    it("answers 'email_taken' for an email a deleted user has", async () => {
      await storage().users.insert(aUser({ email: 'gone@example.com', deletedAt: at('2025-03-05T00:00:00.000Z') }));
      const again = aUser({ email: 'gone@example.com' });
      expect(await storage().users.insert(again)).to.equal('email_taken');
      expect(await storage().users.byId(again.id)).to.equal(null);
    });

    it("leaves the unit of work usable after 'email_taken'", async () => {
      const a = aUser({ email: 'a@example.com' });
      const c = aUser({ email: 'c@example.com' });
      const result = await storage().uow.run(async (s) => {
        await s.users.insert(a);
        const taken = await s.users.insert(aUser({ email: 'a@example.com' }));
        await s.users.insert(c);
        return E.right(taken);
      });
      expect(result).to.deep.equal(E.right('email_taken'));
      expect(await storage().users.byId(a.id)).to.deep.equal(a);
      expect(await storage().users.byId(c.id)).to.deep.equal(c);
    });

    it('replaces the mutable fields on update', async () => {
      const u = aUser();
      await storage().users.insert(u);
      const changed = {
        ...u,
        passwordHash: 'new-hash',
        emailVerifiedAt: at('2025-03-09T09:09:09.999Z'),
        selfPersonId: newId(),
      };
      await storage().users.update(changed);
      expect(await storage().users.byId(u.id)).to.deep.equal(changed);
      await storage().users.update({ ...changed, emailVerifiedAt: null, selfPersonId: null });
      expect(await storage().users.byId(u.id)).to.deep.equal({ ...changed, emailVerifiedAt: null, selfPersonId: null });
    });

    it('keeps the email and creation time on update (they are not mutable)', async () => {
      const u = aUser({ email: 'keep@example.com' });
      await storage().users.insert(u);
      await storage().users.update({ ...u, email: 'other@example.com', createdAt: at('2030-01-01T00:00:00.000Z'), passwordHash: 'x' });
      expect(await storage().users.byId(u.id)).to.deep.equal({ ...u, passwordHash: 'x' });
      expect(await storage().users.byEmail('other@example.com')).to.equal(null);
    });

    it('soft-deletes through update: the user disappears from reads and the count', async () => {
      const [a, b] = [aUser(), aUser()];
      await storage().users.insert(a);
      await storage().users.insert(b);
      expect(await storage().users.count()).to.equal(2);
      await storage().users.update({ ...a, deletedAt: at('2025-04-01T00:00:00.000Z') });
      expect(await storage().users.byId(a.id)).to.equal(null);
      expect(await storage().users.count()).to.equal(1);
    });

    it('does nothing when updating a user that does not exist', async () => {
      const ghost = aUser();
      await storage().users.update(ghost);
      expect(await storage().users.byId(ghost.id)).to.equal(null);
      expect(await storage().users.count()).to.equal(0);
    });

    it('counts live users only', async () => {
      expect(await storage().users.count()).to.equal(0);
      await storage().users.insert(aUser());
      await storage().users.insert(aUser());
      await storage().users.insert(aUser({ deletedAt: at('2025-03-05T00:00:00.000Z') }));
      expect(await storage().users.count()).to.equal(2);
    });
  });
