import { expect } from 'chai';
import { memberAudience, nonMemberAt } from '../../core/kernel/audience.js';
import { newId } from '../../core/kernel/ids.js';
import { aMembership, aName, anEvent, aPerson, at, givenEdge, givenPerson, givenTree, givenUsers, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };

export const personsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PersonRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted person with every field intact', async () => {
      const t = await givenTree(storage());
      const p = aPerson(t.id, { sex: 'female', isLiving: false, privacy: 'private', notes: `Quotes ' " and \\ survive` });
      await storage().persons.insert(p);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
    });

    it('keeps identifiers (kind, value, type) in order through insert, update, updateMany and bulk insert', async () => {
      const t = await givenTree(storage());
      const identifiers = [
        { kind: 'refn' as const, value: `R-1 "q" ' \\ {x}`, type: 'Ancestry ID' },
        { kind: 'afn' as const, value: '1A2B-3C', type: null },
        { kind: 'uid' as const, value: 'F1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D7E8', type: null },
      ];
      const p = aPerson(t.id, { identifiers });
      await storage().persons.insert(p);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
      const changed = { ...p, identifiers: [identifiers[1]!], updatedAt: at('2025-05-05T05:05:05.505Z') };
      await storage().persons.update(changed);
      expect(await storage().persons.byId(p.id)).to.deep.equal(changed);
      const emptied = { ...changed, identifiers: [] };
      await storage().persons.updateMany([emptied]);
      expect(await storage().persons.byId(p.id)).to.deep.equal(emptied);
      const bulk = aPerson(t.id, { identifiers });
      await storage().bulk.insertAll({ persons: [bulk], names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
      expect(await storage().persons.byId(bulk.id)).to.deep.equal(bulk);
      expect((await storage().persons.withTree(bulk.id, null))?.person).to.deep.equal(bulk);
      expect(await storage().persons.listByTree(t.id, {})).to.deep.include(bulk);
    });

    it('returns null for an unknown id', async () => {
      expect(await storage().persons.byId(newId())).to.equal(null);
    });

    it('returns a deleted person by id, with its deletion stamp', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id, gone);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
    });

    it('replaces every mutable field on update, the deletion stamp included, and clears it again', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const changed = { ...p, sex: 'male' as const, isLiving: true, privacy: 'public' as const, notes: 'new', updatedAt: at('2025-05-05T05:05:05.505Z'), ...gone };
      await storage().persons.update(changed);
      expect(await storage().persons.byId(p.id)).to.deep.equal(changed);
      const back = { ...changed, sex: null, isLiving: null, deletedAt: null, deletionId: null };
      await storage().persons.update(back);
      expect(await storage().persons.byId(p.id)).to.deep.equal(back);
    });

    it('updateMany replaces every mutable field of each person, deletion stamps included, and ignores unknown ids', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id, { sex: 'female', isLiving: true });
      const untouched = await givenPerson(storage(), t.id);
      const later = at('2025-06-06T06:06:06.606Z');
      const p2 = { ...p, sex: 'male' as const, isLiving: false, privacy: 'private' as const, notes: `Quotes ' " , { } and \\ survive`, updatedAt: later, ...gone };
      const q2 = { ...q, sex: null, isLiving: null, updatedAt: later };
      await storage().persons.updateMany([p2, q2, aPerson(t.id)]);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p2);
      expect(await storage().persons.byId(q.id)).to.deep.equal(q2);
      expect(await storage().persons.byId(untouched.id)).to.deep.equal(untouched);
      await storage().persons.updateMany([]);
    });

    it('updateMany writes more rows than one chunk (10,000) holds', async () => {
      const t = await givenTree(storage());
      const many = Array.from({ length: 10_050 }, () => aPerson(t.id));
      await storage().bulk.insertAll({ persons: many, names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
      await storage().persons.updateMany(many.map((p) => ({ ...p, isLiving: false })));
      const living = await storage().persons.listByTree(t.id, {});
      expect(living.filter((p) => p.isLiving === false)).to.have.length(10_050);
    });

    it('inTree answers the persons of the tree among the ids, live or deleted, ordered by id, leaving out unknown and other-tree ids', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c] = sortedIds(3);
      await givenPerson(storage(), t.id, { id: b!, ...gone });
      await givenPerson(storage(), t.id, { id: a! });
      await givenPerson(storage(), other.id, { id: c! });
      expect(ids(await storage().persons.inTree(t.id, [c!, b!, newId(), a!, a!]))).to.deep.equal([a, b]);
      expect(await storage().persons.inTree(t.id, [])).to.deep.equal([]);
    });

    it('byIds answers the live persons of the tree among the ids, ordered by id, leaving out unknown, deleted and other-tree ids', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d, e] = sortedIds(5);
      await givenPerson(storage(), t.id, { id: c! });
      await givenPerson(storage(), t.id, { id: a! });
      await givenPerson(storage(), t.id, { id: b!, ...gone });
      await givenPerson(storage(), other.id, { id: d! });
      await givenPerson(storage(), t.id, { id: e! }); // not asked for
      const found = await storage().persons.byIds(t.id, [c!, d!, newId(), b!, a!]);
      expect(ids(found)).to.deep.equal([a, c]);
      expect(await storage().persons.byIds(t.id, [])).to.deep.equal([]);
    });

    it('lists the live persons of the tree, or the deleted ones, ordered by id', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c, d] = sortedIds(4);
      await givenPerson(storage(), t.id, { id: d! });
      await givenPerson(storage(), t.id, { id: b!, ...gone });
      await givenPerson(storage(), t.id, { id: a! });
      await givenPerson(storage(), other.id, { id: c! });
      expect(ids(await storage().persons.listByTree(t.id, {}))).to.deep.equal([a, d]);
      expect(ids(await storage().persons.listByTree(t.id, { deleted: false }))).to.deep.equal([a, d]);
      expect(ids(await storage().persons.listByTree(t.id, { deleted: true }))).to.deep.equal([b]);
      expect(ids(await storage().persons.listByTree(other.id, {}))).to.deep.equal([c]);
      expect(await storage().persons.listByTree(newId(), {})).to.deep.equal([]);
    });

    it('pages the listing with after and limit', async () => {
      const t = await givenTree(storage());
      const all = sortedIds(5);
      for (const id of [...all].reverse()) await givenPerson(storage(), t.id, { id });
      expect(ids(await storage().persons.listByTree(t.id, { limit: 2 }))).to.deep.equal(all.slice(0, 2));
      expect(ids(await storage().persons.listByTree(t.id, { after: all[1]!, limit: 2 }))).to.deep.equal(all.slice(2, 4));
      expect(ids(await storage().persons.listByTree(t.id, { after: all[3]! }))).to.deep.equal(all.slice(4));
      expect(ids(await storage().persons.listByTree(t.id, { after: all[4]! }))).to.deep.equal([]);
    });

    it('descendants follow live parent_child edges down (a parent, b child), each once, root excluded', async () => {
      const t = await givenTree(storage());
      const [root, mate, kid1, kid2, grand, parent] = await Promise.all(Array.from({ length: 6 }, () => givenPerson(storage(), t.id)));
      await givenEdge(storage(), t.id, 'parent_child', parent!.id, root!.id); // upwards: not a descendant
      await givenEdge(storage(), t.id, 'partnership', root!.id, mate!.id); // partner: not a descendant
      await givenEdge(storage(), t.id, 'parent_child', root!.id, kid1!.id);
      await givenEdge(storage(), t.id, 'parent_child', root!.id, kid2!.id);
      // The lines rejoin: grand is a child of both kids.
      await givenEdge(storage(), t.id, 'parent_child', kid1!.id, grand!.id);
      await givenEdge(storage(), t.id, 'parent_child', kid2!.id, grand!.id);
      const found = await storage().persons.descendants(t.id, root!.id);
      expect(found).to.have.length(3);
      expect([...found].sort()).to.deep.equal([kid1!.id, kid2!.id, grand!.id].sort());
    });

    it('descendants skip deleted edges and deleted persons (and what lies only below them), and other trees', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const root = await givenPerson(storage(), t.id);
      const live = await givenPerson(storage(), t.id);
      const viaDeletedEdge = await givenPerson(storage(), t.id);
      const deleted = await givenPerson(storage(), t.id, gone);
      const belowDeleted = await givenPerson(storage(), t.id);
      await givenEdge(storage(), t.id, 'parent_child', root.id, live.id);
      await givenEdge(storage(), t.id, 'parent_child', root.id, viaDeletedEdge.id, gone);
      await givenEdge(storage(), t.id, 'parent_child', root.id, deleted.id);
      await givenEdge(storage(), t.id, 'parent_child', deleted.id, belowDeleted.id);
      expect(await storage().persons.descendants(t.id, root.id)).to.deep.equal([live.id]);
      expect(await storage().persons.descendants(other.id, root.id)).to.deep.equal([]);
    });

    it('descendants terminate on a cycle and never include the root', async () => {
      const t = await givenTree(storage());
      const a = await givenPerson(storage(), t.id);
      const b = await givenPerson(storage(), t.id);
      await givenEdge(storage(), t.id, 'parent_child', a.id, b.id);
      await givenEdge(storage(), t.id, 'parent_child', b.id, a.id);
      expect(await storage().persons.descendants(t.id, a.id)).to.deep.equal([b.id]);
      expect(await storage().persons.descendants(t.id, newId())).to.deep.equal([]);
    });

    it('keeps life facts on the row: insert and keepLifeFacts write them, update leaves them', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id, { birthYear: 1901, hasDeathFact: true });
      expect(await storage().persons.byId(p.id)).to.deep.include({ birthYear: 1901, hasDeathFact: true });
      await storage().persons.update({ ...p, notes: 'edited', birthYear: null, hasDeathFact: false });
      expect(await storage().persons.byId(p.id)).to.deep.include({ notes: 'edited', birthYear: 1901, hasDeathFact: true });
      await storage().persons.updateMany([{ ...p, notes: 'again', birthYear: 3, hasDeathFact: false }]);
      expect(await storage().persons.byId(p.id)).to.deep.include({ notes: 'again', birthYear: 1901, hasDeathFact: true });
      await storage().persons.keepLifeFacts([{ id: p.id, birthYear: 1850, hasDeathFact: false }, { id: newId(), birthYear: 1, hasDeathFact: true }]);
      expect(await storage().persons.byId(p.id)).to.deep.include({ birthYear: 1850, hasDeathFact: false });
      expect(await storage().persons.withoutKeptFacts(10)).to.deep.equal([]);
    });

    it('profile answers the live names (primary first), own live events and their places of one person', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const york = await storage().places.ensure(t.id, 'York', newId());
      const alias = aName(p, { isPrimary: false, givenName: 'Al' });
      const primary = aName(p, { isPrimary: true });
      await storage().names.insert(alias);
      await storage().names.insert(primary);
      await storage().names.insert(aName(p, { isPrimary: false, ...gone }));
      const birth = anEvent(t.id, { personId: p.id }, { type: 'birth', placeId: york.id });
      await storage().events.insert(birth);
      await storage().events.insert(anEvent(t.id, { personId: p.id }, { type: 'death', ...gone }));
      const edge = await givenEdge(storage(), t.id, 'partnership', a.id, b.id);
      await storage().events.insert(anEvent(t.id, { partnershipId: edge.id }, { type: 'marriage' }));
      expect(await storage().persons.profile(p.id)).to.deep.equal({ names: [primary, alias], events: [birth], places: [york] });
      expect(await storage().persons.profile(newId())).to.deep.equal({ names: [], events: [], places: [] });
      expect(await storage().events.ownOfTypes([p.id, a.id], ['birth', 'death'])).to.deep.equal([birth]);
      expect(await storage().events.ownOfTypes([p.id], ['death'])).to.deep.equal([]);
    });

    it('withTree answers the person (deleted or not) with the tree and the user\'s role in it; null for an unknown person', async () => {
      const t = await givenTree(storage());
      const [member, stranger] = await givenUsers(storage(), 2);
      await storage().memberships.insert(aMembership(t.id, member!.id, 'viewer'));
      const p = await givenPerson(storage(), t.id, gone);
      const tree = await storage().trees.byId(t.id);
      expect(await storage().persons.withTree(p.id, member!.id)).to.deep.equal({ person: p, tree: { ...tree, role: 'viewer' } });
      expect(await storage().persons.withTree(p.id, stranger!.id)).to.deep.equal({ person: p, tree: { ...tree, role: null } });
      expect(await storage().persons.withTree(p.id, null)).to.deep.equal({ person: p, tree: { ...tree, role: null } });
      expect(await storage().persons.withTree(newId(), member!.id)).to.equal(null);
    });

    it('read answers what withTree answers, with the profile only when the reader is shown the person in full', async () => {
      const t = await givenTree(storage());
      const [member, stranger] = await givenUsers(storage(), 2);
      await storage().memberships.insert(aMembership(t.id, member!.id, 'viewer'));
      const tree = await storage().trees.byId(t.id);
      const now = at('2026-11-23T00:00:00.000Z');
      const york = await storage().places.ensure(t.id, 'York', newId());
      // Possibly living (born 1990, no death fact): a member sees them in full, a non-member redacted.
      const living = await givenPerson(storage(), t.id, { birthYear: 1990, hasDeathFact: false });
      const dead = await givenPerson(storage(), t.id, { birthYear: 1800, hasDeathFact: true });
      const hidden = await givenPerson(storage(), t.id, { privacy: 'private', birthYear: 1800, hasDeathFact: true });
      const deleted = await givenPerson(storage(), t.id, { birthYear: 1800, hasDeathFact: true, ...gone });
      for (const p of [living, dead, hidden, deleted]) {
        await storage().names.insert(aName(p, { isPrimary: true }));
        await storage().events.insert(anEvent(t.id, { personId: p.id }, { type: 'birth', placeId: york.id }));
      }
      const read = (id: string, userId: string | null, byRole: boolean) => storage().persons.read(id, userId, { byRole, now });
      const shown = async (id: string, userId: string | null, byRole: boolean) => (await read(id, userId, byRole))?.profile !== null;
      for (const p of [living, dead, hidden, deleted]) {
        const { profile, ...rest } = (await read(p.id, member!.id, true))!;
        expect(rest).to.deep.equal({ person: p, tree: { ...tree, role: 'viewer' } });
        expect(profile).to.deep.equal(p === deleted ? null : await storage().persons.profile(p.id));
        expect((await read(p.id, stranger!.id, true))?.tree.role).to.equal(null);
      }
      // A member by role on the members' API; nobody on the public surface; the rule for everyone else.
      expect(await shown(living.id, member!.id, true)).to.equal(true);
      expect(await shown(living.id, member!.id, false)).to.equal(false);
      expect(await shown(living.id, stranger!.id, true)).to.equal(false);
      expect(await shown(living.id, null, false)).to.equal(false);
      expect(await shown(dead.id, stranger!.id, true)).to.equal(true);
      expect(await shown(dead.id, null, false)).to.equal(true);
      expect(await shown(hidden.id, member!.id, true)).to.equal(true);
      expect(await shown(hidden.id, stranger!.id, true)).to.equal(false);
      expect(await shown(deleted.id, null, false)).to.equal(false);
      expect((await read(dead.id, null, false))?.profile?.names.map((n) => n.personId)).to.deep.equal([dead.id]);
      expect(await read(newId(), member!.id, true)).to.equal(null);
      // A page (search, batch): the live persons of the tree among the ids, in id order, with the profile by the same rule.
      const page = await storage().persons.readMany(t.id, [deleted.id, hidden.id, living.id, dead.id, newId()], memberAudience);
      expect(page.map((r) => r.person.id)).to.deep.equal([living.id, dead.id, hidden.id].sort());
      for (const r of page) expect(r.profile).to.deep.equal(await storage().persons.profile(r.person.id));
      const asStranger = await storage().persons.readMany(t.id, [living.id, dead.id, hidden.id], nonMemberAt(now));
      expect(Object.fromEntries(asStranger.map((r) => [r.person.id, r.profile !== null]))).to.deep.equal({ [living.id]: false, [dead.id]: true, [hidden.id]: false });
      expect(await storage().persons.readMany((await givenTree(storage())).id, [dead.id], memberAudience)).to.deep.equal([]);
      expect(await storage().persons.readMany(t.id, [], memberAudience)).to.deep.equal([]);
    });
  });
