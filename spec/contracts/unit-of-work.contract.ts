import { expect } from 'chai';
import { conflict } from '../../core/kernel/errors.js';
import { E } from '../../core/kernel/either.js';
import { aMembership, anAuditEntry, aTree, aUser, givenTree, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

export const unitOfWorkContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`UnitOfWork contract (${name})`, () => {
    const storage = withStorage(make);

    it('commits the writes of a Right and returns it', async () => {
      const u = aUser();
      const t = aTree();
      const entry = anAuditEntry(t.id);
      const result = await storage().uow.run(async (s) => {
        await s.users.insert(u);
        await s.trees.insert(t);
        await s.memberships.insert(aMembership(t.id, u.id, 'owner'));
        await s.audit.record(entry);
        return E.right(42);
      });
      expect(result).to.deep.equal(E.right(42));
      expect(await storage().users.byId(u.id)).to.deep.equal(u);
      expect((await storage().trees.byId(t.id))?.ownerId).to.equal(u.id);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([entry]);
    });

    it('rolls back every write, audit entries included, on a Left and returns the Left', async () => {
      const [existing] = await givenUsers(storage(), 1);
      const t = await givenTree(storage());
      const u = aUser();
      const left = conflict('nope', 'refused');
      const result = await storage().uow.run(async (s) => {
        await s.users.insert(u);
        await s.users.update({ ...existing!, passwordHash: 'changed' });
        await s.memberships.insert(aMembership(t.id, existing!.id, 'owner'));
        await s.trees.update({ ...t, name: 'changed' });
        await s.audit.record(anAuditEntry(t.id));
        return E.left(left);
      });
      expect(result).to.deep.equal(E.left(left));
      expect(await storage().users.byId(u.id)).to.equal(null);
      expect(await storage().users.byId(existing!.id)).to.deep.equal(existing);
      expect(await storage().memberships.list(t.id)).to.deep.equal([]);
      expect((await storage().trees.byId(t.id))?.name).to.equal(t.name);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([]);
    });

    it('rolls back every write, audit entries included, on a throw and rethrows the same error', async () => {
      const t = await givenTree(storage());
      const u = aUser();
      const boom = new Error('boom');
      let caught: unknown;
      try {
        await storage().uow.run(async (s) => {
          await s.users.insert(u);
          await s.audit.record(anAuditEntry(t.id));
          await s.trees.purge(t.id);
          throw boom;
        });
      } catch (e) {
        caught = e;
      }
      expect(caught).to.equal(boom);
      expect(await storage().users.byId(u.id)).to.equal(null);
      expect(await storage().trees.byId(t.id)).to.not.equal(null);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([]);
    });

    it('reads its own writes inside the unit of work, never a stale copy', async () => {
      const [a, b] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      const result = await storage().uow.run(async (s) => {
        const before = await s.users.byId(a!.id);
        await s.users.update({ ...before!, passwordHash: 'second' });
        const after = await s.users.byId(a!.id);
        await s.memberships.insert(aMembership(t.id, a!.id, 'owner'));
        const owner1 = (await s.trees.byId(t.id))?.ownerId;
        await s.memberships.updateRole(t.id, a!.id, 'viewer');
        await s.memberships.insert(aMembership(t.id, b!.id, 'owner'));
        const owner2 = (await s.trees.byId(t.id))?.ownerId;
        return E.right([after?.passwordHash, owner1, owner2]);
      });
      expect(result).to.deep.equal(E.right(['second', a!.id, b!.id]));
    });

    it('runs units of work one after another without losing either', async () => {
      const users = Array.from({ length: 5 }, () => aUser());
      await Promise.all(users.map((u) => storage().uow.run(async (s) => E.right(await s.users.insert(u)))));
      expect(await storage().users.count()).to.equal(5);
    });

    it('answers ping', async () => {
      await storage().ping();
    });
  });
