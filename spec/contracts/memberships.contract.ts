import { expect } from 'chai';
import { newId } from '../../core/shared/ids.js';
import { conflict } from '../../core/shared/errors.js';
import { E } from '../../core/shared/either.js';
import { aMembership, at, givenTree, givenUsers, sleep, withStorage, type MakeStorage } from './fixtures.js';

export const membershipsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`MembershipRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns a membership by tree and user, or null', async () => {
      const [u, v] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      const m = aMembership(t.id, u!.id, 'editor', at('2025-03-03T03:03:03.333Z'));
      expect(await storage().memberships.insert(m)).to.equal('ok');
      expect(await storage().memberships.get(t.id, u!.id)).to.deep.equal(m);
      expect(await storage().memberships.get(t.id, v!.id)).to.equal(null);
      expect(await storage().memberships.get(newId(), u!.id)).to.equal(null);
    });

    it("answers 'exists' for a second membership of the same user, keeping the first", async () => {
      const [u] = await givenUsers(storage(), 1);
      const t = await givenTree(storage());
      const m = aMembership(t.id, u!.id, 'viewer');
      await storage().memberships.insert(m);
      expect(await storage().memberships.insert(aMembership(t.id, u!.id, 'owner'))).to.equal('exists');
      expect(await storage().memberships.get(t.id, u!.id)).to.deep.equal(m);
    });

    it("leaves the unit of work usable after 'exists'", async () => {
      const [u, v] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      const result = await storage().uow.run(async (s) => {
        await s.memberships.insert(aMembership(t.id, u!.id, 'owner'));
        const second = await s.memberships.insert(aMembership(t.id, u!.id, 'viewer'));
        await s.memberships.insert(aMembership(t.id, v!.id, 'viewer'));
        return E.right(second);
      });
      expect(result).to.deep.equal(E.right('exists'));
      expect((await storage().memberships.list(t.id)).map((m) => m.role).sort()).to.deep.equal(['owner', 'viewer']);
    });

    it('lists members with their emails ordered by join time, then user id', async () => {
      const users = await givenUsers(storage(), 4);
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [x, y, z, w] = users;
      const early = at('2025-01-01T00:00:00.000Z');
      const late = at('2025-01-02T00:00:00.000Z');
      await storage().memberships.insert(aMembership(t.id, x!.id, 'viewer', late));
      await storage().memberships.insert(aMembership(t.id, y!.id, 'owner', early));
      await storage().memberships.insert(aMembership(t.id, z!.id, 'editor', early));
      await storage().memberships.insert(aMembership(other.id, w!.id, 'owner', early));
      const earlyTwo = [y!.id, z!.id].sort();
      const list = await storage().memberships.list(t.id);
      expect(list.map((m) => m.userId)).to.deep.equal([...earlyTwo, x!.id]);
      const byId = new Map(users.map((u) => [u.id, u.email]));
      for (const m of list) expect(m.email).to.equal(byId.get(m.userId));
      expect(list.find((m) => m.userId === x!.id)).to.deep.equal({ ...aMembership(t.id, x!.id, 'viewer', late), email: x!.email });
      expect(await storage().memberships.list(newId())).to.deep.equal([]);
    });

    it('changes a role and removes a membership; both ignore a missing membership', async () => {
      const [u, v] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, u!.id, 'viewer'));
      await storage().memberships.updateRole(t.id, u!.id, 'editor');
      expect((await storage().memberships.get(t.id, u!.id))?.role).to.equal('editor');
      await storage().memberships.updateRole(t.id, v!.id, 'owner');
      expect(await storage().memberships.get(t.id, v!.id)).to.equal(null);
      await storage().memberships.remove(t.id, v!.id);
      await storage().memberships.remove(t.id, u!.id);
      expect(await storage().memberships.get(t.id, u!.id)).to.equal(null);
      expect(await storage().memberships.list(t.id)).to.deep.equal([]);
    });

    it("returns the tree's owners and nobody else", async () => {
      const [a, b, c, d] = await givenUsers(storage(), 4);
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, a!.id, 'owner'));
      await storage().memberships.insert(aMembership(t.id, b!.id, 'editor'));
      await storage().memberships.insert(aMembership(t.id, c!.id, 'owner'));
      await storage().memberships.insert(aMembership(other.id, d!.id, 'owner'));
      const owners = await storage().uow.run(async (s) => E.right(await s.memberships.ownersForUpdate(t.id)));
      expect(E.isRight(owners) ? [...owners.right].sort() : owners).to.deep.equal([a!.id, c!.id].sort());
      expect(await storage().memberships.ownersForUpdate(newId())).to.deep.equal([]);
    });

    it('never lets two concurrent demotions both see a second owner', async () => {
      const [a, b] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, a!.id, 'owner', at('2025-01-01T00:00:00.000Z')));
      await storage().memberships.insert(aMembership(t.id, b!.id, 'owner', at('2025-01-02T00:00:00.000Z')));
      // Each steps down only while another owner remains; the pause lets both read before either writes.
      const stepDown = (userId: string) =>
        storage().uow.run(async (s) => {
          const owners = await s.memberships.ownersForUpdate(t.id);
          await sleep(150);
          if (owners.filter((o) => o !== userId).length === 0) return E.left(conflict('last_owner', 'only owner'));
          await s.memberships.updateRole(t.id, userId, 'editor');
          return E.right(userId);
        });
      const results = await Promise.all([stepDown(a!.id), stepDown(b!.id)]);
      expect(results.filter(E.isRight)).to.have.length(1);
      expect(await storage().memberships.ownersForUpdate(t.id)).to.have.length(1);
    });
  });
