import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aRepository, at, givenRepository, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

export const repositoriesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`RepositoryRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted repository with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const x = aRepository(t.id, { name: `"County" Record's Office`, address: 'Bedford Street\nExeter EX1 1LL\nEngland', notes: 'Open Tuesdays \\ Thursdays' });
      await storage().repositories.insert(x);
      expect(await storage().repositories.byId(x.id)).to.deep.equal(x);
      expect(await storage().repositories.byId(newId())).to.equal(null);
    });

    it('returns a deleted repository by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const x = await givenRepository(storage(), t.id);
      const changed = { ...x, name: 'N2', address: 'A2', notes: 'n2', updatedAt: at('2025-06-01T00:00:00.001Z'), ...gone };
      await storage().repositories.update(changed);
      expect(await storage().repositories.byId(x.id)).to.deep.equal(changed);
      const back = { ...changed, deletedAt: null, deletionId: null };
      await storage().repositories.update(back);
      expect(await storage().repositories.byId(x.id)).to.deep.equal(back);
    });

    it('lists the live repositories of the tree, or the deleted ones, ordered by id, paged', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d, e] = sortedIds(5);
      await givenRepository(storage(), t.id, { id: d! });
      await givenRepository(storage(), t.id, { id: b!, ...gone });
      await givenRepository(storage(), t.id, { id: a! });
      await givenRepository(storage(), t.id, { id: e! });
      await givenRepository(storage(), other.id, { id: c! });
      expect(ids(await storage().repositories.listByTree(t.id, {}))).to.deep.equal([a, d, e]);
      expect(ids(await storage().repositories.listByTree(t.id, { limit: 2 }))).to.deep.equal([a, d]);
      expect(ids(await storage().repositories.listByTree(t.id, { after: a!, limit: 1 }))).to.deep.equal([d]);
      expect(ids(await storage().repositories.listByTree(t.id, { deleted: true }))).to.deep.equal([b]);
      expect(ids(await storage().repositories.listByTree(other.id, {}))).to.deep.equal([c]);
    });

    it('tells which ids are live repositories of the tree, leaving out deleted, foreign and unknown ones', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const live = await givenRepository(storage(), t.id);
      const deleted = await givenRepository(storage(), t.id, gone);
      const foreign = await givenRepository(storage(), other.id);
      const found = await storage().repositories.liveIds(t.id, [live.id, deleted.id, foreign.id, newId()]);
      expect([...found]).to.deep.equal([live.id]);
      expect(await storage().repositories.liveIds(t.id, [])).to.deep.equal([]);
    });
  });
