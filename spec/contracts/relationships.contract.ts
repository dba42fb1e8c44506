import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aRelationship, at, givenEdge, givenPerson, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

export const relationshipsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`RelationshipRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted relationship with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const r = aRelationship(t.id, 'parent_child', a.id, b.id, { qualifier: 'adoptive', notes: `"n" 'q'` });
      await storage().relationships.insert(r);
      expect(await storage().relationships.byId(r.id)).to.deep.equal(r);
      expect(await storage().relationships.byId(newId())).to.equal(null);
    });

    it('keeps an association\'s role through insert, update and bulk insert, and two associations between one pair', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const godfather = aRelationship(t.id, 'association', a.id, b.id, { role: `Godfather "g" \\ 'x'`, notes: 'at the font' });
      await storage().relationships.insert(godfather);
      const witness = aRelationship(t.id, 'association', a.id, b.id, { role: 'Witness' });
      await storage().bulk.insertAll({ persons: [], names: [], places: [], relationships: [witness], events: [], sources: [], citations: [] });
      expect(await storage().relationships.byId(godfather.id)).to.deep.equal(godfather);
      expect(await storage().relationships.byId(witness.id)).to.deep.equal(witness);
      const changed = { ...godfather, role: null, updatedAt: at('2025-06-01T00:00:00.001Z') };
      await storage().relationships.update(changed);
      expect(await storage().relationships.byId(godfather.id)).to.deep.equal(changed);
      expect(ids(await storage().relationships.listByPersons([b.id]))).to.deep.equal([godfather.id, witness.id].sort());
      // A parent_child edge of the same pair is another edge: associations take no pair's place.
      const edge = await givenEdge(storage(), t.id, 'parent_child', a.id, b.id);
      expect((await storage().relationships.findEdge(t.id, 'parent_child', a.id, b.id))?.id).to.equal(edge.id);
    });

    it('returns a deleted relationship by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const r = await givenEdge(storage(), t.id, 'parent_child', a.id, b.id);
      const changed = { ...r, qualifier: 'step' as const, notes: 'changed', updatedAt: at('2025-06-01T00:00:00.001Z'), ...gone };
      await storage().relationships.update(changed);
      expect(await storage().relationships.byId(r.id)).to.deep.equal(changed);
      const back = { ...changed, qualifier: null, deletedAt: null, deletionId: null };
      await storage().relationships.update(back);
      expect(await storage().relationships.byId(r.id)).to.deep.equal(back);
    });

    it('endsTouching answers type and ends of the tree\'s live edges touching the persons, each at least once', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [p, q, r, x] = await Promise.all([0, 1, 2, 3].map(() => givenPerson(storage(), t.id)));
      await givenEdge(storage(), t.id, 'parent_child', p!.id, q!.id);
      await givenEdge(storage(), t.id, 'partnership', r!.id, p!.id);
      await givenEdge(storage(), t.id, 'partnership', q!.id, x!.id, { deletedAt: at('2025-01-01T00:00:00.000Z'), deletionId: newId() });
      await givenEdge(storage(), other.id, 'partnership', p!.id, x!.id);
      const ends = await storage().relationships.endsTouching(t.id, [p!.id, q!.id]);
      const keys = [...new Set(ends.map((e) => `${e.type}:${e.personAId}>${e.personBId}`))].sort();
      expect(keys).to.deep.equal([`parent_child:${p!.id}>${q!.id}`, `partnership:${r!.id}>${p!.id}`].sort());
      expect(await storage().relationships.endsTouching(t.id, [])).to.deep.equal([]);
    });

    it('findEdge finds a partnership either way round', async () => {
      const t = await givenTree(storage());
      const [a, b, c] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const r = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      expect(await storage().relationships.findEdge(t.id, 'partnership', a.id, b.id)).to.deep.equal(r);
      expect(await storage().relationships.findEdge(t.id, 'partnership', b.id, a.id)).to.deep.equal(r);
      expect(await storage().relationships.findEdge(t.id, 'partnership', a.id, c.id)).to.equal(null);
      expect(await storage().relationships.findEdge(t.id, 'parent_child', a.id, b.id)).to.equal(null);
    });

    it('findEdge treats parent_child as directed', async () => {
      const t = await givenTree(storage());
      const [parent, child] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const r = await givenEdge(storage(), t.id, 'parent_child', parent.id, child.id);
      expect(await storage().relationships.findEdge(t.id, 'parent_child', parent.id, child.id)).to.deep.equal(r);
      expect(await storage().relationships.findEdge(t.id, 'parent_child', child.id, parent.id)).to.equal(null);
      expect(await storage().relationships.findEdge(t.id, 'partnership', parent.id, child.id)).to.equal(null);
    });

    it('findEdge ignores deleted edges and looks in the given tree only', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      await givenEdge(storage(), t.id, 'partnership', a.id, b.id, gone);
      expect(await storage().relationships.findEdge(t.id, 'partnership', a.id, b.id)).to.equal(null);
      const live = await givenEdge(storage(), t.id, 'partnership', b.id, a.id);
      expect(await storage().relationships.findEdge(t.id, 'partnership', a.id, b.id)).to.deep.equal(live);
      expect(await storage().relationships.findEdge(other.id, 'partnership', a.id, b.id)).to.equal(null);
    });

    it('listByTree answers live edges whose both ends are live, ordered by id, paged; deleted ones on request', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const dead = await givenPerson(storage(), t.id, gone);
      const [x, y] = [await givenPerson(storage(), other.id), await givenPerson(storage(), other.id)];
      const [r1, r2, r3, r4, r5, r6] = sortedIds(6);
      await givenEdge(storage(), t.id, 'parent_child', a.id, c.id, { id: r5! });
      await givenEdge(storage(), t.id, 'partnership', a.id, b.id, { id: r2! });
      await givenEdge(storage(), t.id, 'parent_child', a.id, b.id, { id: r1!, ...gone });
      await givenEdge(storage(), t.id, 'parent_child', dead.id, c.id, { id: r3! });
      await givenEdge(storage(), t.id, 'parent_child', b.id, dead.id, { id: r4! });
      await givenEdge(storage(), other.id, 'parent_child', x.id, y.id, { id: r6! });
      expect(ids(await storage().relationships.listByTree(t.id, {}))).to.deep.equal([r2, r5]);
      expect(ids(await storage().relationships.listByTree(t.id, { limit: 1 }))).to.deep.equal([r2]);
      expect(ids(await storage().relationships.listByTree(t.id, { after: r2! }))).to.deep.equal([r5]);
      expect(ids(await storage().relationships.listByTree(t.id, { deleted: true }))).to.deep.equal([r1]);
      expect(ids(await storage().relationships.listByTree(other.id, {}))).to.deep.equal([r6]);
    });

    it('listByPersons answers live edges touching any of the persons, at either end, ordered by id', async () => {
      const t = await givenTree(storage());
      const [a, b, c, d] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const [r1, r2, r3, r4] = sortedIds(4);
      await givenEdge(storage(), t.id, 'parent_child', c.id, a.id, { id: r3! });
      await givenEdge(storage(), t.id, 'partnership', a.id, b.id, { id: r1! });
      await givenEdge(storage(), t.id, 'parent_child', a.id, d.id, { id: r2!, ...gone });
      await givenEdge(storage(), t.id, 'parent_child', c.id, d.id, { id: r4! });
      expect(ids(await storage().relationships.listByPersons([a.id]))).to.deep.equal([r1, r3]);
      expect(ids(await storage().relationships.listByPersons([a.id, c.id]))).to.deep.equal([r1, r3, r4]);
      expect(await storage().relationships.listByPersons([])).to.deep.equal([]);
    });

    it('isAncestor walks up live parent_child edges of any qualifier, ignores partnerships and deleted edges, and ends on a loop', async () => {
      const t = await givenTree(storage());
      const [g, f, m, x, y] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      await givenEdge(storage(), t.id, 'parent_child', g.id, f.id, { qualifier: 'adoptive' });
      await givenEdge(storage(), t.id, 'parent_child', f.id, m.id, { qualifier: 'step' });
      await givenEdge(storage(), t.id, 'partnership', x.id, m.id, { qualifier: null });
      await givenEdge(storage(), t.id, 'parent_child', y.id, m.id, { qualifier: 'biological', deletedAt: at('2025-01-01T00:00:00.000Z') });
      const r = storage().relationships;
      expect([await r.isAncestor(t.id, g.id, m.id), await r.isAncestor(t.id, f.id, m.id), await r.isAncestor(t.id, m.id, m.id)]).to.deep.equal([true, true, true]);
      expect([await r.isAncestor(t.id, m.id, g.id), await r.isAncestor(t.id, x.id, m.id), await r.isAncestor(t.id, y.id, m.id)]).to.deep.equal([false, false, false]);
      // A loop the tree holds already: the walk still ends.
      await givenEdge(storage(), t.id, 'parent_child', m.id, g.id, { qualifier: 'biological' });
      expect(await r.isAncestor(t.id, x.id, g.id)).to.equal(false);
      expect(await r.isAncestor(t.id, m.id, f.id)).to.equal(true);
    });
  });
