import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { anEvent, at, givenEdge, givenPerson, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';
import type { LifeEvent } from '../../core/people/model.js';
import type { Storage } from '../../core/stores.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

const givenEvent = async (s: Storage, e: LifeEvent): Promise<LifeEvent> => {
  await s.events.insert(e);
  return e;
};

export const eventsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`EventRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted event with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const place = await storage().places.ensure(t.id, 'York', newId());
      const e = anEvent(t.id, { personId: p.id }, {
        type: 'custom',
        customType: 'Knighted',
        date: { qualifier: 'between', year: 1801, month: 2, day: 3, endYear: 1802, endMonth: 12, endDay: 31, text: 'c. 1801' },
        placeId: place.id,
        notes: `it's "noted"`,
        detail: 'detail \\ text',
      });
      await storage().events.insert(e);
      expect(await storage().events.byId(e.id)).to.deep.equal(e);
      expect(await storage().events.byId(newId())).to.equal(null);
    });

    it('keeps an LDS ordinance\'s temple and status through insert, update, bulk insert and the person profile', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const e = await givenEvent(storage(), anEvent(t.id, { personId: p.id }, { type: 'lds_endowment', temple: 'SLAKE', ordinanceStatus: 'COMPLETED' }));
      expect(await storage().events.byId(e.id)).to.deep.equal(e);
      const changed = { ...e, type: 'lds_child_sealing' as const, temple: `O'Hare "T"`, ordinanceStatus: null, updatedAt: at('2025-06-01T00:00:00.001Z') };
      await storage().events.update(changed);
      expect(await storage().events.byId(e.id)).to.deep.equal(changed);
      const bulk = anEvent(t.id, { personId: p.id }, { type: 'lds_baptism', temple: 'LONDO', ordinanceStatus: 'BIC' });
      await storage().bulk.insertAll({ persons: [], names: [], places: [], relationships: [], events: [bulk], sources: [], citations: [] });
      expect(await storage().events.byId(bulk.id)).to.deep.equal(bulk);
      expect((await storage().persons.profile(p.id)).events).to.deep.equal([changed, bulk].sort((a, b) => (a.id < b.id ? -1 : 1)));
    });

    it('keeps a date with only some parts, and a partnership subject', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const r = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      const e = await givenEvent(storage(), anEvent(t.id, { partnershipId: r.id }, { type: 'marriage', date: { qualifier: 'about', year: 1900 } }));
      expect(await storage().events.byId(e.id)).to.deep.equal(e);
    });

    it('returns a deleted event by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const e = await givenEvent(storage(), anEvent(t.id, { personId: p.id }));
      const changed = { ...e, type: 'death' as const, date: { qualifier: 'text' as const, text: 'in the war' }, notes: 'n', detail: 'd', updatedAt: at('2025-06-01T00:00:00.001Z'), ...gone };
      await storage().events.update(changed);
      expect(await storage().events.byId(e.id)).to.deep.equal(changed);
      const back = { ...changed, date: null, deletedAt: null, deletionId: null };
      await storage().events.update(back);
      expect(await storage().events.byId(e.id)).to.deep.equal(back);
    });

    it('listByTree answers live events whose subject is live, ordered by id, paged; deleted ones on request', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone);
      const q = await givenPerson(storage(), t.id);
      const partnership = await givenEdge(storage(), t.id, 'partnership', p.id, q.id);
      const endedPartnership = await givenEdge(storage(), t.id, 'partnership', p.id, q.id, gone);
      const elsewhere = await givenPerson(storage(), other.id);
      const [e1, e2, e3, e4, e5, e6] = sortedIds(6);
      await givenEvent(storage(), anEvent(t.id, { partnershipId: partnership.id }, { id: e4!, type: 'marriage' }));
      await givenEvent(storage(), anEvent(t.id, { personId: p.id }, { id: e2! }));
      await givenEvent(storage(), anEvent(t.id, { personId: p.id }, { id: e1!, ...gone }));
      await givenEvent(storage(), anEvent(t.id, { personId: dead.id }, { id: e3! }));
      await givenEvent(storage(), anEvent(t.id, { partnershipId: endedPartnership.id }, { id: e5!, type: 'divorce' }));
      await givenEvent(storage(), anEvent(other.id, { personId: elsewhere.id }, { id: e6! }));
      expect(ids(await storage().events.listByTree(t.id, {}))).to.deep.equal([e2, e4]);
      expect(ids(await storage().events.listByTree(t.id, { limit: 1 }))).to.deep.equal([e2]);
      expect(ids(await storage().events.listByTree(t.id, { after: e2! }))).to.deep.equal([e4]);
      expect(ids(await storage().events.listByTree(t.id, { deleted: true }))).to.deep.equal([e1]);
      expect(ids(await storage().events.listByTree(other.id, {}))).to.deep.equal([e6]);
    });

    it("listByPersons answers the persons' live events and those of live partnerships involving them, ordered by id", async () => {
      const t = await givenTree(storage());
      const [p, q, r, s] = [
        await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id),
      ];
      const pq = await givenEdge(storage(), t.id, 'partnership', q.id, p.id); // p is person b here
      const pr = await givenEdge(storage(), t.id, 'partnership', p.id, r.id, gone);
      const qs = await givenEdge(storage(), t.id, 'partnership', q.id, s.id);
      const [e1, e2, e3, e4, e5, e6] = sortedIds(6);
      await givenEvent(storage(), anEvent(t.id, { partnershipId: pq.id }, { id: e5!, type: 'marriage' }));
      await givenEvent(storage(), anEvent(t.id, { personId: p.id }, { id: e3! }));
      await givenEvent(storage(), anEvent(t.id, { personId: p.id }, { id: e1!, ...gone }));
      await givenEvent(storage(), anEvent(t.id, { partnershipId: pr.id }, { id: e2!, type: 'marriage' }));
      await givenEvent(storage(), anEvent(t.id, { partnershipId: qs.id }, { id: e4!, type: 'marriage' }));
      await givenEvent(storage(), anEvent(t.id, { personId: q.id }, { id: e6! }));
      expect(ids(await storage().events.listByPersons([p.id]))).to.deep.equal([e3, e5]);
      expect(ids(await storage().events.listByPersons([p.id, q.id]))).to.deep.equal([e3, e4, e5, e6]);
      expect(ids(await storage().events.listByPersons([r.id]))).to.deep.equal([]);
      expect(await storage().events.listByPersons([])).to.deep.equal([]);
    });
  });
