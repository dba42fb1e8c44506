import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aSource, at, givenSource, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

export const sourcesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`SourceRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted source with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const x = aSource(t.id, { title: `"Ti'tle"`, author: 'A. Author', publication: 'Pub \\ 1900', notes: 'n' });
      const repository = newId();
      const full = aSource(t.id, {
        abbreviation: 'Reg. St Mary', agency: `St Mary's "vestry"`, dataNotes: 'Gaps 1790\nto 1795',
        recordedEvents: [{ events: 'BIRT, DEAT', date: 'FROM 1780 TO 1850', place: 'Exeter, Devon' }, { events: 'MARR', date: '', place: '' }],
        repositories: [{ repositoryId: repository, callNumber: 'MF 1234 \\ 5' }, { repositoryId: newId(), callNumber: '' }],
      });
      await storage().sources.insert(full);
      expect(await storage().sources.byId(full.id)).to.deep.equal(full);
      await storage().sources.insert(x);
      expect(await storage().sources.byId(x.id)).to.deep.equal(x);
      expect(await storage().sources.byId(newId())).to.equal(null);
    });

    it('returns a deleted source by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const x = await givenSource(storage(), t.id);
      const changed = {
        ...x, title: 'T2', author: 'B', publication: 'P', notes: 'N', abbreviation: 'Ab', agency: 'Ag', dataNotes: 'DN',
        recordedEvents: [{ events: 'CENS', date: '1851', place: 'Kent' }], repositories: [{ repositoryId: newId(), callNumber: 'C 7' }],
        updatedAt: at('2025-06-01T00:00:00.001Z'), ...gone,
      };
      await storage().sources.update(changed);
      expect(await storage().sources.byId(x.id)).to.deep.equal(changed);
      const back = { ...changed, deletedAt: null, deletionId: null };
      await storage().sources.update(back);
      expect(await storage().sources.byId(x.id)).to.deep.equal(back);
    });

    it('lists the live sources of the tree, or the deleted ones, ordered by id, paged', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d, e] = sortedIds(5);
      await givenSource(storage(), t.id, { id: d! });
      await givenSource(storage(), t.id, { id: b!, ...gone });
      await givenSource(storage(), t.id, { id: a! });
      await givenSource(storage(), t.id, { id: e! });
      await givenSource(storage(), other.id, { id: c! });
      expect(ids(await storage().sources.listByTree(t.id, {}))).to.deep.equal([a, d, e]);
      expect(ids(await storage().sources.listByTree(t.id, { limit: 2 }))).to.deep.equal([a, d]);
      expect(ids(await storage().sources.listByTree(t.id, { after: a!, limit: 1 }))).to.deep.equal([d]);
      expect(ids(await storage().sources.listByTree(t.id, { deleted: true }))).to.deep.equal([b]);
      expect(ids(await storage().sources.listByTree(other.id, {}))).to.deep.equal([c]);
    });
  });
