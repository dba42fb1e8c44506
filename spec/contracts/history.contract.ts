import { expect } from 'chai';
import { ok } from '../../core/kernel/either.js';
import { newId } from '../../core/kernel/ids.js';
import { aName, anAuditEntry, anEvent, aPerson, aRelationship, at, givenTree, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

// History is recorded by the storage on every write of a unit of work (postgres: triggers; memory:
// at the commit), named alike by both, with the actor and origin of the unit's audit entries.

export const historyContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`HistoryStore and ImportLog contract (${name})`, () => {
    const storage = withStorage(make);

    it('records a creation, an update and a deletion with the fields as both adapters name them, and the actor and origin of the unit of work', async () => {
      const t = await givenTree(storage());
      const [u] = await givenUsers(storage(), 1);
      const p = aPerson(t.id, { notes: 'first', sex: 'female' });
      const n = aName(p, { givenName: 'Ada', surname: 'Byron' });
      await storage().uow.run(async (tx) => {
        await tx.persons.insert(p);
        await tx.names.insert(n);
        await tx.audit.record(anAuditEntry(t.id, { actorId: u!.id, action: 'person.create', entityId: p.id }));
        return ok(undefined);
      });
      await storage().uow.run(async (tx) => {
        await tx.names.updateMany([{ ...n, surname: 'King' }]);
        await tx.audit.record(anAuditEntry(t.id, { actorId: u!.id, action: 'cleanup.apply', entityId: t.id }));
        return ok(undefined);
      });
      const h = await storage().history.forRecord('person', p.id, { limit: 10 });
      expect(h.map((c) => [c.recordType, c.action, c.origin])).to.deep.equal([['name', 'update', 'cleanup'], ['name', 'create', 'api'], ['person', 'create', 'api']]);
      expect(h[0]!.changes).to.deep.equal([{ field: 'surname', before: 'Byron', after: 'King' }]);
      expect(h[0]!.actor).to.deep.equal({ id: u!.id, display: u!.email });
      const created = h.find((c) => c.recordType === 'person')!;
      expect(created.changes).to.deep.equal([
        { field: 'notes', before: null, after: 'first' }, { field: 'privacy', before: null, after: 'default' }, { field: 'sex', before: null, after: 'female' },
      ]);
      expect(await storage().history.change(h[0]!.id, t.id)).to.deep.equal(h[0]);
      expect(await storage().history.change(newId(), t.id)).to.equal(null);
    });

    it('states a record (deleted too), writes fields back and marks it deleted or live', async () => {
      const t = await givenTree(storage());
      const p = aPerson(t.id, { notes: 'n' });
      await storage().uow.run(async (tx) => {
        await tx.persons.insert(p);
        return ok(undefined);
      });
      expect((await storage().history.state('person', p.id))).to.deep.include({ treeId: t.id, persons: [p.id], deletedAt: null });
      expect((await storage().history.state('person', p.id))!.fields['notes']).to.equal('n');
      expect(await storage().history.state('name', p.id)).to.equal(null);
      await storage().uow.run(async (tx) => {
        await tx.history.writeFields('person', p.id, { notes: 'back', sex: 'male' });
        await tx.history.setDeleted('person', p.id, { at: at('2025-05-01T00:00:00.000Z'), id: newId() });
        return ok(undefined);
      });
      const after = (await storage().history.state('person', p.id))!;
      expect([after.fields['notes'], after.fields['sex'], after.deletedAt?.toISOString()]).to.deep.equal(['back', 'male', '2025-05-01T00:00:00.000Z']);
      const [last] = await storage().history.forRecord('person', p.id, { limit: 1 });
      expect(last!.action).to.equal('delete');
      let refused = false;
      await storage().uow.run(async (tx) => {
        await tx.history.writeFields('person', p.id, { no_such_field: 1 }).catch(() => (refused = true));
        return ok(undefined);
      });
      expect(refused).to.equal(true);
    });

    it('records a bulk write\'s creations without fields, before the changes after it, and reads them by record, person, tree, id and import', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const earlier = aPerson(t.id, { notes: 'earlier' });
      await storage().uow.run(async (tx) => {
        await tx.persons.insert(earlier);
        return ok(undefined);
      });
      const a = aPerson(t.id);
      const b = aPerson(t.id);
      const name = aName(a, { givenName: 'Ann', surname: 'Lee' });
      const edge = aRelationship(t.id, 'partnership', a.id, b.id);
      const marriage = anEvent(t.id, { partnershipId: edge.id }, { type: 'marriage' });
      const importId = newId();
      await storage().uow.run(async (tx) => {
        await tx.bulk.insertAll({ persons: [a, b], names: [name], places: [], relationships: [edge], events: [marriage], sources: [], citations: [] }, { deferChecks: true, leanHistory: true });
        await tx.bulk.verify();
        await tx.imports.record({ id: importId, treeId: t.id, actorId: null, fileName: 'f.ged', counts: { persons: { created: 2 } }, createdAt: at('2025-05-02T00:00:00.000Z'), undoneAt: null });
        return ok(undefined);
      });
      await storage().uow.run(async (tx) => {
        await tx.persons.updateMany([{ ...a, notes: 'later' }]);
        return ok(undefined);
      });
      const shape = (cs: readonly { recordType: string; recordId: string; action: string; changes: readonly unknown[] }[]) =>
        cs.map((c) => [c.recordType, c.recordId, c.action, c.changes.length]).sort();
      // By person: a's update, then the creations of a, its name, the edge and the marriage (one write).
      const ofA = await storage().history.forRecord('person', a.id, { limit: 10 });
      expect(ofA.map((c) => [c.recordType, c.action])[0]).to.deep.equal(['person', 'update']);
      expect(shape(ofA.slice(1))).to.deep.equal(shape([
        { recordType: 'person', recordId: a.id, action: 'create', changes: [] }, { recordType: 'name', recordId: name.id, action: 'create', changes: [] },
        { recordType: 'relationship', recordId: edge.id, action: 'create', changes: [] }, { recordType: 'event', recordId: marriage.id, action: 'create', changes: [] },
      ]));
      expect(shape(await storage().history.forRecord('person', b.id, { limit: 10 }))).to.deep.equal(shape([
        { recordType: 'person', recordId: b.id, action: 'create', changes: [] },
        { recordType: 'relationship', recordId: edge.id, action: 'create', changes: [] }, { recordType: 'event', recordId: marriage.id, action: 'create', changes: [] },
      ]));
      // Paged: a page ends inside the write and the next goes on from there.
      const firstTwo = await storage().history.forRecord('person', a.id, { limit: 2 });
      const more = await storage().history.forRecord('person', a.id, { limit: 10, before: firstTwo[1]!.seq });
      expect([...firstTwo, ...more].map((c) => c.id)).to.deep.equal(ofA.map((c) => c.id));
      // By record.
      const ofName = await storage().history.forRecord('name', name.id, { limit: 5 });
      expect(ofName.map((c) => [c.recordType, c.recordId, c.action, c.changes])).to.deep.equal([['name', name.id, 'create', []]]);
      // By tree: newest first, after the person written before the import, paged and by kind.
      const all = await storage().history.forTree(t.id, {}, { limit: 20 });
      expect(all.map((c) => c.recordId)).to.have.length(7);
      expect(all[0]!.action).to.equal('update');
      expect(all[6]!.recordId).to.equal(earlier.id);
      const seqs = all.map((c) => BigInt(c.seq));
      expect(seqs, 'newest first').to.deep.equal([...seqs].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)));
      const page1 = await storage().history.forTree(t.id, {}, { limit: 3 });
      const page2 = await storage().history.forTree(t.id, {}, { limit: 10, before: page1[2]!.seq });
      expect([...page1, ...page2].map((c) => c.id)).to.deep.equal(all.map((c) => c.id));
      expect(shape(await storage().history.forTree(t.id, { kind: 'event' }, { limit: 5 }))).to.deep.equal(shape([{ recordType: 'event', recordId: marriage.id, action: 'create', changes: [] }]));
      // By id, in its tree only.
      const created = ofName[0]!;
      expect(await storage().history.change(created.id, t.id)).to.deep.equal(created);
      expect(await storage().history.change(created.id, other.id)).to.equal(null);
      // The import is undone: what it created and no one changed since goes; a is left.
      const undone = await storage().uow.run(async (tx) => ok(await tx.history.deleteCreatedBy(importId, { force: false, at: at('2025-05-03T00:00:00.000Z'), deletionId: newId() })));
      expect(undone._tag === 'Right' && undone.right.left).to.deep.equal([{ kind: 'person', id: a.id }]);
      expect(undone._tag === 'Right' && [undone.right.deleted.person, undone.right.deleted.name, undone.right.deleted.relationship, undone.right.deleted.event], 'b, the name of a, the edge (whose marriage it hides: not deleted)').to.deep.equal([1, 1, 1, 0]);
    });

    it('pages a tree\'s changes newest first, filters them by kind, and ties an import to its unit of work', async () => {
      const t = await givenTree(storage());
      const importId = newId();
      const persons = [aPerson(t.id), aPerson(t.id), aPerson(t.id)];
      await storage().uow.run(async (tx) => {
        for (const p of persons) await tx.persons.insert(p);
        await tx.imports.record({ id: importId, treeId: t.id, actorId: null, fileName: 'f.ged', counts: { persons: { created: 3 } }, createdAt: at('2025-05-02T00:00:00.000Z'), undoneAt: null });
        return ok(undefined);
      });
      const first = await storage().history.forTree(t.id, { kind: 'person' }, { limit: 2 });
      const rest = await storage().history.forTree(t.id, { kind: 'person' }, { limit: 2, before: first[1]!.seq });
      expect([...first, ...rest].map((c) => c.recordId).sort()).to.deep.equal(persons.map((p) => p.id).sort());
      expect(await storage().history.forTree(t.id, { kind: 'source' }, { limit: 5 })).to.deep.equal([]);
      expect((await storage().imports.list(t.id, { limit: 5 })).map((i) => [i.id, i.fileName, i.actorDisplay])).to.deep.equal([[importId, 'f.ged', null]]);
      // Someone changes one of them later: it is left, the others are deleted.
      await storage().uow.run(async (tx) => {
        await tx.persons.updateMany([{ ...persons[0]!, notes: 'later' }]);
        return ok(undefined);
      });
      const undone = await storage().uow.run(async (tx) => ok(await tx.history.deleteCreatedBy(importId, { force: false, at: at('2025-05-03T00:00:00.000Z'), deletionId: newId() })));
      expect(undone._tag === 'Right' && undone.right.deleted.person).to.equal(2);
      expect(undone._tag === 'Right' && undone.right.left).to.deep.equal([{ kind: 'person', id: persons[0]!.id }]);
      await storage().imports.markUndone(importId, at('2025-05-03T00:00:00.000Z'));
      expect((await storage().imports.byId(importId))?.undoneAt?.toISOString()).to.equal('2025-05-03T00:00:00.000Z');
    });
  });
