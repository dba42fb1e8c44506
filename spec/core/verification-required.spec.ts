import { expect } from 'chai';
import { register } from '../../core/identity/commands/register.js';
import { verifyEmail } from '../../core/identity/commands/verify-email.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { listDirectory } from '../../core/trees/queries/list-directory.js';
import { getPublicTree } from '../../core/trees/queries/get-public-tree.js';
import { getTree } from '../../core/trees/queries/get-tree.js';
import { anonymous, coreDeps, left, right, tokenOf } from './support.js';

// REQUIRE_EMAIL_VERIFICATION without HTTP (issue 9, finding 3): the core decides who an unverified
// session is, so any host that authenticates through the core reads such a session as anonymous.

const setup = async (requireEmailVerification: boolean) => {
  const { deps, mails } = coreDeps({ requireEmailVerification });
  const signUp = async (email: string, verified: boolean) => {
    const { token } = right(await register(deps)(anonymous, { email, password: 'long enough' }));
    if (verified) right(await verifyEmail(deps)({ token: tokenOf(mails.filter((m) => m.to === email).at(-1)!.link) }));
    return (await authenticate(deps)(token, '::1'))!;
  };
  const owner = await signUp('owner@example.org', true);
  const tree = right(await createTree(deps)(owner.actor, { name: 'Site kin', visibility: 'site_members' }));
  return { deps, signUp, tree };
};

describe('email verification required (core, memory adapters)', () => {
  it('an unverified session acts as anonymous, with the account and the email_unverified restriction beside it', async () => {
    const { signUp } = await setup(true);
    const session = await signUp('new@example.org', false);
    expect(session.actor.kind).to.equal('anonymous');
    expect(session.account).to.include({ kind: 'user', email: 'new@example.org', emailVerified: false });
    expect(session.restriction).to.include({ _tag: 'Forbidden', code: 'email_unverified' });
  });

  it('an unverified session does not see a site_members tree in the directory or by id; a verified one does', async () => {
    const { deps, signUp, tree } = await setup(true);
    const unverified = await signUp('new@example.org', false);
    const verified = await signUp('done@example.org', true);
    expect(verified.actor.kind).to.equal('user');
    expect(verified.restriction).to.equal(null);
    expect(right(await listDirectory(deps)(unverified.actor)).map((t) => t.id)).not.to.include(tree.id);
    expect(left(await getPublicTree(deps)(unverified.actor, tree.id))._tag).to.equal('NotFound');
    expect(left(await getTree(deps)(unverified.actor, tree.id))._tag).to.equal('Unauthenticated');
    expect(right(await listDirectory(deps)(verified.actor)).map((t) => t.id)).to.include(tree.id);
    expect(right(await getPublicTree(deps)(verified.actor, tree.id)).id).to.equal(tree.id);
  });

  it('without the requirement an unverified account is a signed-in user', async () => {
    const { deps, signUp, tree } = await setup(false);
    const session = await signUp('new@example.org', false);
    expect(session.actor).to.deep.equal(session.account);
    expect(session.restriction).to.equal(null);
    expect(right(await getPublicTree(deps)(session.actor, tree.id)).id).to.equal(tree.id);
  });
});
