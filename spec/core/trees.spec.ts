import { expect } from 'chai';
import type { Actor } from '../../core/kernel/actor.js';
import { register } from '../../core/identity/commands/register.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { addMember } from '../../core/trees/commands/add-member.js';
import { changeMemberRole } from '../../core/trees/commands/change-member-role.js';
import { removeMember } from '../../core/trees/commands/remove-member.js';
import { deleteTree } from '../../core/trees/commands/delete-tree.js';
import { purgeTree } from '../../core/trees/commands/purge-tree.js';
import { updateTree } from '../../core/trees/commands/update-tree.js';
import { updateAiPolicy } from '../../core/trees/commands/update-ai-policy.js';
import { getTree } from '../../core/trees/queries/get-tree.js';
import { anonymous, coreDeps, left, right } from './support.js';

const setup = async () => {
  const { deps } = coreDeps();
  const user = async (email: string): Promise<Extract<Actor, { kind: 'user' }>> => {
    const { token } = right(await register(deps)(anonymous, { email, password: 'long enough' }));
    return (await authenticate(deps)(token, '::1'))!.account;
  };
  return { deps, user };
};

describe('trees and members (core, memory adapters)', () => {
  it('never leaves a tree without an owner, and two owners may step down one at a time', async () => {
    const { deps, user } = await setup();
    const ann = await user('ann@example.org');
    const bob = await user('bob@example.org');
    const tree = right(await createTree(deps)(ann, { name: 'Ann' }));
    expect(left(await changeMemberRole(deps)(ann, tree.id, ann.userId, { role: 'editor' }))).to.include({ _tag: 'Conflict', code: 'last_owner' });
    expect(left(await removeMember(deps)(ann, tree.id, ann.userId))).to.include({ code: 'last_owner' });
    right(await addMember(deps)(ann, tree.id, { email: 'BOB@example.org', role: 'owner' }));
    right(await changeMemberRole(deps)(ann, tree.id, ann.userId, { role: 'viewer' }));
    expect(left(await removeMember(deps)(bob, tree.id, bob.userId))).to.include({ code: 'last_owner' });
    expect(right(await getTree(deps)(ann, tree.id)).ownerId).to.equal(bob.userId);
  });

  it('rolls back the whole command, audit entry included, when it fails half-way', async () => {
    const { deps, user } = await setup();
    const ann = await user('ann@example.org');
    const tree = right(await createTree(deps)(ann, { name: 'Ann' }));
    const before = await deps.storage.audit.listForTree(tree.id, {});
    expect(left(await updateTree(deps)(ann, tree.id, { name: 'x', homePersonId: '01900000-0000-7000-8000-000000000000' }))._tag).to.equal('InvalidInput');
    expect(right(await getTree(deps)(ann, tree.id)).name).to.equal('Ann');
    expect(await deps.storage.audit.listForTree(tree.id, {})).to.have.length(before.length);
  });

  it('purges only a deleted tree with its name retyped, and keeps its audit with a null tree', async () => {
    const { deps, user } = await setup();
    const ann = await user('ann@example.org');
    const tree = right(await createTree(deps)(ann, { name: 'Ann' }));
    expect(left(await purgeTree(deps)(ann, tree.id, { name: 'Ann' }))).to.include({ code: 'tree_not_deleted' });
    right(await deleteTree(deps)(ann, tree.id));
    expect(left(await purgeTree(deps)(ann, tree.id, { name: 'ann' }))).to.include({ code: 'name_mismatch' });
    right(await purgeTree(deps)(ann, tree.id, { name: 'Ann' }));
    expect(await deps.storage.trees.byId(tree.id)).to.equal(null);
    // That the purged tree's audit rows survive with a null tree is the trees contract's case, on both adapters.
    expect(await deps.storage.audit.listForTree(tree.id, {})).to.have.length(0);
  });

  it('accepts only configured AI providers, and null clears', async () => {
    const { deps, user } = await setup();
    const ann = await user('ann@example.org');
    const tree = right(await createTree(deps)(ann, { name: 'Ann' }));
    expect(left(await updateAiPolicy(deps)(ann, tree.id, { aiMemberProvider: 'gpt' }))).to.include({ code: 'unknown_provider' });
    expect(right(await updateAiPolicy(deps)(ann, tree.id, { aiMemberProvider: 'local' })).aiMemberProvider).to.equal('local');
    const cleared = right(await updateAiPolicy(deps)(ann, tree.id, { aiMemberProvider: null }));
    expect(cleared.aiMemberProvider).to.equal(null);
    expect(cleared.providers).to.deep.equal([{ name: 'local', model: 'llama3' }]);
  });
});
