import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { Dismissal } from '../../core/duplicates/model.js';
import {
  aCitation, aName, anEvent, aPerson, aRelationship, aSource, at, givenEdge, givenPerson, givenSource, givenTree, ids, sortedIds, withStorage, type MakeStorage,
} from './fixtures.js';
import type { ArchiveImport } from '../../core/accounts/archive.js';
import { aMedia } from './media.contract.js';

const gone = () => ({ deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() });

export const accountArchiveReadsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`AccountArchiveReads contract (${name})`, () => {
    const storage = withStorage(make);

    it('names: live names of live persons of the tree, by id, in keyset chunks', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone());
      const [a, b, c, d, e] = sortedIds(5);
      await storage().names.insert(aName(p, { id: c! }));
      await storage().names.insert(aName(p, { id: a! }));
      await storage().names.insert(aName(p, { id: b!, ...gone() }));
      await storage().names.insert(aName(dead, { id: d! }));
      await storage().names.insert(aName(await givenPerson(storage(), other.id), { id: e! }));
      expect(ids(await storage().archive.names(t.id, null, 10))).to.deep.equal([a, c]);
      expect(ids(await storage().archive.names(t.id, null, 1))).to.deep.equal([a]);
      expect(ids(await storage().archive.names(t.id, a!, 10))).to.deep.equal([c]);
      expect(await storage().archive.names(t.id, c!, 10)).to.deep.equal([]);
    });

    it('events: live events of a live person or of a live partnership, whole, by id', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone());
      const couple = await givenEdge(storage(), t.id, 'partnership', p.id, q.id);
      const split = await givenEdge(storage(), t.id, 'partnership', q.id, dead.id, gone());
      const kept = [
        anEvent(t.id, { personId: p.id }, { type: 'birth', date: { qualifier: 'about', year: 1900, calendar: 'julian' }, notes: 'n', detail: 'd' }),
        anEvent(t.id, { partnershipId: couple.id }, { type: 'marriage' }),
      ];
      for (const e of [...kept, anEvent(t.id, { personId: dead.id }), anEvent(t.id, { partnershipId: split.id }), anEvent(t.id, { personId: p.id }, gone())]) await storage().events.insert(e);
      const sorted = [...kept].sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(await storage().archive.events(t.id, null, 10)).to.deep.equal(sorted);
      expect(ids(await storage().archive.events(t.id, sorted[0]!.id, 10))).to.deep.equal([sorted[1]!.id]);
    });

    it('places: every place of the tree by id, in chunks', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [a, b, c] = sortedIds(3);
      await storage().places.ensure(t.id, 'Oslo', b!);
      await storage().places.ensure(t.id, 'Bergen', a!);
      await storage().places.ensure(other.id, 'Oslo', c!);
      expect(await storage().archive.places(t.id, null, 10)).to.deep.equal([{ id: a, treeId: t.id, name: 'Bergen', latitude: null, longitude: null }, { id: b, treeId: t.id, name: 'Oslo', latitude: null, longitude: null }]);
      expect(ids(await storage().archive.places(t.id, a!, 1))).to.deep.equal([b]);
    });

    it('citations: live ones whose source is live and whose target is reachable, of every target kind', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone());
      const s = await givenSource(storage(), t.id);
      const lost = await givenSource(storage(), t.id, gone());
      const name = aName(p);
      const deadName = aName(dead);
      const edge = await givenEdge(storage(), t.id, 'parent_child', p.id, q.id);
      const cut = await givenEdge(storage(), t.id, 'partnership', p.id, q.id, gone());
      const event = anEvent(t.id, { personId: q.id });
      const deadEvent = anEvent(t.id, { personId: dead.id });
      for (const n of [name, deadName]) await storage().names.insert(n);
      for (const e of [event, deadEvent]) await storage().events.insert(e);
      const kept = [
        aCitation(t.id, s.id, { kind: 'person', id: p.id }, { page: 'p', confidence: 2 }),
        aCitation(t.id, s.id, { kind: 'name', id: name.id }),
        aCitation(t.id, s.id, { kind: 'event', id: event.id }),
        aCitation(t.id, s.id, { kind: 'relationship', id: edge.id }),
      ];
      const dropped = [
        aCitation(t.id, s.id, { kind: 'person', id: dead.id }),
        aCitation(t.id, s.id, { kind: 'name', id: deadName.id }),
        aCitation(t.id, s.id, { kind: 'event', id: deadEvent.id }),
        aCitation(t.id, s.id, { kind: 'relationship', id: cut.id }),
        aCitation(t.id, lost.id, { kind: 'person', id: p.id }),
        aCitation(t.id, s.id, { kind: 'person', id: p.id }, gone()),
      ];
      for (const c of [...kept, ...dropped]) await storage().citations.insert(c);
      const sorted = [...kept].sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(await storage().archive.citations(t.id, null, 10)).to.deep.equal(sorted);
      expect(ids(await storage().archive.citations(t.id, sorted[1]!.id, 2))).to.deep.equal(ids(sorted.slice(2, 4)));
    });

    it('media: live items by id; a target that is not live reads as null', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const dead = await givenPerson(storage(), t.id, gone());
      const s = await givenSource(storage(), t.id, gone());
      const [a, b, c, d] = sortedIds(4);
      const onLive = aMedia(t.id, { id: a!, target: { kind: 'person', id: p.id } });
      const onDead = aMedia(t.id, { id: b!, target: { kind: 'person', id: dead.id } });
      const onLostSource = aMedia(t.id, { id: c!, target: { kind: 'source', id: s.id } });
      for (const m of [onLive, onDead, onLostSource, aMedia(t.id, { id: d!, ...gone() })]) await storage().media.insert(m);
      expect(await storage().archive.media(t.id, null, 10)).to.deep.equal([onLive, { ...onDead, target: null }, { ...onLostSource, target: null }]);
      expect(ids(await storage().archive.media(t.id, a!, 1))).to.deep.equal([b]);
    });

    it('dismissals: pairs of two live persons of the tree, whole, by id; a pair with a deleted person is left out', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [p, q, r] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const dead = await givenPerson(storage(), t.id, gone());
      const [x, y] = [await givenPerson(storage(), other.id), await givenPerson(storage(), other.id)];
      const [a, b, c, d] = sortedIds(4);
      const pair = (id: string, m: string, n: string, by: string | null = null): Dismissal =>
        ({ id, treeId: t.id, personAId: m < n ? m : n, personBId: m < n ? n : m, dismissedBy: by, createdAt: at('2025-05-01T00:00:00.000Z') });
      const kept = [pair(c!, p.id, q.id, newId()), pair(a!, q.id, r.id)];
      for (const k of [...kept, pair(b!, p.id, dead.id), { ...pair(d!, x.id, y.id), treeId: other.id }]) expect(await storage().duplicates.dismiss(k)).to.equal(true);
      expect(await storage().archive.dismissals(t.id, null, 10)).to.deep.equal([kept[1], kept[0]]);
      expect(await storage().archive.dismissals(t.id, null, 1)).to.deep.equal([kept[1]]);
      expect(ids(await storage().archive.dismissals(t.id, a!, 10))).to.deep.equal([c]);
      expect(await storage().archive.dismissals(t.id, c!, 10)).to.deep.equal([]);
    });

    const KEPT = '[["",["RIN","101",0,[]]],["PLAC#0",["_PLACE_ID","P-77",0,[]]]]';

    it('names, events and citations come with the GEDCOM lines their import kept; keptLines gives those of persons, edges and sources', async () => {
      const t = await givenTree(storage());
      const p = aPerson(t.id, { gedcomExtra: KEPT });
      const q = aPerson(t.id);
      const edge = aRelationship(t.id, 'partnership', p.id, q.id, { gedcomExtra: '[["",["_MARR","Y",0,[]]]]' });
      const s = aSource(t.id, { gedcomExtra: '[["",["_MASTER","12",0,[]]]]' });
      const name = aName(p, { gedcomExtra: '[["",["_PREF","Y",0,[]]]]' });
      const event = anEvent(t.id, { personId: p.id }, { gedcomExtra: KEPT });
      const citation = aCitation(t.id, s.id, { kind: 'person', id: p.id }, { gedcomExtra: '[["",["_APID","1",0,[]]]]' });
      await storage().bulk.insertAll({ persons: [p, q], names: [name], places: [], relationships: [edge], events: [event], sources: [s], citations: [citation] });
      expect(await storage().archive.names(t.id, null, 10)).to.deep.equal([name]);
      expect(await storage().archive.events(t.id, null, 10)).to.deep.equal([event]);
      expect(await storage().archive.citations(t.id, null, 10)).to.deep.equal([citation]);
      expect(await storage().archive.keptLines('person', [p.id, q.id, newId()])).to.deep.equal(new Map([[p.id, KEPT]]));
      expect(await storage().archive.keptLines('relationship', [edge.id])).to.deep.equal(new Map([[edge.id, edge.gedcomExtra]]));
      expect(await storage().archive.keptLines('source', [s.id])).to.deep.equal(new Map([[s.id, s.gedcomExtra]]));
      expect(await storage().archive.keptLines('person', [])).to.deep.equal(new Map());
    });

    it('imports: those of the tree not undone that kept records, whole, by id; restoreImport writes one whose undo changes no row', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const [a, b, c, d, e] = sortedIds(5);
      const kept = { records: [{ xref: '@XABCDEF_E1@', node: ['_EVENT_DEFN', null, 0, [['_REF', `@#I${p.id}@`, 1, []]]] as const }], tags: ['_EVENT_DEFN', '_REF'] };
      const entry = (id: string, treeId = t.id): ArchiveImport =>
        ({ id, treeId, actorId: null, fileName: 'tree.ged', counts: { persons: { created: 1 } }, createdAt: at('2025-06-01T00:00:00.000Z'), kept });
      await storage().archive.restoreImport(entry(c!));
      await storage().archive.restoreImport(entry(a!));
      await storage().archive.restoreImport(entry(e!, other.id));
      await storage().imports.record({ id: b!, treeId: t.id, actorId: null, fileName: 'none.ged', counts: {}, createdAt: at('2025-06-02T00:00:00.000Z'), undoneAt: null });
      await storage().archive.restoreImport(entry(d!));
      await storage().imports.markUndone(d!, at('2025-06-03T00:00:00.000Z'));
      expect(await storage().archive.imports(t.id, null, 10)).to.deep.equal([entry(a!), entry(c!)]);
      expect(await storage().archive.imports(t.id, null, 1)).to.deep.equal([entry(a!)]);
      expect(ids(await storage().archive.imports(t.id, a!, 10))).to.deep.equal([c]);
      expect((await storage().imports.byId(a!))?.undoneAt).to.equal(null);
      expect(await storage().history.deleteCreatedBy(a!, { force: true, at: at('2025-06-04T00:00:00.000Z'), deletionId: newId() })).to.deep.include({ left: [] });
      expect(await storage().history.otherChangesOf(a!)).to.deep.equal([]);
      expect((await storage().persons.byId(p.id))?.deletedAt).to.equal(null);
      let failed = false;
      await storage().archive.restoreImport(entry(a!)).catch(() => (failed = true));
      expect(failed, 'an id that exists fails').to.equal(true);
    });
  });
