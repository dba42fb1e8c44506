import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aName, anEvent, at, givenEdge, givenPerson, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };
const byPair = (rows: readonly { a: string; b: string }[]) => rows.map((r) => `${r.a}>${r.b}`).sort();

export const cleanupReadsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`CleanupReads contract (${name})`, () => {
    const storage = withStorage(make);

    it('persons: the live persons of the tree by id, with flags and the primary name (else the first name by id, else null)', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d] = sortedIds(4);
      const pa = await givenPerson(storage(), t.id, { id: a!, sex: 'female', isLiving: false, privacy: 'private' });
      const pb = await givenPerson(storage(), t.id, { id: b! });
      await givenPerson(storage(), t.id, { id: c!, ...gone });
      await givenPerson(storage(), other.id, { id: d! });
      const [n1, n2, n3] = sortedIds(3);
      await storage().names.insert(aName(pa, { id: n1!, givenName: 'Alt', surname: 'Name', isPrimary: false }));
      await storage().names.insert(aName(pa, { id: n2!, givenName: 'Anna', surname: 'Müller', isPrimary: true }));
      await storage().names.insert(aName(pa, { id: n3!, givenName: 'Gone', isPrimary: true, ...gone }));
      const pe = await givenPerson(storage(), t.id);
      await storage().names.insert(aName(pe, { givenName: 'Only', surname: 'Alternate', isPrimary: false }));
      const rows = await storage().cleanup.persons(t.id);
      expect(rows.map((r) => r.id)).to.deep.equal([a, b, pe.id].sort());
      expect(rows.find((r) => r.id === a)).to.deep.equal({ id: a, sex: 'female', isLiving: false, privacy: 'private', name: { id: n2, givenName: 'Anna', surname: 'Müller' } });
      expect(rows.find((r) => r.id === pb.id)).to.deep.equal({ id: pb.id, sex: null, isLiving: null, privacy: 'default', name: null });
      expect(rows.find((r) => r.id === pe.id)!.name).to.deep.include({ givenName: 'Only', surname: 'Alternate' });
    });

    it('facts: live person events of the asked types whose person is live, with their dates', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone);
      const partner = await givenPerson(storage(), t.id);
      const partnership = await givenEdge(storage(), t.id, 'partnership', p.id, partner.id);
      const date = { qualifier: 'between' as const, year: 1850, endYear: 1855, calendar: 'julian' as const };
      for (const e of [
        anEvent(t.id, { personId: p.id }, { type: 'birth', date }),
        anEvent(t.id, { personId: p.id }, { type: 'burial' }),
        anEvent(t.id, { personId: p.id }, { type: 'census' }),
        anEvent(t.id, { personId: p.id }, { type: 'baptism', ...gone }),
        anEvent(t.id, { personId: dead.id }, { type: 'birth' }),
        anEvent(t.id, { partnershipId: partnership.id }, { type: 'marriage' }),
      ]) await storage().events.insert(e);
      const facts = await storage().cleanup.facts(t.id, ['birth', 'baptism', 'burial', 'marriage']);
      expect(facts.map((f) => f.type).sort()).to.deep.equal(['birth', 'burial']);
      expect(facts.find((f) => f.type === 'birth')).to.deep.equal({ personId: p.id, type: 'birth', date });
      expect(facts.find((f) => f.type === 'burial')!.date).to.equal(null);
      expect(await storage().cleanup.facts(t.id, [])).to.deep.equal([]);
    });

    it('names: every live name of live persons of the tree with the person\'s sex, by person, primary first, then by name id', async () => {
      const t = await givenTree(storage());
      const [pa, pb] = sortedIds(2);
      const p = await givenPerson(storage(), t.id, { id: pa!, sex: 'male' });
      const q = await givenPerson(storage(), t.id, { id: pb! });
      const dead = await givenPerson(storage(), t.id, gone);
      const [n1, n2, n3, n4] = sortedIds(4);
      await storage().names.insert(aName(q, { id: n1!, givenName: 'Alt', isPrimary: false }));
      await storage().names.insert(aName(q, { id: n4!, givenName: 'Prime', isPrimary: true }));
      await storage().names.insert(aName(p, { id: n3!, givenName: 'Jürgen', surname: 'Ö' }));
      await storage().names.insert(aName(p, { id: n2!, givenName: 'Jörg', isPrimary: false }));
      await storage().names.insert(aName(p, { givenName: 'Deleted', ...gone }));
      await storage().names.insert(aName(dead, { givenName: 'Of the dead' }));
      expect(await storage().cleanup.names(t.id)).to.deep.equal([
        { personId: p.id, sex: 'male', givenName: 'Jürgen', surname: 'Ö' },
        { personId: p.id, sex: 'male', givenName: 'Jörg', surname: 'Smith' },
        { personId: q.id, sex: null, givenName: 'Prime', surname: 'Smith' },
        { personId: q.id, sex: null, givenName: 'Alt', surname: 'Smith' },
      ]);
    });

    it('edges: live edges of the type between live persons, parent first for parent_child', async () => {
      const t = await givenTree(storage());
      const [p, c, q, x] = await Promise.all([0, 1, 2, 3].map(() => givenPerson(storage(), t.id)));
      const dead = await givenPerson(storage(), t.id, gone);
      await givenEdge(storage(), t.id, 'parent_child', p!.id, c!.id, { qualifier: 'adoptive' });
      await givenEdge(storage(), t.id, 'parent_child', q!.id, c!.id, { ...gone });
      await givenEdge(storage(), t.id, 'parent_child', dead.id, c!.id);
      await givenEdge(storage(), t.id, 'partnership', p!.id, q!.id);
      await givenEdge(storage(), t.id, 'partnership', x!.id, dead.id);
      expect(byPair(await storage().cleanup.edges(t.id, 'parent_child'))).to.deep.equal([`${p!.id}>${c!.id}`]);
      expect(byPair(await storage().cleanup.edges(t.id, 'partnership'))).to.deep.equal([`${p!.id}>${q!.id}`]);
      expect(await storage().cleanup.edges(newId(), 'partnership')).to.deep.equal([]);
    });
  });
