import { expect } from 'chai';
import type { Storage } from '../../core/stores.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { LineageStep } from '../../core/charts/ports.js';
import { aName, anEvent, at, givenEdge, givenPerson, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };
const shape = (steps: readonly LineageStep[]) => steps.map((s) => ({ id: s.person.id, depth: s.depth, next: [...s.next].sort() }));

/** Persons with ascending ids, so "by id" orders are known in advance. */
const people = async (s: Storage, treeId: Id, n: number) => {
  const out = [];
  for (const id of sortedIds(n)) out.push(await givenPerson(s, treeId, { id }));
  return out;
};

export const chartsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`ChartReads contract (${name})`, () => {
    const storage = withStorage(make);

    it('lineage up: the root, then parents and grandparents within the generations, by depth then id, with each one\'s parents', async () => {
      const t = await givenTree(storage());
      const [g1, g2, f, m, child] = await people(storage(), t.id, 5);
      await givenEdge(storage(), t.id, 'parent_child', m!.id, child!.id);
      await givenEdge(storage(), t.id, 'parent_child', f!.id, child!.id);
      await givenEdge(storage(), t.id, 'parent_child', g1!.id, f!.id);
      await givenEdge(storage(), t.id, 'parent_child', g2!.id, g1!.id);
      const steps = await storage().charts.lineage(t.id, child!.id, 'up', 3, 100);
      expect(shape(steps)).to.deep.equal([
        { id: child!.id, depth: 0, next: [f!.id, m!.id].sort() },
        { id: f!.id, depth: 1, next: [g1!.id] },
        { id: m!.id, depth: 1, next: [] },
        // g2 is the 4th generation: not read; g1's next still names them.
        { id: g1!.id, depth: 2, next: [g2!.id] },
      ]);
      expect(steps[0]!.person).to.deep.equal(child);
      expect(shape(await storage().charts.lineage(t.id, child!.id, 'up', 1, 100))).to.deep.equal([{ id: child!.id, depth: 0, next: [f!.id, m!.id].sort() }]);
    });

    it('lineage down: children and grandchildren by depth then id', async () => {
      const t = await givenTree(storage());
      const [root, a, b, c] = await people(storage(), t.id, 4);
      await givenEdge(storage(), t.id, 'parent_child', root!.id, b!.id);
      await givenEdge(storage(), t.id, 'parent_child', root!.id, a!.id);
      await givenEdge(storage(), t.id, 'parent_child', a!.id, c!.id);
      expect(shape(await storage().charts.lineage(t.id, root!.id, 'down', 10, 100))).to.deep.equal([
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
      const steps = await storage().charts.lineage(t.id, root!.id, 'up', 10, 100);
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
      expect(shape(await storage().charts.lineage(t.id, root.id, 'up', 4, 100))).to.deep.equal([
        { id: root.id, depth: 0, next: [parent.id] },
        { id: parent.id, depth: 1, next: [] },
      ]);
    });

    it('an unknown, deleted or other-tree root reads nothing', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const deleted = await givenPerson(storage(), t.id, gone);
      const elsewhere = await givenPerson(storage(), other.id);
      expect(await storage().charts.lineage(t.id, deleted.id, 'up', 4, 100)).to.deep.equal([]);
      expect(await storage().charts.lineage(t.id, elsewhere.id, 'down', 4, 100)).to.deep.equal([]);
      expect(await storage().charts.lineage(t.id, sortedIds(1)[0]!, 'up', 4, 100)).to.deep.equal([]);
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
      const steps = await storage().charts.lineage(t.id, root.id, 'down', 10, 6);
      expect(steps).to.have.length(6);
      expect(steps.slice(0, 4).map((s) => s.person.id)).to.deep.equal([root.id, ...kids.map((k) => k.id)]);
      for (const s of steps.slice(4)) expect(grandkids).to.include(s.person.id);
      expect(await storage().charts.lineage(t.id, root.id, 'down', 10, 13)).to.have.length(13);
    });
    it('boxes: the primary name (else the first by id), own live events of the types, their places, in one read', async () => {
      const t = await givenTree(storage());
      const [a, b, c, other] = await people(storage(), t.id, 4);
      const [n1, n2, n3, n4, n5] = sortedIds(5);
      await storage().names.insert(aName(a!, { id: n1!, givenName: 'Alt', isPrimary: false }));
      await storage().names.insert(aName(a!, { id: n2!, givenName: 'Prime', isPrimary: true }));
      await storage().names.insert(aName(a!, { id: n3!, givenName: 'Later prime', isPrimary: true }));
      await storage().names.insert(aName(b!, { id: n4!, givenName: 'Only alt', isPrimary: false }));
      await storage().names.insert(aName(b!, { id: n5!, givenName: 'Gone', isPrimary: true, ...gone }));
      await storage().names.insert(aName(other!, { givenName: 'Not asked' }));
      const town = await storage().places.ensure(t.id, 'Kirchdorf', newId());
      const unused = await storage().places.ensure(t.id, 'Elsewhere', newId());
      const partnership = await givenEdge(storage(), t.id, 'partnership', a!.id, c!.id);
      const [e1, e2] = sortedIds(2);
      const birth = anEvent(t.id, { personId: a!.id }, { id: e1!, type: 'birth', placeId: town.id, date: { qualifier: 'exact', year: 1801 } });
      const burial = anEvent(t.id, { personId: c!.id }, { id: e2!, type: 'burial' });
      for (const e of [
        birth, burial,
        anEvent(t.id, { personId: a!.id }, { type: 'census', placeId: unused.id }),
        anEvent(t.id, { personId: a!.id }, { type: 'death', ...gone }),
        anEvent(t.id, { partnershipId: partnership.id }, { type: 'marriage' }),
        anEvent(t.id, { personId: other!.id }, { type: 'birth', placeId: unused.id }),
      ]) await storage().events.insert(e);
      const boxes = await storage().charts.boxes([c!.id, a!.id, b!.id, sortedIds(1)[0]!], ['birth', 'death', 'burial', 'marriage']);
      expect(boxes.names.map((n) => [n.personId, n.givenName])).to.deep.equal([[a!.id, 'Prime'], [b!.id, 'Only alt']]);
      expect(boxes.names[0]).to.deep.equal(aName(a!, { id: n2!, givenName: 'Prime', isPrimary: true }));
      expect(boxes.events).to.deep.equal([birth, burial]);
      expect(boxes.places).to.deep.equal([town]);
      expect(await storage().charts.boxes([], ['birth'])).to.deep.equal({ names: [], events: [], places: [] });
    });
  });

