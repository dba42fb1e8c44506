import { expect } from 'chai';
import { register } from '../../core/identity/commands/register.js';
import { verifyEmail } from '../../core/identity/commands/verify-email.js';
import { logout } from '../../core/identity/commands/logout.js';
import { changePassword } from '../../core/identity/commands/change-password.js';
import { accountActor } from '../../core/identity/policy.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { getMe } from '../../core/identity/queries/get-me.js';
import { addMember } from '../../core/trees/commands/add-member.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { listDirectory } from '../../core/trees/queries/list-directory.js';
import { getPublicTree } from '../../core/trees/queries/get-public-tree.js';
import { getTree } from '../../core/trees/queries/get-tree.js';
import { listTrees } from '../../core/trees/queries/list-trees.js';
import { listPersons } from '../../core/people/queries/list-persons.js';
import { exportAccount } from '../../core/accounts/queries/export-account.js';
import { mayImportAccount } from '../../core/accounts/commands/import-account.js';
import { accessTree } from '../../core/trees/access.js';
import type { Actor } from '../../core/kernel/actor.js';
import { anonymous, coreDeps, left, right, tokenOf } from './support.js';

// REQUIRE_EMAIL_VERIFICATION without HTTP (issue 23, deliverable 4): the core gives an unverified
// session a restricted actor that carries its restriction, and the core's own checks refuse it with
// Forbidden email_unverified, whatever its role and on the public surface too. Any host that gets its
// actor from `authenticate` or `accountActor` (the CLI) enforces the same rule.

const EMAIL_UNVERIFIED = { _tag: 'Forbidden', code: 'email_unverified' };

const setup = async (requireEmailVerification: boolean) => {
  const { deps, mails } = coreDeps({ requireEmailVerification });
  const signUp = async (email: string, verified: boolean) => {
    const { token } = right(await register(deps)(anonymous, { email, password: 'long enough' }));
    if (verified) right(await verifyEmail(deps)({ token: tokenOf(mails.filter((m) => m.to === email).at(-1)!.link) }));
    return (await authenticate(deps)(token, '::1'))!;
  };
  const owner = await signUp('owner@example.org', true);
  const tree = right(await createTree(deps)(owner.actor, { name: 'Site kin', visibility: 'site_members' }));
  const open = right(await createTree(deps)(owner.actor, { name: 'Open kin', visibility: 'public' }));
  return { deps, signUp, owner, tree, open };
};

describe('email verification required (core, memory adapters)', () => {
  it('an unverified session is restricted: it carries the account and the email_unverified restriction', async () => {
    const { signUp } = await setup(true);
    const session = await signUp('new@example.org', false);
    expect(session.actor.kind).to.equal('restricted');
    expect(session.account).to.include({ kind: 'user', email: 'new@example.org', emailVerified: false });
    if (session.actor.kind !== 'restricted') throw new Error('unreachable');
    expect(session.actor.account).to.deep.equal(session.account);
    expect(session.actor.restriction).to.include(EMAIL_UNVERIFIED);
  });

  it('an unverified OWNER of a tree is refused by every core check: tree, records, lists, the account export and import', async () => {
    const { deps, signUp, owner, tree } = await setup(true);
    const unverified = await signUp('new@example.org', false);
    right(await addMember(deps)(owner.actor, tree.id, { email: 'new@example.org', role: 'owner' }));
    const a: Actor = unverified.actor;
    expect(left(await accessTree(deps.storage, a, tree.id, 'view'))).to.include(EMAIL_UNVERIFIED);
    expect(left(await getTree(deps)(a, tree.id))).to.include(EMAIL_UNVERIFIED);
    expect(left(await listTrees(deps)(a, { deleted: false }))).to.include(EMAIL_UNVERIFIED);
    expect(left(await listPersons({ ...deps, searchThreshold: 0.3 })(a, tree.id, {}, 'members'))).to.include(EMAIL_UNVERIFIED);
    expect(left(await createTree(deps)(a, { name: 'Too soon' }))).to.include(EMAIL_UNVERIFIED);
    expect(left(await exportAccount(deps)(a))).to.include(EMAIL_UNVERIFIED);
    expect(left(mayImportAccount(a))).to.include(EMAIL_UNVERIFIED);
    expect(left(await changePassword(deps)(a, { currentPassword: 'long enough', newPassword: 'long enough' }))).to.include(EMAIL_UNVERIFIED);
    // The same account's own actor, as a verified one would be, passes: the role is not the reason.
    expect(right(await getTree(deps)(unverified.account, tree.id)).id).to.equal(tree.id);
  });

  it('the public surface refuses it too, where anonymous reads', async () => {
    const { deps, signUp, open } = await setup(true);
    const unverified = await signUp('new@example.org', false);
    expect(right(await getPublicTree(deps)(anonymous, open.id)).id).to.equal(open.id);
    expect(left(await getPublicTree(deps)(unverified.actor, open.id))).to.include(EMAIL_UNVERIFIED);
    expect(right(await listDirectory(deps)(anonymous)).map((t) => t.id)).to.include(open.id);
    expect(left(await listDirectory(deps)(unverified.actor))).to.include(EMAIL_UNVERIFIED);
    expect(left(await listPersons({ ...deps, searchThreshold: 0.3 })(unverified.actor, open.id, {}, 'public'))).to.include(EMAIL_UNVERIFIED);
  });

  it('it may read itself and sign out', async () => {
    const { deps, signUp } = await setup(true);
    const unverified = await signUp('new@example.org', false);
    expect(right(await getMe(deps)(unverified.actor))).to.include({ email: 'new@example.org' });
    right(await logout(deps)(unverified.actor));
  });

  it('a verified session is a user and reads the site_members tree', async () => {
    const { deps, signUp, tree } = await setup(true);
    const verified = await signUp('done@example.org', true);
    expect(verified.actor).to.deep.equal(verified.account);
    expect(right(await listDirectory(deps)(verified.actor)).map((t) => t.id)).to.include(tree.id);
    expect(right(await getPublicTree(deps)(verified.actor, tree.id)).id).to.equal(tree.id);
  });

  it('accountActor (the CLI\'s --as) restricts the same way', () => {
    const account = { kind: 'user', userId: 'u', email: 'x@example.org', emailVerified: false, sessionId: 's', clientAddress: 'cli' } as const;
    expect(accountActor(account, true)).to.deep.include({ kind: 'restricted', account });
    expect(accountActor(account, false)).to.equal(account);
    expect(accountActor({ ...account, emailVerified: true }, true)).to.deep.equal({ ...account, emailVerified: true });
  });

  it('without the requirement an unverified account is a signed-in user', async () => {
    const { deps, signUp, tree } = await setup(false);
    const session = await signUp('new@example.org', false);
    expect(session.actor).to.deep.equal(session.account);
    expect(right(await getPublicTree(deps)(session.actor, tree.id)).id).to.equal(tree.id);
  });
});
