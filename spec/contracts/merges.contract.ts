import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { PersonMerge } from '../../core/merge/model.js';
import { aMedia } from './media.contract.js';
import { ok } from '../../core/kernel/either.js';
import { aCitation, aName, anEvent, aPerson, at, givenPerson, givenSource, givenTree, givenUsers, ids, sleep, withStorage, type MakeStorage } from './fixtures.js';

const when = at('2025-04-01T12:34:56.789Z');

export const mergesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`MergeStore contract (${name})`, () => {
    const storage = withStorage(make);

    it('stores a merge and reads it back by its deletion id; an unknown id is null', async () => {
      const t = await givenTree(storage());
      const [k, o] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const merge: PersonMerge = {
        id: newId(), treeId: t.id, keptId: k.id, otherId: o.id, createdAt: when,
        moved: {
          names: [{ id: newId(), isPrimary: true }], events: [newId()], partnershipEvents: [{ id: newId(), from: newId(), to: newId() }],
          relationships: [{ id: newId(), personAId: o.id, personBId: newId() }],
          citations: [{ id: newId(), from: { kind: 'person', id: o.id }, to: { kind: 'person', id: k.id } }], media: [],
          notesAppended: '\n\nnotes', filled: { sex: 'female' }, privacyBefore: 'default', identifiersAdded: [{ kind: 'refn', value: '7', type: null }],
          keptLinesAppended: '[["",["RIN","7",0,[]]]]',
        },
      };
      await storage().merges.insert(merge);
      expect(await storage().merges.byId(merge.id)).to.deep.equal(merge);
      expect(await storage().merges.byId(newId())).to.equal(null);
    });

    it('finds the live citations and media of the tree aimed at the given targets, by id; deleted, other-tree and other-kind ones are left out', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const name = aName(p);
      await storage().names.insert(name);
      const event = anEvent(t.id, { personId: p.id });
      await storage().events.insert(event);
      const src = await givenSource(storage(), t.id);
      const onPerson = aCitation(t.id, src.id, { kind: 'person', id: p.id });
      const onName = aCitation(t.id, src.id, { kind: 'name', id: name.id });
      const deleted = aCitation(t.id, src.id, { kind: 'person', id: p.id }, { deletedAt: when, deletionId: newId() });
      for (const c of [onPerson, onName, deleted]) await storage().citations.insert(c);
      const asked = [{ kind: 'person' as const, id: p.id }, { kind: 'name' as const, id: name.id }];
      expect(ids(await storage().merges.citationsTargeting(t.id, asked))).to.deep.equal([onPerson.id, onName.id].sort());
      expect(ids(await storage().merges.citationsTargeting(t.id, [{ kind: 'event', id: name.id }]))).to.deep.equal([]);
      expect(await storage().merges.citationsTargeting(other.id, asked)).to.deep.equal([]);
      expect(await storage().merges.citationsTargeting(t.id, [])).to.deep.equal([]);

      const mPerson = aMedia(t.id, { target: { kind: 'person', id: p.id } });
      const mEvent = aMedia(t.id, { target: { kind: 'event', id: event.id } });
      const mDeleted = aMedia(t.id, { target: { kind: 'person', id: p.id }, deletedAt: when, deletionId: newId() });
      const mLoose = aMedia(t.id, { target: null });
      for (const m of [mPerson, mEvent, mDeleted, mLoose]) await storage().media.insert(m);
      const found = await storage().merges.mediaTargeting(t.id, [{ kind: 'person', id: p.id }, { kind: 'event', id: event.id }]);
      expect(ids(found)).to.deep.equal([mPerson.id, mEvent.id].sort());
      expect(found.find((m) => m.id === mPerson.id)).to.deep.equal(mPerson);
      expect(await storage().merges.mediaTargeting(other.id, [{ kind: 'person', id: p.id }])).to.deep.equal([]);
      expect(await storage().merges.mediaTargeting(t.id, [])).to.deep.equal([]);
    });

    it('moves names to another person with the given primary flag; other names and unknown ids are left alone', async () => {
      const t = await givenTree(storage());
      const [a, b] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const [moved, stays] = [aName(a, { isPrimary: true }), aName(a, { isPrimary: false, givenName: 'Hans' })];
      for (const n of [moved, stays]) await storage().names.insert(n);
      await storage().merges.moveNames([{ id: moved.id, personId: b.id, isPrimary: false }, { id: newId(), personId: b.id, isPrimary: true }]);
      expect(await storage().names.byId(moved.id)).to.deep.equal({ ...moved, personId: b.id, isPrimary: false });
      expect(await storage().names.byId(stays.id)).to.deep.equal(stays);
      await storage().merges.moveNames([]);
    });

    it('a person lock holds until the unit of work ends: a second one locking that person waits for it; unknown ids are ignored', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const order: string[] = [];
      let release = (): void => undefined;
      const held = new Promise<void>((r) => (release = r));
      let locked = (): void => undefined;
      const isLocked = new Promise<void>((r) => (locked = r));
      const first = storage().uow.run(async (tx) => {
        await tx.merges.lockPersons([p.id, newId()]);
        locked();
        await held;
        order.push('first');
        return ok(undefined);
      });
      await isLocked;
      const second = storage().uow.run(async (tx) => {
        await tx.merges.lockPersons([p.id]);
        order.push('second');
        return ok(undefined);
      });
      await sleep(100);
      release();
      await Promise.all([first, second]);
      expect(order).to.deep.equal(['first', 'second']);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
      await storage().merges.lockPersons([]);
    });

    it('moves self and home pointers from one person to another and leaves other pointers alone', async () => {
      const [u1, u2] = await givenUsers(storage(), 2);
      const t = await givenTree(storage());
      const [from, to, third] = [await givenPerson(storage(), t.id), await givenPerson(storage(), t.id), await givenPerson(storage(), t.id)];
      const home = await givenTree(storage(), { homePersonId: from.id });
      const elsewhere = await givenTree(storage(), { homePersonId: third.id });
      await storage().users.update({ ...u1!, selfPersonId: from.id });
      await storage().users.update({ ...u2!, selfPersonId: third.id });
      await storage().merges.movePointers(from.id, to.id);
      expect((await storage().users.byId(u1!.id))?.selfPersonId).to.equal(to.id);
      expect((await storage().users.byId(u2!.id))?.selfPersonId).to.equal(third.id);
      expect((await storage().trees.byId(home.id))?.homePersonId).to.equal(to.id);
      expect((await storage().trees.byId(elsewhere.id))?.homePersonId).to.equal(third.id);
    });

    it('keptLines reads persons\' GEDCOM kept lines whatever their deletion; setKeptLines sets them and nothing else', async () => {
      const t = await givenTree(storage());
      const text = '[["",["RIN","101",0,[]]],["FAMC#0",["_STATUS","x",0,[]]]]';
      const p = aPerson(t.id, { gedcomExtra: text, notes: 'kept' });
      const gone = aPerson(t.id, { gedcomExtra: '[["",["_X","y",0,[]]]]', deletedAt: when, deletionId: newId() });
      const bare = aPerson(t.id);
      await storage().bulk.insertAll({ persons: [p, gone, bare], names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
      expect(await storage().merges.keptLines([p.id, gone.id, bare.id, newId()])).to.deep.equal(new Map([[p.id, text], [gone.id, gone.gedcomExtra]]));
      expect(await storage().merges.keptLines([])).to.deep.equal(new Map());
      await storage().merges.setKeptLines(bare.id, text);
      await storage().merges.setKeptLines(p.id, null);
      await storage().merges.setKeptLines(newId(), text);
      expect(await storage().merges.keptLines([p.id, bare.id])).to.deep.equal(new Map([[bare.id, text]]));
      const { gedcomExtra: _k, ...row } = p;
      const after = await storage().persons.byId(p.id);
      expect(after && { ...after, gedcomExtra: undefined }).to.deep.include({ ...row, gedcomExtra: undefined });
    });
  });
