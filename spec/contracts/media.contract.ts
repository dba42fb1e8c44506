import { expect } from 'chai';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { Media } from '../../core/media/model.js';
import { mediaStorageKey } from '../../core/media/model.js';
import {
  aCitation, aName, anEvent, aPerson, aRelationship, aSource, at, givenPerson, givenSource, givenTree, ids, withStorage, type MakeStorage,
} from './fixtures.js';

export const aMedia = (treeId: Id, over: Partial<Media> = {}): Media => {
  const id = over.id ?? newId();
  return {
    id, treeId, title: 'Wedding photo', fileName: 'wedding.jpg', contentType: 'image/jpeg', size: 123456, checksum: 'ab'.repeat(32),
    target: null, storageKey: mediaStorageKey(treeId, id), filePath: '', form: '', createdBy: null,
    createdAt: at('2025-03-01T10:00:00.123Z'), updatedAt: at('2025-03-01T10:00:00.123Z'), deletedAt: null, deletionId: null, ...over,
  };
};

export const mediaContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`MediaRepository, BlobRemovalQueue and BulkRecordWriter contract (${name})`, () => {
    const storage = withStorage(make);

    it('inserts and reads back every field; byId of a missing id is null', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const m = aMedia(t.id, { target: { kind: 'person', id: p.id }, size: 5_000_000_000 });
      await storage().media.insert(m);
      expect(await storage().media.byId(m.id)).to.deep.equal(m);
      expect(await storage().media.byId(newId())).to.equal(null);
    });

    it('keeps a record without bytes (no storage key, its GEDCOM path and format); fillFile gives it its file once (issue 28)', async () => {
      const t = await givenTree(storage());
      const m = aMedia(t.id, { storageKey: null, size: 0, checksum: '', contentType: '', fileName: '', filePath: 'scans/Ann Lee.jpg', form: 'jpg' });
      await storage().media.insert(m);
      expect(await storage().media.byId(m.id)).to.deep.equal(m);
      const filled = { ...m, storageKey: mediaStorageKey(t.id, m.id), size: 3, checksum: 'cd'.repeat(32), contentType: 'image/jpeg', fileName: 'ann.jpg', title: 'ignored', updatedAt: at('2025-05-01T00:00:00.000Z') };
      expect(await storage().media.fillFile(filled)).to.equal(true);
      expect(await storage().media.byId(m.id)).to.deep.equal({ ...filled, title: m.title });
      expect(await storage().media.fillFile({ ...filled, checksum: 'ef'.repeat(32) })).to.equal(false);
      expect((await storage().media.byId(m.id))!.checksum).to.equal('cd'.repeat(32));
      expect(await storage().media.fillFile({ ...filled, id: newId() })).to.equal(false);
    });

    it('update changes title, target, updatedAt and the deletion stamp only', async () => {
      const t = await givenTree(storage());
      const s = await givenSource(storage(), t.id);
      const m = aMedia(t.id);
      await storage().media.insert(m);
      const next = { ...m, title: 'Renamed', target: { kind: 'source' as const, id: s.id }, updatedAt: at('2025-04-01T00:00:00.000Z'), deletedAt: at('2025-04-02T00:00:00.000Z'), deletionId: newId(), size: 1, contentType: 'x/y' };
      await storage().media.update(next);
      expect(await storage().media.byId(m.id)).to.deep.equal({ ...next, size: m.size, contentType: m.contentType });
    });

    it('lists live items of the tree by id, the deleted ones with deleted=true, and pages with after and limit', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const rows = [aMedia(t.id), aMedia(t.id), aMedia(t.id), aMedia(t.id, { deletedAt: at('2025-05-01T00:00:00.000Z'), deletionId: newId() }), aMedia(other.id)];
      for (const r of rows) await storage().media.insert(r);
      const live = ids(rows.slice(0, 3)).sort();
      expect(ids(await storage().media.listByTree(t.id, {}))).to.deep.equal(live);
      expect(ids(await storage().media.listByTree(t.id, { deleted: true }))).to.deep.equal([rows[3]!.id]);
      expect(ids(await storage().media.listByTree(t.id, { after: live[0]!, limit: 1 }))).to.deep.equal([live[1]]);
    });

    it('queues removal keys once each, hands them out oldest first, and forgets those done', async () => {
      const q = storage().blobRemovals;
      await q.enqueue(['media/a/1', 'media/a/2']);
      await q.enqueue(['media/a/2', 'media/a/3']);
      expect(await q.next(10)).to.deep.equal(['media/a/1', 'media/a/2', 'media/a/3']);
      expect(await q.next(2)).to.deep.equal(['media/a/1', 'media/a/2']);
      await q.done(['media/a/1', 'media/a/3', 'media/unknown']);
      expect(await q.next(10)).to.deep.equal(['media/a/2']);
    });

    it('purge removes media deleted before the cutoff and queues its key; later ones stay', async () => {
      const t = await givenTree(storage());
      const gone = aMedia(t.id, { deletedAt: at('2025-03-31T00:00:00.000Z'), deletionId: newId() });
      const kept = aMedia(t.id, { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() });
      const live = aMedia(t.id);
      for (const m of [gone, kept, live]) await storage().media.insert(m);
      const counts = await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'));
      expect(counts.media).to.equal(1);
      expect(await storage().media.byId(gone.id)).to.equal(null);
      expect(await storage().media.byId(kept.id)).to.not.equal(null);
      expect(await storage().blobRemovals.next(10)).to.deep.equal([gone.storageKey]);
    });

    it('a record without bytes goes with the purge (its own, or its tree\'s) and queues no object (issue 28)', async () => {
      const t = await givenTree(storage());
      const blank = { storageKey: null, size: 0, checksum: '', contentType: '', filePath: 'a.jpg', form: 'jpg' };
      const gone = aMedia(t.id, { ...blank, deletedAt: at('2025-03-31T00:00:00.000Z'), deletionId: newId() });
      await storage().media.insert(gone);
      expect((await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'))).media).to.equal(1);
      expect(await storage().media.byId(gone.id)).to.equal(null);
      const other = await givenTree(storage());
      const inTree = aMedia(other.id, blank);
      await storage().media.insert(inTree);
      await storage().trees.purge(other.id);
      expect(await storage().media.byId(inTree.id)).to.equal(null);
      expect(await storage().blobRemovals.next(10)).to.deep.equal([]);
    });

    it('rows that share one object (one GEDZIP import linking a file twice): the object is queued with the last row that names it', async () => {
      const t = await givenTree(storage());
      const first = aMedia(t.id, { deletedAt: at('2025-03-01T00:00:00.000Z'), deletionId: newId() });
      const second = aMedia(t.id, { storageKey: first.storageKey });
      for (const m of [first, second]) await storage().media.insert(m);
      expect((await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'))).media).to.equal(1);
      expect(await storage().blobRemovals.next(10), 'the other row still names it').to.deep.equal([]);
      await storage().media.update({ ...second, deletedAt: at('2025-03-02T00:00:00.000Z'), deletionId: newId() });
      const third = aMedia(t.id, { deletedAt: at('2025-03-02T00:00:00.000Z'), deletionId: newId() });
      const fourth = aMedia(t.id, { storageKey: third.storageKey, deletedAt: at('2025-03-02T00:00:00.000Z'), deletionId: newId() });
      for (const m of [third, fourth]) await storage().media.insert(m);
      expect((await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'))).media).to.equal(3);
      expect([...(await storage().blobRemovals.next(10))].sort(), 'each object once, with its last row').to.deep.equal([first.storageKey, third.storageKey].sort());
    });

    it('a purged person, event or source detaches its media instead of removing it', async () => {
      const t = await givenTree(storage());
      const old = { deletedAt: at('2025-03-01T00:00:00.000Z'), deletionId: newId() };
      const p = await givenPerson(storage(), t.id, old);
      const e = anEvent(t.id, { personId: (await givenPerson(storage(), t.id)).id }, old);
      await storage().events.insert(e);
      const s = await givenSource(storage(), t.id, old);
      const onPerson = aMedia(t.id, { target: { kind: 'person', id: p.id } });
      const onEvent = aMedia(t.id, { target: { kind: 'event', id: e.id } });
      const onSource = aMedia(t.id, { target: { kind: 'source', id: s.id } });
      for (const m of [onPerson, onEvent, onSource]) await storage().media.insert(m);
      await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'));
      for (const m of [onPerson, onEvent, onSource]) expect((await storage().media.byId(m.id))?.target, m.title).to.equal(null);
      expect(await storage().blobRemovals.next(10)).to.deep.equal([]);
    });

    it('a purged tree takes its media rows and queues every key, deleted items included', async () => {
      const t = await givenTree(storage(), { deletedAt: at('2025-03-01T00:00:00.000Z') });
      const a = aMedia(t.id);
      const b = aMedia(t.id, { deletedAt: at('2025-03-01T00:00:00.000Z'), deletionId: newId() });
      for (const m of [a, b]) await storage().media.insert(m);
      await storage().purges.purgeDeletedBefore(at('2025-04-01T00:00:00.000Z'));
      expect(await storage().media.byId(a.id)).to.equal(null);
      expect([...(await storage().blobRemovals.next(10))].sort()).to.deep.equal([a.storageKey, b.storageKey].sort());
    });

    it('trees.purge queues the keys of the tree media and removes the rows', async () => {
      const t = await givenTree(storage());
      const m = aMedia(t.id);
      await storage().media.insert(m);
      await storage().trees.purge(t.id);
      expect(await storage().media.byId(m.id)).to.equal(null);
      expect(await storage().blobRemovals.next(10)).to.deep.equal([m.storageKey]);
    });

    it('bulk insertAll writes every kind so that the repositories read back the same rows', async () => {
      const t = await givenTree(storage());
      const p = aPerson(t.id);
      const q = aPerson(t.id);
      const n = aName(p);
      const place = { id: newId(), treeId: t.id, name: ' Łódź ', latitude: 51.7592, longitude: 19.456 };
      const r = aRelationship(t.id, 'partnership', p.id, q.id);
      const e = anEvent(t.id, { partnershipId: r.id }, { placeId: place.id, date: { qualifier: 'about', calendar: 'julian', dualYear: true, year: 1700, text: 'a phrase' } });
      const s = aSource(t.id);
      const c = aCitation(t.id, s.id, { kind: 'event', id: e.id });
      await storage().bulk.insertAll({ persons: [p, q], names: [n], places: [place], relationships: [r], events: [e], sources: [s], citations: [c] });
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
      expect(await storage().names.byId(n.id)).to.deep.equal(n);
      expect(await storage().places.listByTree(t.id)).to.deep.equal([{ ...place, name: 'Łódź' }]);
      expect(await storage().relationships.byId(r.id)).to.deep.equal(r);
      expect(await storage().events.byId(e.id)).to.deep.equal(e);
      expect(await storage().sources.byId(s.id)).to.deep.equal(s);
      expect(await storage().citations.byId(c.id)).to.deep.equal(c);
    });

    it('bulk insertAll fails whole on an id that exists or a place name the tree has', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      let failed = false;
      try {
        await storage().uow.run(async (tx) => {
          await tx.bulk.insertAll({ persons: [aPerson(t.id), p], names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
          return { _tag: 'Right', right: undefined } as const;
        });
      } catch {
        failed = true;
      }
      expect(failed).to.equal(true);
      expect(ids(await storage().persons.listByTree(t.id, {}))).to.deep.equal([p.id]);
      await storage().places.ensure(t.id, 'York', newId());
      let placeFailed = false;
      try {
        await storage().bulk.insertAll({ persons: [], names: [], places: [{ id: newId(), treeId: t.id, name: 'YORK ', latitude: null, longitude: null }], relationships: [], events: [], sources: [], citations: [] });
      } catch {
        placeFailed = true;
      }
      expect(placeFailed).to.equal(true);
    });

    it('with deferChecks a batch may point at rows of a later batch; verify refuses a reference to no row, and names stay searchable', async () => {
      const t = await givenTree(storage());
      const p = aPerson(t.id);
      const q = aPerson(t.id);
      const n = { ...aName(p), givenName: 'Zebulon', surname: 'Quackenbush' };
      const r = aRelationship(t.id, 'partnership', p.id, q.id);
      // The name and the edge come first, their persons in a later batch.
      await storage().uow.run(async (tx) => {
        await tx.bulk.insertAll({ persons: [], names: [n], places: [], relationships: [r], events: [], sources: [], citations: [] }, { deferChecks: true });
        await tx.bulk.insertAll({ persons: [p, q], names: [], places: [], relationships: [], events: [], sources: [], citations: [] }, { deferChecks: true });
        await tx.bulk.verify();
        return { _tag: 'Right', right: undefined } as const;
      });
      expect(await storage().relationships.byId(r.id)).to.deep.equal(r);
      expect((await storage().names.search(t.id, 'quackenbush', 0.3, { limit: 5 })).map((x) => x.personId)).to.deep.equal([p.id]);

      const orphan = { ...aName(aPerson(t.id)), givenName: 'Nobody' };
      let refused = false;
      try {
        await storage().uow.run(async (tx) => {
          await tx.bulk.insertAll({ persons: [], names: [orphan], places: [], relationships: [], events: [], sources: [], citations: [] }, { deferChecks: true });
          await tx.bulk.verify();
          return { _tag: 'Right', right: undefined } as const;
        });
      } catch {
        refused = true;
      }
      expect(refused).to.equal(true);
      expect(await storage().names.byId(orphan.id)).to.equal(null);
    });
  });
