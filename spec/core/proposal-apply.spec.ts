import { expect } from 'chai';
import { proposeChanges } from '../../core/proposals/commands/propose-changes.js';
import { applyProposal } from '../../core/proposals/commands/apply-proposal.js';
import { rejectProposal } from '../../core/proposals/commands/reject-proposal.js';
import type { ProposalOperation } from '../../core/proposals/model.js';
import { newId } from '../../core/kernel/ids.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { onEachStorage, type CleanupFixture } from './cleanup-support.js';
import { left, right } from './support.js';

// Applying proposals (issue 11) through core's dispatch to the real commands, on memory storage.

const applyDeps = (fx: CleanupFixture) => fx.deps;
const propose = async (fx: CleanupFixture, operations: ProposalOperation[]) =>
  right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: 'from a cousin', operations }));
const personCount = async (fx: CleanupFixture) => (await fx.deps.storage.persons.listByTree(fx.tree.id, {})).length;

onEachStorage((kind) => `applying proposals (core, ${kind}, the real commands)`, (cleanupSetup) => {

  it('creates a person, links them through "$ref" and updates another, audited as the editor with the proposal id', async () => {
    const fx = await cleanupSetup();
    const anna = await fx.person({ givenName: 'Anna', surname: 'Huber' });
    const proposal = await propose(fx, [
      { op: 'create', entity: 'person', ref: 'father', data: { given_name: 'Johann', surname: 'Huber', sex: 'male', is_living: false } },
      { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$father', person_b_id: anna.id, qualifier: 'biological' } },
      { op: 'create', entity: 'name', data: { person_id: '$father', name_type: 'alias', given_name: 'Hans', surname: 'Huber' } },
      { op: 'update', entity: 'person', id: anna.id, data: { sex: 'female' } },
    ]);
    const applied = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id));
    expect(applied).to.deep.include({ status: 'applied', appliedCount: 4, applyError: null, reviewerId: fx.editor.userId });
    const fatherId = applied.refs.get('father')!;
    expect((await fx.stored(fatherId)).sex).to.equal('male');
    expect((await fx.stored(anna.id)).sex).to.equal('female');
    const edges = await fx.deps.storage.relationships.listByPersons([anna.id]);
    expect(edges.map((r) => [r.personAId, r.personBId])).to.deep.equal([[fatherId, anna.id]]);
    for (const action of ['person.create', 'relationship.create', 'name.create', 'person.update']) {
      const entries = (await fx.audit(action)).filter((e) => e.details['proposal_id'] === proposal.id);
      expect(entries, action).to.have.length(1);
      expect(entries[0]!.actorId).to.equal(fx.editor.userId);
    }
    expect(await fx.audit('proposal.apply')).to.have.length(1);
    expect(left(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id))).to.deep.include({ _tag: 'Conflict', code: 'proposal_not_pending' });
  });

  it('stops at a failing operation (pending, apply_error, applied_count), keeps what ran, and resumes without running it twice', async () => {
    const fx = await cleanupSetup();
    const missing = newId();
    const proposal = await propose(fx, [
      { op: 'create', entity: 'person', ref: 'p', data: { given_name: 'Grete' } },
      { op: 'delete', entity: 'event', id: missing },
      { op: 'update', entity: 'person', id: '$p', data: { surname: 'Berg' } },
    ]);
    const before = await personCount(fx);
    const failed = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id));
    expect(failed).to.deep.include({ status: 'pending', appliedCount: 1, applyError: { index: 1, code: 'not_found', detail: `No event ${missing} in this tree.` } });
    expect(await personCount(fx)).to.equal(before + 1);
    // The editor fixes the second operation; the first is not run again.
    const fixed = failed.operations.map((o, i) => (i === 1 ? { op: 'update' as const, entity: 'person' as const, id: '$p', data: { sex: 'female' } } : o));
    const applied = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id, fixed));
    expect(applied).to.deep.include({ status: 'applied', appliedCount: 3, applyError: null });
    expect(await personCount(fx)).to.equal(before + 1);
    const grete = await fx.stored(applied.refs.get('p')!);
    expect(grete.sex).to.equal('female');
    expect(applied.operations).to.deep.equal(fixed);
  });

  it('a single-operation proposal is atomic; invalid data and a record of another tree are apply errors that change nothing', async () => {
    const fx = await cleanupSetup();
    const other = right(await createTree(fx.deps)(fx.owner, { name: 'Other' }));
    const stranger = await fx.person({ givenName: 'Stranger' }, other.id);
    const anna = await fx.person({ givenName: 'Anna' });
    const elsewhere = await propose(fx, [{ op: 'update', entity: 'person', id: stranger.id, data: { sex: 'male' } }]);
    expect(right(await applyProposal(applyDeps(fx))(fx.owner, fx.tree.id, elsewhere.id)).applyError).to.deep.include({ index: 0, code: 'not_found' });
    expect((await fx.stored(stranger.id)).sex).to.equal(null);
    const bad = await propose(fx, [{ op: 'update', entity: 'person', id: anna.id, data: { sex: 'x' } }]);
    const refused = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, bad.id));
    expect(refused.applyError).to.deep.include({ index: 0, code: 'invalid_input' });
    expect(refused).to.deep.include({ status: 'pending', appliedCount: 0 });
    expect((await fx.stored(anna.id)).sex).to.equal(null);
  });

  it('a ref named like a member of Object.prototype resolves to what its create made, and a "$ref" that names nothing is an apply error', async () => {
    const fx = await cleanupSetup();
    const proposal = await propose(fx, ['__proto__', 'constructor', 'toString'].flatMap((ref): ProposalOperation[] => [
      { op: 'create', entity: 'person', ref, data: { given_name: ref } },
      { op: 'update', entity: 'person', id: `$${ref}`, data: { sex: 'female' } },
    ]));
    const applied = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id));
    expect(applied).to.deep.include({ status: 'applied', appliedCount: 6, applyError: null });
    expect([...applied.refs.keys()]).to.deep.equal(['__proto__', 'constructor', 'toString']);
    for (const id of applied.refs.values()) expect((await fx.stored(id)).sex).to.equal('female');

    const started = await propose(fx, [{ op: 'create', entity: 'person', data: { given_name: 'Lotte' } }, { op: 'delete', entity: 'event', id: newId() }]);
    expect(right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, started.id))).to.deep.include({ appliedCount: 1 });
    const edited: ProposalOperation[] = [{ op: 'create', entity: 'person', ref: 'p1', data: { given_name: 'Lotte' } }, { op: 'update', entity: 'person', id: '$p1', data: { sex: 'female' } }];
    const refused = right(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, started.id, edited));
    expect(refused).to.deep.include({ status: 'pending', appliedCount: 1 });
    expect(refused.applyError).to.deep.include({ index: 1, code: 'unknown_ref' });
  });

  it('only editors apply (a viewer: 403); a rejected proposal cannot be applied (409)', async () => {
    const fx = await cleanupSetup();
    const proposal = await propose(fx, [{ op: 'create', entity: 'source', data: { title: 'Parish register' } }]);
    expect(left(await applyProposal(applyDeps(fx))(fx.viewer, fx.tree.id, proposal.id))._tag).to.equal('Forbidden');
    right(await rejectProposal(fx.deps)(fx.editor, fx.tree.id, proposal.id));
    expect(left(await applyProposal(applyDeps(fx))(fx.editor, fx.tree.id, proposal.id))).to.deep.include({ _tag: 'Conflict', code: 'proposal_not_pending' });
    expect(await fx.deps.storage.sources.listByTree(fx.tree.id, {})).to.deep.equal([]);
  });
});
