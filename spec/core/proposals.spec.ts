import { expect } from 'chai';
import { proposeChanges } from '../../core/proposals/commands/propose-changes.js';
import { rejectProposal } from '../../core/proposals/commands/reject-proposal.js';
import { deleteProposal } from '../../core/proposals/commands/delete-proposal.js';
import { listProposals } from '../../core/proposals/queries/list-proposals.js';
import { getProposal } from '../../core/proposals/queries/get-proposal.js';
import type { ProposalOperation } from '../../core/proposals/model.js';
import { newId } from '../../core/kernel/ids.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { MAX_DATA_DEPTH } from '../../core/proposals/rules.js';
import { onEachStorage } from './cleanup-support.js';
import { left, right } from './support.js';

// Proposals before apply (issue 11): propose, list, get, reject, delete, on memory storage.

const addGrandfather: ProposalOperation[] = [
  { op: 'create', entity: 'person', ref: 'gf', data: { given_name: 'Johann', surname: 'Huber', sex: 'male' } },
  { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$gf', person_b_id: newId() } },
];

onEachStorage((kind) => `proposals before apply (core, ${kind})`, (cleanupSetup) => {

  it('a viewer proposes: a pending contributor proposal, and nothing of the tree changes', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'Anna', surname: 'Huber' });
    const before = JSON.stringify([await fx.deps.storage.persons.listByTree(fx.tree.id, {}), await fx.deps.storage.names.listByTree(fx.tree.id),
      await fx.deps.storage.events.listByTree(fx.tree.id, {}), await fx.deps.storage.relationships.listByTree(fx.tree.id, {})]);
    const ops: ProposalOperation[] = [addGrandfather[0]!, { ...addGrandfather[1]!, data: { ...addGrandfather[1]!.data, person_b_id: p.id } }, { op: 'update', entity: 'person', id: p.id, data: { sex: 'female' } }];
    const proposal = right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: ' Anna\'s father ', operations: ops }));
    expect(proposal).to.deep.include({ treeId: fx.tree.id, status: 'pending', origin: 'contributor', summary: "Anna's father", proposerId: fx.viewer.userId, reviewerId: null, applyError: null, appliedCount: 0 });
    expect(proposal.operations).to.deep.equal(ops);
    const after = JSON.stringify([await fx.deps.storage.persons.listByTree(fx.tree.id, {}), await fx.deps.storage.names.listByTree(fx.tree.id),
      await fx.deps.storage.events.listByTree(fx.tree.id, {}), await fx.deps.storage.relationships.listByTree(fx.tree.id, {})]);
    expect(after).to.equal(before);
    expect((await fx.audit('proposal.create')).map((e) => e.details)).to.deep.equal([{ origin: 'contributor', operations: 3 }]);
    expect(right(await getProposal(fx.deps)(fx.viewer, fx.tree.id, proposal.id))).to.deep.equal(proposal);
  });

  it('refuses non-members (403) and names each operation problem by its path (422)', async () => {
    const fx = await cleanupSetup();
    expect(left(await proposeChanges(fx.deps)(fx.outsider, fx.tree.id, { summary: '', operations: addGrandfather }))._tag).to.equal('Forbidden');
    const bad = left(await proposeChanges(fx.deps)(fx.editor, fx.tree.id, {
      summary: 'x',
      operations: [
        { op: 'update', entity: 'person', data: { sex: 'male' } },
        { op: 'create', entity: 'person', id: newId(), data: {} },
        { op: 'delete', entity: 'event', id: newId(), data: { notes: '' } },
        { op: 'create', entity: 'name', ref: 'n1', data: { person_id: '$nobody' } },
        { op: 'create', entity: 'person', ref: 'n1', data: {} },
        { op: 'update', entity: 'person', id: '$later', data: {} },
        { op: 'create', entity: 'person', ref: 'later', data: {} },
      ],
    }));
    expect(bad).to.deep.include({ _tag: 'InvalidInput', code: 'invalid_operations' });
    expect((bad as unknown as { errors: { path: string }[] }).errors.map((e) => e.path)).to.deep.equal([
      'operations[0].id', 'operations[1].id', 'operations[2].data', 'operations[3].data', 'operations[4].ref', 'operations[5].id',
    ]);
    expect(left(await proposeChanges(fx.deps)(fx.editor, fx.tree.id, { summary: 'x', operations: [] }))._tag).to.equal('InvalidInput');
    expect(await fx.deps.storage.proposals.listByTree(fx.tree.id, {})).to.deep.equal([]);
  });

  it(`bounds data in the core too, for hosts without the wire codec: ${MAX_DATA_DEPTH} levels are taken, 5,000 refused at operations[i].data`, async () => {
    const fx = await cleanupSetup();
    const nested = (levels: number) => {
      let v: { [k: string]: unknown } = {};
      for (let i = 1; i < levels; i++) v = { k: v };
      return v as ProposalOperation['data'];
    };
    const source = (levels: number): ProposalOperation => ({ op: 'create', entity: 'source', data: { title: 't', extra: nested(levels - 1)! } });
    right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: '', operations: [source(MAX_DATA_DEPTH)] }));
    for (const levels of [5000, MAX_DATA_DEPTH + 1]) {
      const refused = left(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: '', operations: [addGrandfather[0]!, source(levels)] }));
      expect(refused).to.deep.include({ _tag: 'InvalidInput', code: 'invalid_operations' });
      expect((refused as unknown as { errors: { path: string }[] }).errors.map((e) => e.path)).to.deep.equal(['operations[1].data']);
    }
  });

  it('an editor rejects a pending proposal once (then 409); a viewer may not (403)', async () => {
    const fx = await cleanupSetup();
    const proposal = right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: 's', operations: addGrandfather }));
    expect(left(await rejectProposal(fx.deps)(fx.viewer, fx.tree.id, proposal.id))._tag).to.equal('Forbidden');
    const rejected = right(await rejectProposal(fx.deps)(fx.editor, fx.tree.id, proposal.id));
    expect(rejected).to.deep.include({ status: 'rejected', reviewerId: fx.editor.userId });
    expect(rejected.decidedAt).to.be.instanceOf(Date);
    expect(left(await rejectProposal(fx.deps)(fx.owner, fx.tree.id, proposal.id))).to.deep.include({ _tag: 'Conflict', code: 'proposal_not_pending' });
  });

  it('the proposer or an editor deletes; another viewer may not; a proposal of another tree is not found', async () => {
    const fx = await cleanupSetup();
    const mine = right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: 's', operations: addGrandfather }));
    const theirs = right(await proposeChanges(fx.deps)(fx.editor, fx.tree.id, { summary: 's', operations: addGrandfather }));
    expect(left(await deleteProposal(fx.deps)(fx.viewer, fx.tree.id, theirs.id))._tag).to.equal('Forbidden');
    right(await deleteProposal(fx.deps)(fx.viewer, fx.tree.id, mine.id));
    right(await deleteProposal(fx.deps)(fx.owner, fx.tree.id, theirs.id));
    expect(await fx.deps.storage.proposals.listByTree(fx.tree.id, {})).to.deep.equal([]);
    const other = right(await createTree(fx.deps)(fx.owner, { name: 'Other' }));
    const elsewhere = right(await proposeChanges(fx.deps)(fx.owner, other.id, { summary: 's', operations: addGrandfather }));
    expect(left(await getProposal(fx.deps)(fx.owner, fx.tree.id, elsewhere.id))._tag).to.equal('NotFound');
    expect(left(await deleteProposal(fx.deps)(fx.owner, fx.tree.id, elsewhere.id))._tag).to.equal('NotFound');
  });

  it('lists newest first for members, by status on request; not for non-members', async () => {
    const fx = await cleanupSetup();
    const a = right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: 'a', operations: addGrandfather }));
    const b = right(await proposeChanges(fx.deps)(fx.viewer, fx.tree.id, { summary: 'b', operations: addGrandfather }));
    right(await rejectProposal(fx.deps)(fx.editor, fx.tree.id, a.id));
    expect(right(await listProposals(fx.deps)(fx.viewer, fx.tree.id, {})).map((p) => p.id)).to.deep.equal([b.id, a.id]);
    expect(right(await listProposals(fx.deps)(fx.viewer, fx.tree.id, { status: 'pending' })).map((p) => p.id)).to.deep.equal([b.id]);
    expect(left(await listProposals(fx.deps)(fx.outsider, fx.tree.id, {}))._tag).to.equal('Forbidden');
  });
});
