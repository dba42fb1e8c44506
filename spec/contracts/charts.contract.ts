import { expect } from 'chai';
import type { Storage } from '../../core/stores.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { ChartRead, LineageDirection, LineageStep } from '../../core/charts/ports.js';
import type { EventType } from '../../core/people/model.js';
import { aMembership, aName, anEvent, at, givenEdge, givenPerson, givenTree, givenUsers, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };
const shape = (steps: readonly LineageStep[]) => steps.map((s) => ({ id: s.id, depth: s.depth, next: [...s.next].sort() }));

/** Persons with ascending ids, so "by id" orders are known in advance. */
const people = async (s: Storage, treeId: Id, n: number) => {
  const out = [];
  for (const id of sortedIds(n)) out.push(await givenPerson(s, treeId, { id }));
  return out;
};

const now = at('2026-06-01T00:00:00.000Z');
const vital: readonly EventType[] = ['birth', 'death', 'burial', 'marriage'];

export const chartsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`ChartReads contract (${name})`, () => {
    const storage = withStorage(make);
    /** The steps a non-member reads (persons of aPerson are redacted to them: shown, so the lineage is read). */
    const lineage = async (rootId: Id, direction: LineageDirection, generations: number, limit: number): Promise<readonly LineageStep[]> =>
      (await storage().charts.chart(rootId, null, direction, generations, limit, vital, { byRole: false, now }))?.lineage?.steps ?? [];

    it('lineage up: the root, then parents and grandparents within the generations, by depth then id, with each one\'s parents', async () => {
      const t = await givenTree(storage());
      const [g1, g2, f, m, child] = await people(storage(), t.id, 5);
      await givenEdge(storage(), t.id, 'parent_child', m!.id, child!.id);
      await givenEdge(storage(), t.id, 'parent_child', f!.id, child!.id);
      await givenEdge(storage(), t.id, 'parent_child', g1!.id, f!.id);
      await givenEdge(storage(), t.id, 'parent_child', g2!.id, g1!.id);
      const steps = await lineage(child!.id, 'up', 3, 100);
      expect(shape(steps)).to.deep.equal([
        { id: child!.id, depth: 0, next: [f!.id, m!.id].sort() },
        { id: f!.id, depth: 1, next: [g1!.id] },
        { id: m!.id, depth: 1, next: [] },
        // g2 is the 4th generation: not read; g1's next still names them.
        { id: g1!.id, depth: 2, next: [g2!.id] },
      ]);
      // Redacted to a non-member: the facts the engine decides from, no box.
      expect(steps[0]).to.deep.include({ facts: { privacy: 'default', isLiving: null, hasDeathFact: false, birthYear: null }, box: null });
      expect(shape(await lineage(child!.id, 'up', 1, 100))).to.deep.equal([{ id: child!.id, depth: 0, next: [f!.id, m!.id].sort() }]);
    });

    it('lineage down: children and grandchildren by depth then id', async () => {
      const t = await givenTree(storage());
      const [root, a, b, c] = await people(storage(), t.id, 4);
      await givenEdge(storage(), t.id, 'parent_child', root!.id, b!.id);
      await givenEdge(storage(), t.id, 'parent_child', root!.id, a!.id);
      await givenEdge(storage(), t.id, 'parent_child', a!.id, c!.id);
      expect(shape(await lineage(root!.id, 'down', 10, 100))).to.deep.equal([
        { id: root!.id, depth: 0, next: [a!.id, b!.id] },
        { id: a!.id, depth: 1, next: [c!.id] },
        { id: b!.id, depth: 1, next: [] },
        { id: c!.id, depth: 2, next: [] },
      ]);
    });

    it('lines that rejoin give each person once at the shallowest depth, and a cycle ends', async () => {
      const t = await givenTree(storage());
      const [anc, p1, p2, mid, root] = await people(storage(), t.id, 5);
      // anc is root's parent (depth 1) and, through p1 -> mid, a great-grandparent (depth 3).
      await givenEdge(storage(), t.id, 'parent_child', anc!.id, root!.id);
      await givenEdge(storage(), t.id, 'parent_child', p1!.id, root!.id);
      await givenEdge(storage(), t.id, 'parent_child', mid!.id, p1!.id);
      await givenEdge(storage(), t.id, 'parent_child', anc!.id, mid!.id);
      await givenEdge(storage(), t.id, 'parent_child', p2!.id, mid!.id);
      // Bad data: root is its own great-grandparent's parent.
      await givenEdge(storage(), t.id, 'parent_child', root!.id, anc!.id);
      const steps = await lineage(root!.id, 'up', 10, 100);
      expect(shape(steps)).to.deep.equal([
        { id: root!.id, depth: 0, next: [anc!.id, p1!.id].sort() },
        { id: anc!.id, depth: 1, next: [root!.id] },
        { id: p1!.id, depth: 1, next: [mid!.id] },
        { id: mid!.id, depth: 2, next: [anc!.id, p2!.id].sort() },
        { id: p2!.id, depth: 3, next: [] },
      ]);
    });

    it('follows only live parent_child edges between live persons of the tree', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const root = await givenPerson(storage(), t.id);
      const parent = await givenPerson(storage(), t.id);
      const deadParent = await givenPerson(storage(), t.id, gone);
      const viaDeletedEdge = await givenPerson(storage(), t.id);
      const partner = await givenPerson(storage(), t.id);
      const associate = await givenPerson(storage(), t.id);
      const stranger = await givenPerson(storage(), other.id);
      await givenEdge(storage(), t.id, 'parent_child', parent.id, root.id);
      await givenEdge(storage(), t.id, 'parent_child', deadParent.id, root.id);
      await givenEdge(storage(), t.id, 'parent_child', viaDeletedEdge.id, root.id, gone);
      await givenEdge(storage(), t.id, 'partnership', partner.id, root.id);
      await givenEdge(storage(), t.id, 'association', associate.id, root.id);
      await givenEdge(storage(), other.id, 'parent_child', stranger.id, root.id);
      expect(shape(await lineage(root.id, 'up', 4, 100))).to.deep.equal([
        { id: root.id, depth: 0, next: [parent.id] },
        { id: parent.id, depth: 1, next: [] },
      ]);
    });

    it('the root with its tree and the reader\'s role, as withTree reads them; the lineage only of a root shown to the reader', async () => {
      const t = await givenTree(storage());
      const [u, v] = await givenUsers(storage(), 2);
      await storage().memberships.insert(aMembership(t.id, u!.id, 'viewer'));
      const deleted = await givenPerson(storage(), t.id, gone);
      const hidden = await givenPerson(storage(), t.id, { privacy: 'private' });
      const parent = await givenPerson(storage(), t.id);
      await givenEdge(storage(), t.id, 'parent_child', parent.id, hidden.id);
      const chart = (rootId: Id, userId: Id | null, byRole: boolean) => storage().charts.chart(rootId, userId, 'up', 4, 100, vital, { byRole, now });
      expect(await chart(sortedIds(1)[0]!, u!.id, true)).to.equal(null);
      for (const [rootId, userId] of [[deleted.id, u!.id], [hidden.id, v!.id], [hidden.id, null], [parent.id, u!.id]] as const) {
        const read = await chart(rootId, userId, true);
        const withTree = await storage().persons.withTree(rootId, userId);
        expect(read && { person: read.person, tree: read.tree }, `${rootId} for ${userId}`).to.deep.equal(withTree);
      }
      // Deleted: nothing, even for a member. Hidden: nothing for a non-member, nor for a member where roles do not count (the public surface).
      expect((await chart(deleted.id, u!.id, true))!.lineage).to.equal(null);
      expect((await chart(hidden.id, v!.id, true))!.lineage).to.equal(null);
      expect((await chart(hidden.id, null, false))!.lineage).to.equal(null);
      expect((await chart(hidden.id, u!.id, false))!.lineage).to.equal(null);
      expect(shape((await chart(hidden.id, u!.id, true))!.lineage!.steps)).to.deep.equal([
        { id: hidden.id, depth: 0, next: [parent.id] },
        { id: parent.id, depth: 1, next: [] },
      ]);
      // Redacted to a non-member: shown, so the lineage is read.
      expect(shape((await chart(parent.id, null, false))!.lineage!.steps)).to.deep.equal([{ id: parent.id, depth: 0, next: [] }]);
    });

    it('at most `limit` persons; every shallower level is complete', async () => {
      const t = await givenTree(storage());
      const root = await givenPerson(storage(), t.id);
      const kids = await people(storage(), t.id, 3);
      const grandkids: Id[] = [];
      for (const k of kids) {
        await givenEdge(storage(), t.id, 'parent_child', root.id, k.id);
        for (const g of await people(storage(), t.id, 3)) {
          await givenEdge(storage(), t.id, 'parent_child', k.id, g.id);
          grandkids.push(g.id);
        }
      }
      const steps = await lineage(root.id, 'down', 10, 6);
      expect(steps).to.have.length(6);
      expect(steps.slice(0, 4).map((s) => s.id)).to.deep.equal([root.id, ...kids.map((k) => k.id)]);
      for (const s of steps.slice(4)) expect(grandkids).to.include(s.id);
      expect(await lineage(root.id, 'down', 10, 13)).to.have.length(13);
    });
    it('a box for each step shown in full: the row, the primary name (else the first by id), own live events of the types, their places', async () => {
      const t = await givenTree(storage());
      const [u] = await givenUsers(storage(), 1);
      await storage().memberships.insert(aMembership(t.id, u!.id, 'editor'));
      const [ia, ib, ic, iother, iliving, ihidden, iroot] = sortedIds(7);
      const shown = { privacy: 'public' } as const;
      const a = await givenPerson(storage(), t.id, { id: ia!, ...shown });
      const b = await givenPerson(storage(), t.id, { id: ib!, hasDeathFact: true });
      const c = await givenPerson(storage(), t.id, { id: ic!, isLiving: false });
      const other = await givenPerson(storage(), t.id, { id: iother!, ...shown });
      const living = await givenPerson(storage(), t.id, { id: iliving!, isLiving: true });
      const hidden = await givenPerson(storage(), t.id, { id: ihidden!, privacy: 'private' });
      const root = await givenPerson(storage(), t.id, { id: iroot!, ...shown });
      for (const child of [c, a, b, living, hidden]) await givenEdge(storage(), t.id, 'parent_child', root.id, child.id);
      const [n1, n2, n3, n4, n5] = sortedIds(5);
      await storage().names.insert(aName(a, { id: n1!, givenName: 'Alt', isPrimary: false }));
      await storage().names.insert(aName(a, { id: n2!, givenName: 'Prime', isPrimary: true }));
      await storage().names.insert(aName(a, { id: n3!, givenName: 'Later prime', isPrimary: true }));
      await storage().names.insert(aName(b, { id: n4!, givenName: 'Only alt', isPrimary: false }));
      await storage().names.insert(aName(b, { id: n5!, givenName: 'Gone', isPrimary: true, ...gone }));
      await storage().names.insert(aName(other, { givenName: 'Not asked' }));
      const livingName = aName(living, { givenName: 'Alive' });
      await storage().names.insert(livingName);
      await storage().names.insert(aName(hidden, { givenName: 'Secret' }));
      const town = await storage().places.ensure(t.id, 'Kirchdorf', newId());
      const unused = await storage().places.ensure(t.id, 'Elsewhere', newId());
      const secret = await storage().places.ensure(t.id, 'Hideaway', newId());
      const partnership = await givenEdge(storage(), t.id, 'partnership', a.id, c.id);
      const [e1, e2, e3, e4] = sortedIds(4);
      const birth = anEvent(t.id, { personId: a.id }, { id: e1!, type: 'birth', placeId: town.id, date: { qualifier: 'exact', year: 1801 } });
      const burial = anEvent(t.id, { personId: c.id }, { id: e2!, type: 'burial' });
      const livingBirth = anEvent(t.id, { personId: living.id }, { id: e3!, type: 'birth', placeId: secret.id });
      const hiddenBirth = anEvent(t.id, { personId: hidden.id }, { id: e4!, type: 'birth', placeId: secret.id });
      for (const e of [
        birth, burial, livingBirth, hiddenBirth,
        anEvent(t.id, { personId: a.id }, { type: 'census', placeId: unused.id }),
        anEvent(t.id, { personId: a.id }, { type: 'death', ...gone }),
        anEvent(t.id, { partnershipId: partnership.id }, { type: 'marriage' }),
        anEvent(t.id, { personId: other.id }, { type: 'birth', placeId: unused.id }),
      ]) await storage().events.insert(e);
      const boxes = (l: NonNullable<ChartRead['lineage']>) =>
        l.steps.map((st) => st.box && [st.id, st.box.name?.givenName ?? null, st.box.events.map((e) => e.id)]);
      // A non-member: the living and the hidden child are steps with their facts, but no box of theirs is read.
      const stranger = (await storage().charts.chart(root.id, null, 'down', 2, 100, vital, { byRole: false, now }))!.lineage!;
      expect(stranger.steps.map((st) => st.id)).to.deep.equal([root.id, a.id, b.id, c.id, living.id, hidden.id]);
      expect(stranger.steps.map((st) => st.facts)).to.deep.equal([root, a, b, c, living, hidden].map((p) => ({ privacy: p.privacy, isLiving: p.isLiving, hasDeathFact: p.hasDeathFact, birthYear: p.birthYear })));
      expect(boxes(stranger)).to.deep.equal([[root.id, null, []], [a.id, 'Prime', [birth.id]], [b.id, 'Only alt', []], [c.id, null, [burial.id]], null, null]);
      const boxOfA = stranger.steps[1]!.box!;
      expect(boxOfA.person).to.deep.equal(a);
      expect(boxOfA.name).to.deep.equal(aName(a, { id: n2!, givenName: 'Prime', isPrimary: true }));
      expect(boxOfA.events).to.deep.equal([birth]);
      expect(stranger.steps[3]!.box!.events).to.deep.equal([burial]);
      expect(stranger.places).to.deep.equal([town]);
      // A member: everyone in full.
      const member = (await storage().charts.chart(root.id, u!.id, 'down', 2, 100, vital, { byRole: true, now }))!.lineage!;
      expect(boxes(member)).to.deep.equal([
        [root.id, null, []], [a.id, 'Prime', [birth.id]], [b.id, 'Only alt', []], [c.id, null, [burial.id]], [living.id, 'Alive', [livingBirth.id]], [hidden.id, 'Secret', [hiddenBirth.id]],
      ]);
      expect(member.steps.map((st) => st.box!.person)).to.deep.equal([root, a, b, c, living, hidden]);
      expect(member.steps[4]!.box!.name).to.deep.equal(livingName);
      expect(member.steps[5]!.box!.events).to.deep.equal([hiddenBirth]);
      expect(member.places).to.deep.equal([town, secret].sort((x, y) => (x.id < y.id ? -1 : 1)));
    });
  });

