import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { Dismissal } from '../../core/duplicates/model.js';
import { aName, anEvent, at, givenEdge, givenPerson, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };
const dismissal = (treeId: string, a: string, b: string, over: Partial<Dismissal> = {}): Dismissal =>
  ({ id: newId(), treeId, personAId: a, personBId: b, dismissedBy: null, createdAt: at('2025-05-01T00:00:00.000Z'), ...over });

export const duplicatesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`DuplicateStore contract (${name})`, () => {
    const storage = withStorage(make);

    it('subjectsAfter: live persons of the tree with a live name, by id, with sex and live names (primary first, then by name id), a page at a time', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d] = sortedIds(4);
      const pa = await givenPerson(storage(), t.id, { id: a!, sex: 'female' });
      const pb = await givenPerson(storage(), t.id, { id: b! });
      const pc = await givenPerson(storage(), t.id, { id: c!, ...gone });
      const pd = await givenPerson(storage(), other.id, { id: d! });
      await givenPerson(storage(), t.id); // no name: not a subject
      const [n1, n2, n3] = sortedIds(3);
      await storage().names.insert(aName(pa, { id: n1!, givenName: 'Alt', surname: 'Name', isPrimary: false, nameType: 'married' }));
      await storage().names.insert(aName(pa, { id: n2!, givenName: 'Anna', surname: 'Müller', isPrimary: true }));
      await storage().names.insert(aName(pa, { id: n3!, givenName: 'Gone', isPrimary: false, ...gone }));
      await storage().names.insert(aName(pb, { givenName: 'Bo', surname: '' }));
      await storage().names.insert(aName(pc, { givenName: 'Deleted', surname: 'Person' }));
      await storage().names.insert(aName(pd, { givenName: 'Other', surname: 'Tree' }));
      const annA = { id: a, sex: 'female', names: [{ givenName: 'Anna', surname: 'Müller', nameType: 'birth' }, { givenName: 'Alt', surname: 'Name', nameType: 'married' }] };
      const boB = { id: b, sex: null, names: [{ givenName: 'Bo', surname: '', nameType: 'birth' }] };
      expect((await storage().duplicates.subjectsAfter(t.id, null, 10)).subjects).to.deep.equal([annA, boB]);
      // A page holds `limit` persons (all of each one's names), the next one starts after the last.
      expect((await storage().duplicates.subjectsAfter(t.id, null, 1)).subjects).to.deep.equal([annA]);
      expect((await storage().duplicates.subjectsAfter(t.id, a!, 1)).subjects).to.deep.equal([boB]);
      expect((await storage().duplicates.subjectsAfter(t.id, b!, 1)).subjects).to.deep.equal([]);
    });

    it("subjectsAfter's facts: live birth and death facts of the page's persons, with year, single day and place text; no other types, no partnership events, no other page's", async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone);
      const partner = await givenPerson(storage(), t.id);
      const partnership = await givenEdge(storage(), t.id, 'partnership', p.id, partner.id);
      const place = await storage().places.ensure(t.id, 'Kassel, Hessen', newId());
      const date = { qualifier: 'about' as const, year: 1850 };
      for (const e of [
        anEvent(t.id, { personId: p.id }, { type: 'christening', date, placeId: place.id }),
        anEvent(t.id, { personId: p.id }, { type: 'cremation' }),
        anEvent(t.id, { personId: p.id }, { type: 'birth', date: { qualifier: 'exact', year: 1851, month: 4, day: 3 } }),
        anEvent(t.id, { personId: p.id }, { type: 'burial', date: { qualifier: 'between', year: 1900, month: 1, day: 2, endYear: 1901 } }),
        anEvent(t.id, { personId: p.id }, { type: 'census', date }),
        anEvent(t.id, { personId: p.id }, { type: 'death', ...gone }),
        anEvent(t.id, { personId: dead.id }, { type: 'birth' }),
        anEvent(t.id, { partnershipId: partnership.id }, { type: 'marriage' }),
      ]) await storage().events.insert(e);
      const [first, second] = [p, partner].sort((x, y) => (x.id < y.id ? -1 : 1));
      for (const x of [p, dead, partner]) await storage().names.insert(aName(x, { givenName: 'Ann' }));
      await storage().events.insert(anEvent(t.id, { personId: partner.id }, { type: 'birth', date }));
      const [one, two] = [await storage().duplicates.subjectsAfter(t.id, null, 1), await storage().duplicates.subjectsAfter(t.id, first!.id, 1)];
      expect([one.subjects.map((x) => x.id), two.subjects.map((x) => x.id)]).to.deep.equal([[first!.id], [second!.id]]);
      expect((p === first ? two : one).facts).to.deep.equal([{ personId: partner.id, type: 'birth', year: 1850, day: null, place: null }]);
      const facts = (p === first ? one : two).facts;
      expect([...facts].sort((x, y) => x.type.localeCompare(y.type))).to.deep.equal([
        { personId: p.id, type: 'birth', year: 1851, day: '1851-4-3', place: null },
        { personId: p.id, type: 'burial', year: 1900, day: null, place: null },
        { personId: p.id, type: 'christening', year: 1850, day: null, place: 'Kassel, Hessen' },
        { personId: p.id, type: 'cremation', year: null, day: null, place: null },
      ]);
    });

    it('dismiss: once per unordered pair (a second answers false and writes nothing); dismissed and dismissedWith read them back by tree and person', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c] = sortedIds(3);
      for (const id of [a!, b!, c!]) await givenPerson(storage(), t.id, { id });
      const x = await givenPerson(storage(), other.id);
      const y = await givenPerson(storage(), other.id);
      const first = dismissal(t.id, a!, b!, { dismissedBy: null });
      expect(await storage().duplicates.dismiss(first)).to.equal(true);
      expect(await storage().duplicates.dismiss(dismissal(t.id, a!, b!))).to.equal(false);
      expect(await storage().duplicates.dismiss(dismissal(t.id, b!, c!))).to.equal(true);
      const [ox, oy] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
      expect(await storage().duplicates.dismiss(dismissal(other.id, ox, oy))).to.equal(true);
      const all = await storage().duplicates.dismissed(t.id);
      expect(all.map((d) => `${d.personAId}|${d.personBId}`).sort()).to.deep.equal([`${a}|${b}`, `${b}|${c}`]);
      expect(all.find((d) => d.personBId === b)).to.deep.equal(first);
      expect((await storage().duplicates.dismissedWith(t.id, a!)).map((d) => d.personBId)).to.deep.equal([b]);
      expect((await storage().duplicates.dismissedWith(t.id, b!)).map((d) => d.id).sort()).to.have.length(2);
      expect(await storage().duplicates.dismissedWith(other.id, a!)).to.deep.equal([]);
    });

    it('a purged person takes their dismissals along', async () => {
      const t = await givenTree(storage());
      const [a, b] = sortedIds(2);
      await givenPerson(storage(), t.id, { id: a!, deletedAt: at('2020-01-01T00:00:00.000Z'), deletionId: newId() });
      await givenPerson(storage(), t.id, { id: b! });
      expect(await storage().duplicates.dismiss(dismissal(t.id, a!, b!))).to.equal(true);
      await storage().purges.purgeDeletedBefore(at('2021-01-01T00:00:00.000Z'));
      expect(await storage().duplicates.dismissed(t.id)).to.deep.equal([]);
    });
  });
