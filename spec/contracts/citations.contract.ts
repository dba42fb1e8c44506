import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aCitation, aName, anEvent, at, givenEdge, givenPerson, givenSource, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';
import type { Citation } from '../../core/sources/model.js';
import type { Storage } from '../../core/stores.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

const givenCitation = async (s: Storage, c: Citation): Promise<Citation> => {
  await s.citations.insert(c);
  return c;
};

export const citationsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`CitationRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted citation of each target kind with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const src = await givenSource(storage(), t.id);
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id);
      const n = aName(p);
      await storage().names.insert(n);
      const e = anEvent(t.id, { personId: p.id });
      await storage().events.insert(e);
      const r = await givenEdge(storage(), t.id, 'partnership', p.id, q.id);
      const targets: Citation['target'][] = [
        { kind: 'person', id: p.id }, { kind: 'name', id: n.id }, { kind: 'event', id: e.id }, { kind: 'relationship', id: r.id },
      ];
      for (const [i, target] of targets.entries()) {
        const c = aCitation(t.id, src.id, target, { page: `p. ${i}`, detail: `"d" 'x'`, confidence: i });
        await storage().citations.insert(c);
        expect(await storage().citations.byId(c.id)).to.deep.equal(c);
      }
      expect(await storage().citations.byId(newId())).to.equal(null);
    });

    it('returns a deleted citation by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const src = await givenSource(storage(), t.id);
      const p = await givenPerson(storage(), t.id);
      const c = await givenCitation(storage(), aCitation(t.id, src.id, { kind: 'person', id: p.id }, { confidence: 3 }));
      const changed = { ...c, page: 'p. 9', detail: 'dd', confidence: null, updatedAt: at('2025-06-01T00:00:00.001Z'), ...gone };
      await storage().citations.update(changed);
      expect(await storage().citations.byId(c.id)).to.deep.equal(changed);
      const back = { ...changed, confidence: 0, deletedAt: null, deletionId: null };
      await storage().citations.update(back);
      expect(await storage().citations.byId(c.id)).to.deep.equal(back);
    });

    it('lists the live citations of the tree that have a live source, ordered by id, paged; deleted ones on request', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const src = await givenSource(storage(), t.id);
      const droppedSource = await givenSource(storage(), t.id, gone);
      const p = await givenPerson(storage(), t.id);
      const otherSource = await givenSource(storage(), other.id);
      const x = await givenPerson(storage(), other.id);
      const [c1, c2, c3, c4, c5, c6] = sortedIds(6);
      const person = { kind: 'person' as const, id: p.id };
      await givenCitation(storage(), aCitation(t.id, src.id, person, { id: c5! }));
      await givenCitation(storage(), aCitation(t.id, src.id, person, { id: c2! }));
      await givenCitation(storage(), aCitation(t.id, src.id, person, { id: c1!, ...gone }));
      await givenCitation(storage(), aCitation(t.id, droppedSource.id, person, { id: c3! }));
      await givenCitation(storage(), aCitation(t.id, src.id, person, { id: c4! }));
      await givenCitation(storage(), aCitation(other.id, otherSource.id, { kind: 'person', id: x.id }, { id: c6! }));
      expect(ids(await storage().citations.listByTree(t.id, {}))).to.deep.equal([c2, c4, c5]);
      expect(ids(await storage().citations.listByTree(t.id, { limit: 2 }))).to.deep.equal([c2, c4]);
      expect(ids(await storage().citations.listByTree(t.id, { after: c4! }))).to.deep.equal([c5]);
      expect(ids(await storage().citations.listByTree(t.id, { deleted: true }))).to.deep.equal([c1]);
      expect(ids(await storage().citations.listByTree(other.id, {}))).to.deep.equal([c6]);
    });
  });
