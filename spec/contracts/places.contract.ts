import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { givenTree, ids, withStorage, type MakeStorage } from './fixtures.js';

export const placesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PlaceRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('creates a missing place with the new id and the trimmed text, and finds it by id', async () => {
      const t = await givenTree(storage());
      const id = newId();
      const place = await storage().places.ensure(t.id, '  York, England ', id);
      expect(place).to.deep.equal({ id, treeId: t.id, name: 'York, England' });
      expect(await storage().places.byIds([id])).to.deep.equal([place]);
    });

    it('answers the existing place for the same text compared trimmed and case-insensitively, creating nothing', async () => {
      const t = await givenTree(storage());
      const first = await storage().places.ensure(t.id, 'York', newId());
      const unused = newId();
      expect(await storage().places.ensure(t.id, '  yORK  ', unused)).to.deep.equal(first);
      expect(await storage().places.ensure(t.id, 'YORK', newId())).to.deep.equal(first);
      expect(await storage().places.byIds([unused])).to.deep.equal([]);
    });

    it('keeps places per tree: the same text in another tree is another place', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const here = await storage().places.ensure(t.id, 'York', newId());
      const there = await storage().places.ensure(other.id, 'York', newId());
      expect(there.id).to.not.equal(here.id);
      expect(there.treeId).to.equal(other.id);
      expect(await storage().places.ensure(other.id, 'york', newId())).to.deep.equal(there);
    });

    it('different texts are different places', async () => {
      const t = await givenTree(storage());
      const a = await storage().places.ensure(t.id, 'York', newId());
      const b = await storage().places.ensure(t.id, 'New York', newId());
      expect(b.id).to.not.equal(a.id);
    });

    it('byIds answers the known places among the ids and leaves unknown ids out', async () => {
      const t = await givenTree(storage());
      const a = await storage().places.ensure(t.id, 'Leeds', newId());
      const b = await storage().places.ensure(t.id, 'Hull', newId());
      await storage().places.ensure(t.id, 'Bath', newId());
      const found = await storage().places.byIds([b.id, newId(), a.id]);
      expect(ids(found).sort()).to.deep.equal([a.id, b.id].sort());
      expect(await storage().places.byIds([])).to.deep.equal([]);
    });
  });
