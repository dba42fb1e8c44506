import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Tree membership over HTTP on PostgreSQL: list, add, change role, remove, leave, the last-owner rule.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
type User = Awaited<ReturnType<typeof registerUser>>;

describe('HTTP members', () => {
  let svc: TestService;
  let owner: User;
  let editor: User;
  let viewer: User;
  let stranger: User;
  let n = 0;

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'owner@example.org');
    editor = await registerUser(svc, 'editor@example.org');
    viewer = await registerUser(svc, 'viewer@example.org');
    stranger = await registerUser(svc, 'stranger@example.org');
  });
  after(async () => {
    await svc.close();
  });

  const fresh = () => registerUser(svc, `user${n++}@example.org`);
  const members = (token: string, id: string) => svc.client(token).GET('/trees/{id}/members', { params: { path: { id } } });
  const add = (token: string, id: string, email: string, role: 'owner' | 'editor' | 'viewer') =>
    svc.client(token).POST('/trees/{id}/members', { params: { path: { id } }, body: { email, role } });
  const setRole = (token: string, id: string, userId: string, role: 'owner' | 'editor' | 'viewer') =>
    svc.client(token).PATCH('/trees/{id}/members/{user_id}', { params: { path: { id, user_id: userId } }, body: { role } });
  const remove = (token: string, id: string, userId: string) =>
    svc.client(token).DELETE('/trees/{id}/members/{user_id}', { params: { path: { id, user_id: userId } } });

  const makeTree = async (visibility: 'private' | 'public' = 'private') => {
    const { data } = await svc.client(owner.token).POST('/trees', { body: { name: `Tree ${n++}`, visibility } });
    const id = data!.id;
    expect((await add(owner.token, id, editor.email, 'editor')).response.status).to.equal(201);
    expect((await add(owner.token, id, viewer.email, 'viewer')).response.status).to.equal(201);
    return id;
  };

  describe('list', () => {
    it('members (a viewer too) see every member with user_id, email and role', async () => {
      const id = await makeTree();
      const { data, response } = await members(viewer.token, id);
      expect(response.status).to.equal(200);
      const rows = (data ?? []).map((m) => ({ user_id: m.user_id, email: m.email, role: m.role }));
      expect(rows).to.have.deep.members([
        { user_id: owner.id, email: owner.email, role: 'owner' },
        { user_id: editor.id, email: editor.email, role: 'editor' },
        { user_id: viewer.id, email: viewer.email, role: 'viewer' },
      ]);
    });

    it('a non-member gets 403 even on a PUBLIC tree (the list exposes emails); anonymous gets 401', async () => {
      const id = await makeTree('public');
      expect((await svc.client(stranger.token).GET('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(200);
      const { error, response } = await members(stranger.token, id);
      expect(response.status).to.equal(403);
      expect(code(error)).to.equal('forbidden');
      expect(JSON.stringify(error)).not.to.contain(owner.email);
      const anon = await svc.client().GET('/trees/{id}/members', { params: { path: { id } } });
      expect(anon.response.status).to.equal(401);
      expect(code(anon.error)).to.equal('unauthenticated');
    });

    it('an unknown tree is 404', async () => {
      expect((await members(owner.token, randomUUID())).response.status).to.equal(404);
    });
  });

  describe('add', () => {
    it('the owner adds an existing account by email (201 with user_id, email, role); the new member gains access', async () => {
      const id = await makeTree();
      const u = await fresh();
      const { data, response } = await add(owner.token, id, u.email.toUpperCase(), 'editor');
      expect(response.status).to.equal(201);
      expect(data).to.include({ user_id: u.id, email: u.email, role: 'editor' });
      const tree = await svc.client(u.token).GET('/trees/{id}', { params: { path: { id } } });
      expect(tree.response.status).to.equal(200);
      expect(tree.data?.role).to.equal('editor');
      expect((await members(owner.token, id)).data?.map((m) => m.user_id)).to.include(u.id);
    });

    it('no account with that email is 404; already a member is 409', async () => {
      const id = await makeTree();
      const missing = await add(owner.token, id, 'nobody@example.org', 'viewer');
      expect(missing.response.status).to.equal(404);
      expect(code(missing.error)).to.equal('not_found');
      const dup = await add(owner.token, id, viewer.email, 'editor');
      expect(dup.response.status).to.equal(409);
      expect(code(dup.error)).to.equal('already_member');
      const me = (await members(owner.token, id)).data?.find((m) => m.user_id === viewer.id);
      expect(me?.role).to.equal('viewer');
    });

    it('an editor or viewer may not add (403), and nothing is added', async () => {
      const id = await makeTree();
      const u = await fresh();
      for (const [who, caller] of [['editor', editor], ['viewer', viewer], ['non-member', stranger]] as const) {
        const r = await add(caller.token, id, u.email, 'viewer');
        expect(r.response.status, who).to.equal(403);
        expect(code(r.error), who).to.equal('forbidden');
      }
      expect((await members(owner.token, id)).data?.map((m) => m.user_id)).not.to.include(u.id);
    });

    it('an unknown role is 422', async () => {
      const id = await makeTree();
      const u = await fresh();
      const r = await add(owner.token, id, u.email, 'admin' as 'viewer');
      expect(r.response.status).to.equal(422);
      expect(code(r.error)).to.equal('invalid_input');
    });
  });

  describe('change role', () => {
    it('the owner changes a role (200 with the member); the new role takes effect', async () => {
      const id = await makeTree();
      const up = await setRole(owner.token, id, viewer.id, 'editor');
      expect(up.response.status).to.equal(200);
      expect(up.data).to.include({ user_id: viewer.id, email: viewer.email, role: 'editor' });
      const patch = await svc.client(viewer.token).PATCH('/trees/{id}', { params: { path: { id } }, body: { description: 'promoted' } });
      expect(patch.response.status).to.equal(200);

      const down = await setRole(owner.token, id, editor.id, 'viewer');
      expect(down.data?.role).to.equal('viewer');
      const denied = await svc.client(editor.token).PATCH('/trees/{id}', { params: { path: { id } }, body: { description: 'nope' } });
      expect(denied.response.status).to.equal(403);
    });

    it('an editor may not change roles (403); a non-member of the tree as target is 404', async () => {
      const id = await makeTree();
      const r = await setRole(editor.token, id, viewer.id, 'owner');
      expect(r.response.status).to.equal(403);
      expect((await members(owner.token, id)).data?.find((m) => m.user_id === viewer.id)?.role).to.equal('viewer');
      const notMember = await setRole(owner.token, id, stranger.id, 'viewer');
      expect(notMember.response.status).to.equal(404);
    });

    it('demoting the only owner is 409 last_owner (also by the owner themself)', async () => {
      const id = await makeTree();
      const r = await setRole(owner.token, id, owner.id, 'editor');
      expect(r.response.status).to.equal(409);
      expect(code(r.error)).to.equal('last_owner');
      expect((await members(owner.token, id)).data?.find((m) => m.user_id === owner.id)?.role).to.equal('owner');
    });

    it('with two owners, demoting one is fine; then the other is the only owner again', async () => {
      const id = await makeTree();
      expect((await setRole(owner.token, id, editor.id, 'owner')).response.status).to.equal(200);
      const demote = await setRole(editor.token, id, owner.id, 'viewer');
      expect(demote.response.status).to.equal(200);
      expect(demote.data?.role).to.equal('viewer');
      // The former owner lost owner rights...
      expect((await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(403);
      // ...and the remaining one is the last owner.
      const last = await setRole(editor.token, id, editor.id, 'viewer');
      expect(last.response.status).to.equal(409);
      expect(code(last.error)).to.equal('last_owner');
    });
  });

  describe('remove and leave', () => {
    it('removing the only owner is 409 last_owner, also when the owner tries to leave', async () => {
      const id = await makeTree();
      const r = await remove(owner.token, id, owner.id);
      expect(r.response.status).to.equal(409);
      expect(code(r.error)).to.equal('last_owner');
      expect((await members(owner.token, id)).data?.map((m) => m.user_id)).to.include(owner.id);
    });

    it('with two owners one may be removed', async () => {
      const id = await makeTree();
      await setRole(owner.token, id, editor.id, 'owner');
      const r = await remove(editor.token, id, owner.id);
      expect(r.response.status).to.equal(204);
      expect((await svc.client(owner.token).GET('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(403);
    });

    it('the owner removes a member (204); the removed member loses access to the private tree and its member list', async () => {
      const id = await makeTree();
      const r = await remove(owner.token, id, viewer.id);
      expect(r.response.status).to.equal(204);
      expect((await svc.client(viewer.token).GET('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(403);
      expect((await members(viewer.token, id)).response.status).to.equal(403);
      expect((await svc.client(viewer.token).GET('/trees')).data?.map((t) => t.id)).not.to.include(id);
      expect((await remove(owner.token, id, viewer.id)).response.status).to.equal(404);
    });

    it('any member can leave themselves (204); an editor cannot remove someone else (403)', async () => {
      const id = await makeTree();
      const other = await remove(editor.token, id, viewer.id);
      expect(other.response.status).to.equal(403);
      expect((await members(owner.token, id)).data?.map((m) => m.user_id)).to.include(viewer.id);

      const leave = await remove(viewer.token, id, viewer.id);
      expect(leave.response.status).to.equal(204);
      expect((await svc.client(viewer.token).GET('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(403);
      const leaveEditor = await remove(editor.token, id, editor.id);
      expect(leaveEditor.response.status).to.equal(204);
      expect((await members(owner.token, id)).data?.map((m) => m.user_id)).to.deep.equal([owner.id]);
    });

    it('a non-member cannot remove anyone (403)', async () => {
      const id = await makeTree('public');
      const r = await remove(stranger.token, id, viewer.id);
      expect(r.response.status).to.equal(403);
    });
  });
});
