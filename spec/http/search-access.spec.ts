import { expect } from 'chai';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';

// A name search's page is read in one statement with the tree and the reader's role (issue 27), and
// only then decided (readerOf): every reader who may not read the tree is refused as before, with
// nothing of the search in the answer, and a reader's role makes the audience the search is for.

type User = Awaited<ReturnType<typeof registerUser>>;

describe('HTTP name search: who may search a tree, and what they find', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: User;
  let viewer: User;
  let stranger: User;
  let unverified: User;
  const trees = { open: '', closed: '', gone: '' };
  const found = { dead: '', living: '' };
  const call = rawCaller(() => svc.baseUrl);

  const post = async (path: string, body: unknown, token = owner.token): Promise<any> => {
    const r = await call('POST', path, token, body);
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };

  before(async () => {
    svc = await startTestService({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    const verified = async (email: string) => {
      const u = await registerUser(svc, email);
      const r = await call('POST', '/auth/verify-email', undefined, { token: tokenFromMail(svc, email) });
      if (r.status !== 204) throw new Error(`setup: verify ${email}: ${r.status}`);
      return u;
    };
    owner = await verified('owner@example.org');
    viewer = await verified('viewer@example.org');
    stranger = await verified('stranger@example.org');
    unverified = await registerUser(svc, 'unverified@example.org');
    for (const [key, visibility] of [['open', 'public'], ['closed', 'private'], ['gone', 'public']] as const) {
      trees[key] = (await post('/trees', { name: `Zedlers ${key}`, visibility })).id;
      const dead = await post(`/trees/${trees[key]}/persons`, {
        given_name: 'Anna', surname: 'Zedler', birth: { date: { qualifier: 'exact', year: 1801 } }, death: { date: { qualifier: 'exact', year: 1870 } },
      });
      const living = await post(`/trees/${trees[key]}/persons`, { given_name: 'Berta', surname: 'Zedler', birth: { date: { qualifier: 'exact', year: 1990 } } });
      if (key === 'open') Object.assign(found, { dead: dead.id, living: living.id });
      await post(`/trees/${trees[key]}/members`, { email: viewer.email, role: 'viewer' });
    }
    expect((await call('DELETE', `/trees/${trees.gone}`, owner.token)).status).to.equal(204);
  });

  after(async () => svc?.close());

  const search = (tree: string, token?: string, surface: 'members' | 'public' = 'members') =>
    call('GET', `${surface === 'public' ? '/public' : ''}/trees/${tree}/persons?q=Zedlr`, token);
  const ids = (body: unknown) => (body as { id: string }[]).map((p) => p.id).sort();

  it('a member finds every person, in full; a viewer too (a member by role)', async () => {
    for (const u of [owner, viewer]) {
      const r = await search(trees.open, u.token);
      expect(r.status, u.email).to.equal(200);
      expect(ids(r.body), u.email).to.deep.equal([found.dead, found.living].sort());
      expect((r.body as { redacted: boolean }[]).every((p) => !p.redacted)).to.equal(true);
    }
  });

  it('a signed-in stranger and an anonymous reader of a public tree find only the persons shown in full', async () => {
    const signedIn = await search(trees.open, stranger.token);
    expect(signedIn.status).to.equal(200);
    expect(ids(signedIn.body)).to.deep.equal([found.dead]);
    const anonymous = await search(trees.open, undefined, 'public');
    expect(anonymous.status).to.equal(200);
    expect(ids(anonymous.body)).to.deep.equal([found.dead]);
  });

  it('a private tree: the owner and the viewer find its persons; a stranger is 403 and an anonymous reader 404, with nothing found in the answer', async () => {
    for (const u of [owner, viewer]) expect(ids((await search(trees.closed, u.token)).body), u.email).to.have.length(2);
    const refused = await search(trees.closed, stranger.token);
    expect(refused.status).to.equal(403);
    expect(refused.text).to.not.include('Zedler');
    const hidden = await search(trees.closed, undefined, 'public');
    expect(hidden.status).to.equal(404);
    expect(hidden.text).to.not.include('Zedler');
    // The member's view of /public is a non-member's: the living person is not found there.
    expect(ids((await search(trees.open, owner.token, 'public')).body)).to.deep.equal([found.dead]);
  });

  it('a deleted tree is 404 to its owner; an unverified account finds nothing on /public', async () => {
    expect((await search(trees.open, owner.token)).status).to.equal(200);
    const gone = await search(trees.gone, owner.token);
    expect(gone.status).to.equal(404);
    expect(gone.text).to.not.include('Zedler');
    expect((await search(trees.open, undefined, 'public')).status).to.equal(200);
    const restricted = await search(trees.open, unverified.token, 'public');
    expect(restricted.status).to.be.within(400, 499);
    expect(restricted.text).to.not.include('Zedler');
  });
});
