import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { Place } from '../../core/people/model.js';
import { givenTree, ids, withStorage, type MakeStorage } from './fixtures.js';

export const placesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PlaceRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('creates a missing place with the new id and the trimmed text, and finds it by id', async () => {
      const t = await givenTree(storage());
      const id = newId();
      const place = await storage().places.ensure(t.id, '  York, England ', id);
      expect(place).to.deep.equal({ id, treeId: t.id, name: 'York, England', latitude: null, longitude: null });
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

    it('keeps the coordinates a bulk insert gives a place (signed degrees, as written); ensure finds it with them', async () => {
      const t = await givenTree(storage());
      const boston: Place = { id: newId(), treeId: t.id, name: 'Boston', latitude: 42.3601, longitude: -71.0589 };
      const sydney: Place = { id: newId(), treeId: t.id, name: 'Sydney', latitude: -33.86, longitude: 151.2 };
      const none: Place = { id: newId(), treeId: t.id, name: 'Nowhere', latitude: null, longitude: null };
      await storage().bulk.insertAll({ persons: [], names: [], places: [boston, sydney, none], relationships: [], events: [], sources: [], citations: [] });
      expect(await storage().places.byIds([boston.id, sydney.id, none.id])).to.deep.equal([boston, sydney, none].sort((a, b) => (a.id < b.id ? -1 : 1)));
      expect(await storage().places.ensure(t.id, 'boston', newId())).to.deep.equal(boston);
    });

    it('setCoordinates gives a place without coordinates the pair, and leaves a place that has some (or an unknown id) as it is', async () => {
      const t = await givenTree(storage());
      const york = await storage().places.ensure(t.id, 'York', newId());
      await storage().places.setCoordinates(york.id, { latitude: 53.96, longitude: -1.08 });
      expect(await storage().places.byIds([york.id])).to.deep.equal([{ ...york, latitude: 53.96, longitude: -1.08 }]);
      await storage().places.setCoordinates(york.id, { latitude: 1, longitude: 2 });
      await storage().places.setCoordinates(newId(), { latitude: 1, longitude: 2 });
      expect(await storage().places.byIds([york.id])).to.deep.equal([{ ...york, latitude: 53.96, longitude: -1.08 }]);
    });
  });
