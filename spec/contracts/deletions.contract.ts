import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aUser, at, givenEdge, givenPerson, givenTree, ids, withStorage, type MakeStorage } from './fixtures.js';

const when = at('2025-04-01T12:34:56.789Z');
const earlier = { deletedAt: at('2025-03-20T00:00:00.000Z'), deletionId: newId() };

export const deletionsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`DeletionRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('deletes the live persons and every live relationship touching them with one stamp, and counts the persons', async () => {
      const t = await givenTree(storage());
      const [a, b, c, d] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const ab = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      const ca = await givenEdge(storage(), t.id, 'parent_child', c.id, a.id);
      const cd = await givenEdge(storage(), t.id, 'parent_child', c.id, d.id);
      const deletionId = newId();
      expect(await storage().deletions.deletePersons(t.id, [a.id], when, deletionId)).to.equal(1);
      const stamp = { deletedAt: when, deletionId };
      expect(await storage().persons.byId(a.id)).to.deep.equal({ ...a, ...stamp });
      expect(await storage().relationships.byId(ab.id)).to.deep.equal({ ...ab, ...stamp });
      expect(await storage().relationships.byId(ca.id)).to.deep.equal({ ...ca, ...stamp });
      expect(await storage().relationships.byId(cd.id)).to.deep.equal(cd);
      expect(await storage().persons.byId(b.id)).to.deep.equal(b);
      expect(ids(await storage().persons.listByTree(t.id, {})).sort()).to.deep.equal([b.id, c.id, d.id].sort());
    });

    it('counts only persons it deleted: already deleted, unknown and other-tree persons are left alone', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const live = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, earlier);
      const elsewhere = await givenPerson(storage(), other.id);
      const elsewhereEdge = await givenEdge(storage(), other.id, 'partnership', elsewhere.id, (await givenPerson(storage(), other.id)).id);
      const n = await storage().deletions.deletePersons(t.id, [live.id, dead.id, elsewhere.id, newId()], when, newId());
      expect(n).to.equal(1);
      expect(await storage().persons.byId(dead.id)).to.deep.equal(dead);
      expect(await storage().persons.byId(elsewhere.id)).to.deep.equal(elsewhere);
      expect(await storage().relationships.byId(elsewhereEdge.id)).to.deep.equal(elsewhereEdge);
      expect(await storage().deletions.deletePersons(t.id, [], when, newId())).to.equal(0);
    });

    it('restore brings back exactly what that deletion removed, persons and relationships', async () => {
      const t = await givenTree(storage());
      const [a, b, c] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const ab = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      const bc = await givenEdge(storage(), t.id, 'parent_child', b.id, c.id);
      const removedBefore = await givenEdge(storage(), t.id, 'parent_child', a.id, c.id, earlier);
      const first = newId();
      const second = newId();
      await storage().deletions.deletePersons(t.id, [a.id, b.id], when, first);
      await storage().deletions.deletePersons(t.id, [c.id], at('2025-04-02T00:00:00.000Z'), second);

      await storage().deletions.restore(first);
      expect(await storage().persons.byId(a.id)).to.deep.equal(a);
      expect(await storage().persons.byId(b.id)).to.deep.equal(b);
      expect(await storage().relationships.byId(ab.id)).to.deep.equal(ab);
      expect(await storage().relationships.byId(bc.id)).to.deep.equal(bc);
      expect(await storage().relationships.byId(removedBefore.id)).to.deep.equal(removedBefore);
      expect((await storage().persons.byId(c.id))?.deletionId).to.equal(second);
      expect(ids(await storage().relationships.listByTree(t.id, {}))).to.deep.equal([ab.id]);

      await storage().deletions.restore(second);
      expect(await storage().persons.byId(c.id)).to.deep.equal(c);
      expect(await storage().deletions.restore(newId())).to.equal(undefined);
    });

    it('clearPointersTo clears self persons of users and home persons of trees that point at those persons only', async () => {
      const t = await givenTree(storage());
      const [a, b, keep] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const home = await givenTree(storage(), { homePersonId: a.id });
      const kept = await givenTree(storage(), { homePersonId: keep.id });
      const ua = aUser({ selfPersonId: b.id });
      const uk = aUser({ selfPersonId: keep.id });
      await storage().users.insert(ua);
      await storage().users.insert(uk);
      await storage().deletions.clearPointersTo([a.id, b.id]);
      expect((await storage().trees.byId(home.id))?.homePersonId).to.equal(null);
      expect((await storage().trees.byId(kept.id))?.homePersonId).to.equal(keep.id);
      expect(await storage().users.byId(ua.id)).to.deep.equal({ ...ua, selfPersonId: null });
      expect(await storage().users.byId(uk.id)).to.deep.equal(uk);
      await storage().deletions.clearPointersTo([]);
      expect((await storage().trees.byId(kept.id))?.homePersonId).to.equal(keep.id);
    });

    it('restores every association the deletion removed, though the pair has a live association since', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const ab = await givenEdge(storage(), t.id, 'association', a.id, b.id, { role: 'Godfather' });
      const deletionId = newId();
      await storage().deletions.deletePersons(t.id, [a.id], when, deletionId);
      await storage().persons.update({ ...a, deletedAt: null, deletionId: null });
      const again = await givenEdge(storage(), t.id, 'association', a.id, b.id, { role: 'Witness' });
      await storage().persons.update({ ...a, deletedAt: when, deletionId });
      await storage().deletions.restore(deletionId);
      expect((await storage().relationships.byId(ab.id))?.deletedAt).to.equal(null);
      expect(ids(await storage().relationships.listByPersons([a.id]))).to.deep.equal([ab.id, again.id].sort());
    });

    it('restores persons but leaves deleted an edge whose pair has gained a live edge of its type since', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const ab = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      const deletionId = newId();
      await storage().deletions.deletePersons(t.id, [a.id], when, deletionId);
      await storage().persons.update({ ...a, deletedAt: null, deletionId: null });
      const again = await givenEdge(storage(), t.id, 'partnership', b.id, a.id);
      await storage().persons.update({ ...a, deletedAt: when, deletionId });
      await storage().deletions.restore(deletionId);
      expect((await storage().persons.byId(a.id))?.deletedAt).to.equal(null);
      expect((await storage().relationships.byId(ab.id))?.deletedAt).to.deep.equal(when);
      expect(ids(await storage().relationships.listByPersons([a.id]))).to.deep.equal([again.id]);
    });
  });
