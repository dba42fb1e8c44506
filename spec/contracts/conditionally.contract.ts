import { AsyncResource } from 'node:async_hooks';
import { expect } from 'chai';
import { E } from '../../core/kernel/either.js';
import { conflict } from '../../core/kernel/errors.js';
import { CONDITION_ATTEMPTS, type Precondition } from '../../core/stores.js';
import { givenPerson, givenTree, withStorage, type MakeStorage } from './fixtures.js';
import { aProposal } from './proposals.contract.js';

/** Runs `f` in the spec's own context, outside the conditional change's: another client's change. */
const unguarded = AsyncResource.bind(<A>(f: () => Promise<A>): Promise<A> => f());

// Storage.conditionally (app.ts's If-Match): the check's reads and the change's first unit of work are
// one step. Another change that commits between them makes that unit of work roll back and the whole
// work run again, so its check sees it.

export const conditionallyContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`Storage.conditionally contract (${name})`, () => {
    const storage = withStorage(make);

    /**
     * A conditional change of person `p`'s notes: the check reads the person, then, in the first
     * `interfered` attempts, `meanwhile` commits another client's change, then the change's unit of
     * work writes what the check read. Answers the result, the attempts and the notes written.
     */
    const notesChange = async (on: Precondition, p: { readonly id: string }, interfered: number, meanwhile: () => Promise<unknown>) => {
      let attempts = 0;
      const result = await storage().conditionally(on, async () => {
        attempts += 1;
        const seen = await storage().persons.byId(p.id);
        if (attempts <= interfered) await unguarded(meanwhile);
        return storage().uow.run(async (s) => {
          await s.persons.update({ ...seen!, notes: `attempt ${attempts}` });
          return E.right(seen!.notes);
        });
      });
      return { result, attempts, notes: (await storage().persons.byId(p.id))?.notes };
    };

    it('a change nothing interrupts runs once and commits', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const r = await notesChange({ kind: 'record', treeId: t.id }, p, 0, async () => undefined);
      expect(r).to.deep.equal({ result: E.right(p.notes), attempts: 1, notes: 'attempt 1' });
    });

    it("another record of the tree changed between the check and the change: the first attempt rolls back, the second commits", async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const other = await givenPerson(storage(), t.id);
      const r = await notesChange({ kind: 'record', treeId: t.id }, p, 1, () => storage().uow.run(async (s) => {
        await s.persons.update({ ...other, notes: 'meanwhile' });
        return E.right(undefined);
      }));
      expect(r).to.deep.equal({ result: E.right(p.notes), attempts: 2, notes: 'attempt 2' });
      expect((await storage().persons.byId(other.id))?.notes).to.equal('meanwhile');
    });

    it("a change in another tree does not interrupt it", async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const elsewhere = await givenPerson(storage(), (await givenTree(storage())).id);
      const r = await notesChange({ kind: 'record', treeId: t.id }, p, 1, () => storage().uow.run(async (s) => {
        await s.persons.update({ ...elsewhere, notes: 'elsewhere' });
        return E.right(undefined);
      }));
      expect(r).to.deep.equal({ result: E.right(p.notes), attempts: 1, notes: 'attempt 1' });
    });

    it(`a tree that changes at every attempt: moved after ${CONDITION_ATTEMPTS} attempts, nothing of them written`, async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const other = await givenPerson(storage(), t.id);
      let n = 0;
      const r = await notesChange({ kind: 'record', treeId: t.id }, p, Infinity, () => storage().uow.run(async (s) => {
        n += 1;
        await s.persons.update({ ...other, notes: `meanwhile ${n}` });
        return E.right(undefined);
      }));
      expect(r).to.deep.equal({ result: 'moved', attempts: CONDITION_ATTEMPTS, notes: p.notes });
    });

    it("the tree's own row, and a proposal's, changed meanwhile: the change runs again", async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const renamed = await notesChange({ kind: 'tree', treeId: t.id }, p, 1, () => storage().uow.run(async (s) => {
        await s.trees.update({ ...t, name: 'Renamed meanwhile' });
        return E.right(undefined);
      }));
      expect(renamed).to.deep.equal({ result: E.right(p.notes), attempts: 2, notes: 'attempt 2' });

      const proposal = aProposal(t.id);
      await storage().proposals.insert(proposal);
      const reviewed = await notesChange({ kind: 'proposal', proposalId: proposal.id }, p, 1, () => storage().uow.run(async (s) => {
        await s.proposals.update({ ...proposal, status: 'rejected', decidedAt: new Date('2026-11-23T10:00:00.000Z') });
        return E.right(undefined);
      }));
      expect(reviewed).to.deep.equal({ result: E.right('attempt 2'), attempts: 2, notes: 'attempt 2' });
    });

    it('a unit of work that answers a Left leaves the guard to the next; units of work after the first commit as usual', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const other = await givenPerson(storage(), t.id);
      let attempts = 0;
      const result = await storage().conditionally({ kind: 'record', treeId: t.id }, async () => {
        attempts += 1;
        const refused = await storage().uow.run(async () => E.left(conflict('nope', 'refused')));
        // Another client's change after the Left: the next unit of work is still the guarded one.
        if (attempts === 1) await unguarded(() => storage().uow.run(async (s) => {
          await s.persons.update({ ...other, notes: 'meanwhile' });
          return E.right(undefined);
        }));
        const first = await storage().uow.run(async (s) => {
          await s.persons.update({ ...p, notes: `first ${attempts}` });
          return E.right(1);
        });
        // The first commit moved the tree's version itself: this one is not compared.
        const second = await storage().uow.run(async (s) => {
          await s.persons.update({ ...p, notes: `second ${attempts}` });
          return E.right(2);
        });
        return [refused._tag, first, second];
      });
      expect(result).to.deep.equal(['Left', E.right(1), E.right(2)]);
      expect(attempts).to.equal(2);
      expect((await storage().persons.byId(p.id))?.notes).to.equal('second 2');
    });
  });
