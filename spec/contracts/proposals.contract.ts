import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { Proposal } from '../../core/proposals/model.js';
import { at, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

export const aProposal = (treeId: string, over: Partial<Proposal> = {}): Proposal => ({
  id: newId(),
  treeId,
  status: 'pending',
  origin: 'contributor',
  summary: 'Add the grandfather',
  operations: [
    { op: 'create', entity: 'person', ref: 'p1', data: { given_name: `Jürgen "Jo"`, surname: "O'Brien \\ {x}", is_living: false, birth: null } },
    { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$p1', person_b_id: newId(), qualifier: null } },
    { op: 'delete', entity: 'event', id: newId() },
  ],
  proposerId: newId(),
  reviewerId: null,
  applyError: null,
  appliedCount: 0,
  refs: new Map(),
  createdAt: at('2026-11-22T10:00:00.123Z'),
  decidedAt: null,
  ...over,
});

export const proposalsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`ProposalRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted proposal with every field intact, operations exactly as stored; null for an unknown id', async () => {
      const t = await givenTree(storage());
      const p = aProposal(t.id);
      await storage().proposals.insert(p);
      expect(await storage().proposals.byId(p.id)).to.deep.equal(p);
      expect(await storage().proposals.byId(newId())).to.equal(null);
    });

    it('update replaces what an apply or reject changes and keeps the rest as inserted', async () => {
      const t = await givenTree(storage());
      const p = aProposal(t.id);
      await storage().proposals.insert(p);
      const applied: Proposal = {
        ...p, status: 'pending', operations: [p.operations[0]!], reviewerId: newId(), appliedCount: 1, refs: new Map([['p1', newId()]]),
        applyError: { index: 1, code: 'not_found', detail: 'No event 42.' }, decidedAt: null,
        // Not changed by update:
        summary: 'other', origin: 'assistant', proposerId: null, createdAt: at('2030-01-01T00:00:00.000Z'), treeId: newId(),
      };
      await storage().proposals.update(applied);
      expect(await storage().proposals.byId(p.id)).to.deep.equal({
        ...applied, summary: p.summary, origin: p.origin, proposerId: p.proposerId, createdAt: p.createdAt, treeId: p.treeId,
      });
      const done: Proposal = { ...p, status: 'applied', applyError: null, decidedAt: at('2026-11-22T11:00:00.000Z'), appliedCount: 3 };
      await storage().proposals.update(done);
      expect(await storage().proposals.byId(p.id)).to.deep.equal(done);
      await storage().proposals.update(aProposal(t.id));
      expect(await storage().proposals.listByTree(t.id, {})).to.have.length(1);
    });

    it('advance writes only while the proposal is pending at the expected applied count', async () => {
      const t = await givenTree(storage());
      const p = aProposal(t.id);
      await storage().proposals.insert(p);
      const one: Proposal = { ...p, appliedCount: 1, refs: new Map([['p1', newId()]]) };
      expect(await storage().proposals.advance(one, 0)).to.equal(true);
      expect(await storage().proposals.advance({ ...p, appliedCount: 1 }, 0), 'the count has moved').to.equal(false);
      expect(await storage().proposals.byId(p.id)).to.deep.equal(one);
      await storage().proposals.update({ ...one, status: 'rejected' });
      expect(await storage().proposals.advance({ ...one, appliedCount: 2 }, 1), 'no longer pending').to.equal(false);
      expect(await storage().proposals.advance(aProposal(t.id), 0), 'unknown').to.equal(false);
    });

    it('lists a tree\'s proposals newest first, filtered by status, paged by after and limit; only that tree\'s', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const ids = sortedIds(4);
      const statuses = ['pending', 'applied', 'pending', 'rejected'] as const;
      for (const [i, id] of ids.entries()) await storage().proposals.insert(aProposal(t.id, { id, status: statuses[i]! }));
      await storage().proposals.insert(aProposal(other.id));
      const list = async (o: Parameters<ReturnType<typeof storage>['proposals']['listByTree']>[1]) => (await storage().proposals.listByTree(t.id, o)).map((p) => p.id);
      expect(await list({})).to.deep.equal([...ids].reverse());
      expect(await list({ status: 'pending' })).to.deep.equal([ids[2], ids[0]]);
      expect(await list({ limit: 2 })).to.deep.equal([ids[3], ids[2]]);
      expect(await list({ after: ids[2], limit: 1 })).to.deep.equal([ids[1]]);
      expect(await list({ after: ids[0] })).to.deep.equal([]);
    });

    it('remove deletes for good and answers whether there was one', async () => {
      const t = await givenTree(storage());
      const p = aProposal(t.id);
      await storage().proposals.insert(p);
      expect(await storage().proposals.remove(p.id)).to.equal(true);
      expect(await storage().proposals.byId(p.id)).to.equal(null);
      expect(await storage().proposals.remove(p.id)).to.equal(false);
    });

    it('purging a tree removes its proposals', async () => {
      const t = await givenTree(storage(), { deletedAt: at('2020-01-01T00:00:00.000Z') });
      const p = aProposal(t.id);
      await storage().proposals.insert(p);
      await storage().purges.purgeDeletedBefore(at('2021-01-01T00:00:00.000Z'));
      expect(await storage().proposals.byId(p.id)).to.equal(null);
    });
  });
