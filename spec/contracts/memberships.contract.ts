import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { conflict } from '../../core/kernel/errors.js';
import { E } from '../../core/kernel/either.js';
import { aMembership, at, givenTree, givenUsers, sleep, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

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

    it("lists the user's memberships of live and deleted trees by tree id, with the tree's deletion time and owner count", async () => {
      const [u, v, w] = await givenUsers(storage(), 3);
      const [t1, t2, t3, t4] = sortedIds(4);
      const deletedAt = at('2025-05-05T05:05:05.555Z');
      await givenTree(storage(), { id: t1! });
      await givenTree(storage(), { id: t2!, deletedAt });
      await givenTree(storage(), { id: t3! });
      await givenTree(storage(), { id: t4! });
      const mine = [aMembership(t3!, u!.id, 'owner'), aMembership(t1!, u!.id, 'viewer'), aMembership(t2!, u!.id, 'owner')];
      for (const m of mine) await storage().memberships.insert(m);
      await storage().memberships.insert(aMembership(t1!, v!.id, 'owner'));
      await storage().memberships.insert(aMembership(t1!, w!.id, 'owner'));
      await storage().memberships.insert(aMembership(t3!, v!.id, 'owner'));
      await storage().memberships.insert(aMembership(t4!, v!.id, 'owner'));
      expect(await storage().memberships.listForUser(u!.id)).to.deep.equal([
        { ...mine[1]!, treeDeletedAt: null, ownerCount: 2 },
        { ...mine[2]!, treeDeletedAt: deletedAt, ownerCount: 1 },
        { ...mine[0]!, treeDeletedAt: null, ownerCount: 2 },
      ]);
      expect(await storage().memberships.listForUser(newId())).to.deep.equal([]);
    });

    it("removes all of the user's memberships but the kept trees', answering the removed trees by id, and no one else's", async () => {
      const [u, v] = await givenUsers(storage(), 2);
      const ids = sortedIds(3);
      for (const id of ids) {
        await givenTree(storage(), { id });
        await storage().memberships.insert(aMembership(id, u!.id, 'editor'));
        await storage().memberships.insert(aMembership(id, v!.id, 'owner'));
      }
      expect(await storage().memberships.removeAllForUser(u!.id, [ids[1]!, newId()])).to.deep.equal([ids[0], ids[2]]);
      expect((await storage().memberships.listForUser(u!.id)).map((m) => m.treeId)).to.deep.equal([ids[1]]);
      expect((await storage().memberships.listForUser(v!.id)).map((m) => m.treeId)).to.deep.equal(ids);
      expect(await storage().memberships.removeAllForUser(u!.id, [])).to.deep.equal([ids[1]]);
      expect(await storage().memberships.removeAllForUser(u!.id, [])).to.deep.equal([]);
    });

    it('never lets two owners leaving at once both count the other as staying', async () => {
      const [a, b] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, a!.id, 'owner', at('2025-01-01T00:00:00.000Z')));
      await storage().memberships.insert(aMembership(t.id, b!.id, 'owner', at('2025-01-02T00:00:00.000Z')));
      // Each leaves the tree while another owner remains, and keeps it (as its last owner) otherwise.
      const leave = (userId: string) =>
        storage().uow.run(async (s) => {
          const [m] = await s.memberships.listForUser(userId);
          await sleep(150);
          return E.right(await s.memberships.removeAllForUser(userId, m!.ownerCount === 1 ? [t.id] : []));
        });
      const results = await Promise.all([leave(a!.id), leave(b!.id)]);
      expect(results.map((r) => (E.isRight(r) ? r.right.length : -1)).sort()).to.deep.equal([0, 1]);
      expect(await storage().memberships.ownersForUpdate(t.id)).to.have.length(1);
    });
  });
