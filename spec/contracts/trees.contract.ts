import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aMembership, anAuditEntry, aTree, at, givenTree, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

export const treesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`TreeRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted tree with every field intact and no owner while it has none', async () => {
      const t = aTree({
        description: `Quotes ' " and \\ and ? survive`,
        visibility: 'public',
        homePersonId: newId(),
        aiMemberProvider: 'openai',
        aiRecommenderProvider: 'local',
      });
      await storage().trees.insert(t);
      expect(await storage().trees.byId(t.id)).to.deep.equal({ ...t, ownerId: null });
    });

    it('returns null for an unknown id', async () => {
      expect(await storage().trees.byId(newId())).to.equal(null);
    });

    it('returns a deleted tree by id', async () => {
      const t = await givenTree(storage(), { deletedAt: at('2025-03-04T00:00:00.000Z') });
      expect((await storage().trees.byId(t.id))?.deletedAt).to.deep.equal(t.deletedAt);
    });

    it('derives the owner: the earliest-joined owner, not earlier editors', async () => {
      const [editor, late, early] = await givenUsers(storage(), 3);
      const t = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, editor!.id, 'editor', at('2025-01-01T00:00:00.000Z')));
      await storage().memberships.insert(aMembership(t.id, late!.id, 'owner', at('2025-02-02T00:00:00.000Z')));
      await storage().memberships.insert(aMembership(t.id, early!.id, 'owner', at('2025-02-01T00:00:00.000Z')));
      expect((await storage().trees.byId(t.id))?.ownerId).to.equal(early!.id);
      await storage().memberships.updateRole(t.id, early!.id, 'viewer');
      expect((await storage().trees.byId(t.id))?.ownerId).to.equal(late!.id);
    });

    it('breaks an owner tie on join time by the lowest user id', async () => {
      const users = await givenUsers(storage(), 3);
      const t = await givenTree(storage());
      const same = at('2025-02-01T00:00:00.000Z');
      for (const u of users) await storage().memberships.insert(aMembership(t.id, u.id, 'owner', same));
      const lowest = users.map((u) => u.id).sort()[0];
      expect((await storage().trees.byId(t.id))?.ownerId).to.equal(lowest);
    });

    it('replaces every mutable field on update', async () => {
      const t = await givenTree(storage());
      const changed = {
        ...t,
        name: 'Renamed',
        description: 'now described',
        visibility: 'unlisted' as const,
        homePersonId: newId(),
        aiMemberProvider: 'x',
        aiRecommenderProvider: 'y',
        updatedAt: at('2025-05-05T05:05:05.505Z'),
        deletedAt: at('2025-05-06T00:00:00.000Z'),
      };
      await storage().trees.update(changed);
      expect(await storage().trees.byId(t.id)).to.deep.equal({ ...changed, ownerId: null });
      const back = { ...changed, homePersonId: null, aiMemberProvider: null, aiRecommenderProvider: null, deletedAt: null };
      await storage().trees.update(back);
      expect(await storage().trees.byId(t.id)).to.deep.equal({ ...back, ownerId: null });
    });

    it('keeps the creation time on update', async () => {
      const t = await givenTree(storage());
      await storage().trees.update({ ...t, createdAt: at('2030-01-01T00:00:00.000Z'), name: 'New' });
      expect(await storage().trees.byId(t.id)).to.deep.equal({ ...t, name: 'New', ownerId: null });
    });

    it('does nothing when updating a tree that does not exist', async () => {
      const ghost = aTree();
      await storage().trees.update(ghost);
      expect(await storage().trees.byId(ghost.id)).to.equal(null);
    });

    it('purges the tree and its memberships, keeping audit entries (even ones naming it) writable around it', async () => {
      const [u] = await givenUsers(storage(), 1);
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      await storage().memberships.insert(aMembership(t.id, u!.id, 'owner'));
      await storage().memberships.insert(aMembership(other.id, u!.id, 'owner'));
      await storage().audit.record(anAuditEntry(t.id));
      const kept = anAuditEntry(other.id);
      await storage().audit.record(kept);

      await storage().trees.purge(t.id);

      expect(await storage().trees.byId(t.id)).to.equal(null);
      expect(await storage().memberships.get(t.id, u!.id)).to.equal(null);
      expect(await storage().memberships.list(t.id)).to.deep.equal([]);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([]);
      expect((await storage().trees.listForMember(u!.id, false)).map((x) => x.id)).to.deep.equal([other.id]);
      expect(await storage().audit.listForTree(other.id, {})).to.deep.equal([kept]);
      expect(await storage().memberships.get(other.id, u!.id)).to.not.equal(null);
    });

    it('does nothing when purging a tree that does not exist', async () => {
      const t = await givenTree(storage());
      await storage().trees.purge(newId());
      expect(await storage().trees.count()).to.equal(1);
      expect(await storage().trees.byId(t.id)).to.not.equal(null);
    });

    it("lists the member's live trees, or their deleted ones, ordered by id, with role and owner", async () => {
      const [u, boss] = await givenUsers(storage(), 2);
      const ids = [newId(), newId(), newId(), newId()];
      const [a, b, c, d] = ids;
      // Inserted out of id order so the order must come from the store.
      await givenTree(storage(), { id: c! });
      await givenTree(storage(), { id: a! });
      await givenTree(storage(), { id: b!, deletedAt: at('2025-04-01T00:00:00.000Z') });
      await givenTree(storage(), { id: d! }); // not a member
      await storage().memberships.insert(aMembership(c!, u!.id, 'viewer'));
      await storage().memberships.insert(aMembership(c!, boss!.id, 'owner', at('2025-01-01T00:00:00.000Z')));
      await storage().memberships.insert(aMembership(a!, u!.id, 'owner'));
      await storage().memberships.insert(aMembership(b!, u!.id, 'editor'));
      await storage().memberships.insert(aMembership(d!, boss!.id, 'owner'));

      const live = await storage().trees.listForMember(u!.id, false);
      expect(live.map((t) => [t.id, t.role, t.ownerId])).to.deep.equal([
        [a, 'owner', u!.id],
        [c, 'viewer', boss!.id],
      ]);
      const deleted = await storage().trees.listForMember(u!.id, true);
      expect(deleted.map((t) => [t.id, t.role, t.ownerId])).to.deep.equal([[b, 'editor', null]]);
      expect(deleted[0]?.deletedAt).to.deep.equal(at('2025-04-01T00:00:00.000Z'));
      expect(await storage().trees.listForMember(newId(), false)).to.deep.equal([]);
    });

    it('soft-deletes the live trees among the ids at the given time, leaving deleted, unknown and other trees alone', async () => {
      const earlier = at('2025-04-01T00:00:00.000Z');
      const when = at('2025-06-06T06:06:06.666Z');
      const a = await givenTree(storage());
      const b = await givenTree(storage(), { deletedAt: earlier });
      const other = await givenTree(storage());
      expect(await storage().trees.softDeleteMany([a.id, b.id, newId()], when)).to.equal(1);
      expect(await storage().trees.byId(a.id)).to.deep.equal({ ...a, deletedAt: when, updatedAt: when, ownerId: null });
      expect(await storage().trees.byId(b.id)).to.deep.equal({ ...b, ownerId: null });
      expect(await storage().trees.byId(other.id)).to.deep.equal({ ...other, ownerId: null });
      expect(await storage().trees.softDeleteMany([], when)).to.equal(0);
    });

    it('counts live trees only', async () => {
      expect(await storage().trees.count()).to.equal(0);
      await givenTree(storage());
      await givenTree(storage());
      await givenTree(storage(), { deletedAt: at('2025-04-01T00:00:00.000Z') });
      expect(await storage().trees.count()).to.equal(2);
    });

    it('lists live trees of the asked visibilities by id, with their owner, for the directory', async () => {
      const [u] = await givenUsers(storage(), 1);
      const pub = await givenTree(storage(), { visibility: 'public' });
      const site = await givenTree(storage(), { visibility: 'site_members' });
      await givenTree(storage(), { visibility: 'unlisted' });
      await givenTree(storage(), { visibility: 'private' });
      await givenTree(storage(), { visibility: 'public', deletedAt: at('2025-04-01T00:00:00.000Z') });
      await storage().memberships.insert(aMembership(pub.id, u!.id, 'owner', at('2025-01-01T00:00:00.000Z')));
      const listed = await storage().trees.listByVisibility(['public', 'site_members']);
      expect(listed.map((t) => t.id)).to.deep.equal([pub.id, site.id].sort());
      expect(listed.find((t) => t.id === pub.id)?.ownerId).to.equal(u!.id);
      expect((await storage().trees.listByVisibility(['public'])).map((t) => t.id)).to.deep.equal([pub.id]);
      expect(await storage().trees.listByVisibility([])).to.deep.equal([]);
    });

    it('withRole answers the tree with the user\'s role in it, null as role for a non-member, null for an unknown tree', async () => {
      const t = await givenTree(storage());
      const [member, stranger] = await givenUsers(storage(), 2);
      await storage().memberships.insert(aMembership(t.id, member!.id, 'editor'));
      const tree = await storage().trees.byId(t.id);
      expect(await storage().trees.withRole(t.id, member!.id)).to.deep.equal({ ...tree, role: 'editor' });
      expect(await storage().trees.withRole(t.id, stranger!.id)).to.deep.equal({ ...tree, role: null });
      expect(await storage().trees.withRole(newId(), member!.id)).to.equal(null);
    });
  });
