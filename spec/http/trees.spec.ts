import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Trees over HTTP on PostgreSQL: create, list, read per visibility, update, delete/restore/purge.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

describe('HTTP trees', () => {
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let editor: Awaited<ReturnType<typeof registerUser>>;
  let viewer: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;

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

  /** A tree of `owner` with `editor` and `viewer` as members. */
  const makeTree = async (name: string, visibility?: 'private' | 'site_members' | 'unlisted' | 'public') => {
    const { data, response } = await svc.client(owner.token).POST('/trees', { body: { name, ...(visibility ? { visibility } : {}) } });
    expect(response.status, 'create tree').to.equal(201);
    const id = data!.id;
    for (const [u, role] of [[editor, 'editor'], [viewer, 'viewer']] as const) {
      const add = await svc.client(owner.token).POST('/trees/{id}/members', { params: { path: { id } }, body: { email: u.email, role } });
      expect(add.response.status, `add ${role}`).to.equal(201);
    }
    return data!;
  };
  const getTree = (token: string, id: string) => svc.client(token).GET('/trees/{id}', { params: { path: { id } } });

  describe('create', () => {
    it('answers 201 with the tree: role owner, owner_id the creator, private by default', async () => {
      const { data, response } = await svc.client(owner.token).POST('/trees', { body: { name: 'Smiths', description: 'Our family' } });
      expect(response.status).to.equal(201);
      expect(data).to.include({ name: 'Smiths', description: 'Our family', role: 'owner', owner_id: owner.id, visibility: 'private', home_person_id: null, deleted_at: null });
      expect(data?.ai_member_provider).to.equal(null);
      expect(data?.ai_recommender_provider).to.equal(null);
      expect(data?.id).to.match(/^[0-9a-f-]{36}$/);
      const again = await getTree(owner.token, data!.id);
      expect(again.data).to.deep.equal(data);
    });

    it('takes a visibility', async () => {
      const { data } = await svc.client(owner.token).POST('/trees', { body: { name: 'Open', visibility: 'public' } });
      expect(data?.visibility).to.equal('public');
    });

    it('refuses an empty name or an unknown visibility with 422 invalid_input', async () => {
      const empty = await svc.client(owner.token).POST('/trees', { body: { name: '   ' } });
      expect(empty.response.status).to.equal(422);
      expect(code(empty.error)).to.equal('invalid_input');
      const vis = await svc.client(owner.token).POST('/trees', { body: { name: 'x', visibility: 'secret' as 'private' } });
      expect(vis.response.status).to.equal(422);
      expect((vis.error as { errors?: { path: string }[] }).errors?.map((e) => e.path)).to.include('visibility');
    });

    it('needs a session (401)', async () => {
      const { response, error } = await svc.client().POST('/trees', { body: { name: 'Anon' } });
      expect(response.status).to.equal(401);
      expect(code(error)).to.equal('unauthenticated');
    });
  });

  describe('list', () => {
    it('lists only the trees the caller is a member of, each with the caller\'s role', async () => {
      const listOwner = await svc.client().POST('/auth/register', { body: { email: 'lister@example.org', password: 'correct horse' } });
      const lister = listOwner.data!;
      const mine = await svc.client(lister.token).POST('/trees', { body: { name: 'Mine' } });
      const theirs = await makeTree('Theirs');
      await svc.client(owner.token).POST('/trees/{id}/members', { params: { path: { id: theirs.id } }, body: { email: 'lister@example.org', role: 'viewer' } });
      const publicOther = await svc.client(owner.token).POST('/trees', { body: { name: 'Public, not mine', visibility: 'public' } });

      const { data, response } = await svc.client(lister.token).GET('/trees');
      expect(response.status).to.equal(200);
      const byId = new Map((data ?? []).map((t) => [t.id, t]));
      expect([...byId.keys()].sort()).to.deep.equal([mine.data!.id, theirs.id].sort());
      expect(byId.get(mine.data!.id)?.role).to.equal('owner');
      expect(byId.get(theirs.id)?.role).to.equal('viewer');
      expect(byId.has(publicOther.data!.id)).to.equal(false);

      const strangerList = await svc.client(stranger.token).GET('/trees');
      expect(strangerList.data?.map((t) => t.id)).not.to.include(theirs.id);
    });
  });

  describe('get', () => {
    it('members read a private tree with their role; a non-member gets 403', async () => {
      const tree = await makeTree('Private one');
      for (const [u, role] of [[owner, 'owner'], [editor, 'editor'], [viewer, 'viewer']] as const) {
        const { data, response } = await getTree(u.token, tree.id);
        expect(response.status, role).to.equal(200);
        expect(data?.role, role).to.equal(role);
        expect(data?.owner_id, role).to.equal(owner.id);
      }
      const { error, response } = await getTree(stranger.token, tree.id);
      expect(response.status).to.equal(403);
      expect(code(error)).to.equal('forbidden');
      expect(JSON.stringify(error)).not.to.contain('Private one');
    });

    for (const visibility of ['site_members', 'unlisted', 'public'] as const) {
      it(`an authenticated non-member views a ${visibility} tree, with role null and without owner_id`, async () => {
        const tree = await makeTree(`Tree ${visibility}`, visibility);
        const { data, response } = await getTree(stranger.token, tree.id);
        expect(response.status).to.equal(200);
        expect(data?.name).to.equal(`Tree ${visibility}`);
        expect(data?.role).to.equal(null);
        expect(data).not.to.have.property('owner_id');
        expect(JSON.stringify(data)).not.to.contain(owner.id);
      });
    }

    it('anonymous reads of /trees/{id} are 401 even on a public tree', async () => {
      const tree = await makeTree('Public anon', 'public');
      const { response, error } = await svc.client().GET('/trees/{id}', { params: { path: { id: tree.id } } });
      expect(response.status).to.equal(401);
      expect(code(error)).to.equal('unauthenticated');
    });

    it('a path id that is not a UUID is 404, and an unknown UUID is 404', async () => {
      const bad = await getTree(owner.token, 'not-a-uuid');
      expect(bad.response.status).to.equal(404);
      expect(code(bad.error)).to.equal('not_found');
      const unknown = await getTree(owner.token, randomUUID());
      expect(unknown.response.status).to.equal(404);
      expect(code(unknown.error)).to.equal('not_found');
    });
  });

  describe('update', () => {
    it('an editor updates name, description and visibility (200 with the record)', async () => {
      const tree = await makeTree('Before');
      const { data, response } = await svc.client(editor.token).PATCH('/trees/{id}', {
        params: { path: { id: tree.id } },
        body: { name: 'After', description: 'new words', visibility: 'unlisted' },
      });
      expect(response.status).to.equal(200);
      expect(data).to.include({ id: tree.id, name: 'After', description: 'new words', visibility: 'unlisted', role: 'editor' });
      expect(Date.parse(data!.updated_at)).to.be.at.least(Date.parse(tree.updated_at));
      expect((await getTree(owner.token, tree.id)).data).to.include({ name: 'After', visibility: 'unlisted' });
    });

    it('a viewer and a non-member get 403 and change nothing', async () => {
      const tree = await makeTree('Guarded', 'public');
      for (const [who, u] of [['viewer', viewer], ['non-member', stranger]] as const) {
        const { error, response } = await svc.client(u.token).PATCH('/trees/{id}', { params: { path: { id: tree.id } }, body: { name: 'Hijacked' } });
        expect(response.status, who).to.equal(403);
        expect(code(error), who).to.equal('forbidden');
      }
      expect((await getTree(owner.token, tree.id)).data?.name).to.equal('Guarded');
    });

    it('home_person_id naming no person (none exist yet) is 422; null is accepted', async () => {
      const tree = await makeTree('Home');
      const bad = await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id: tree.id } }, body: { home_person_id: randomUUID() } });
      expect(bad.response.status).to.equal(422);
      expect((bad.error as { errors?: { path: string }[] }).errors?.map((e) => e.path)).to.include('home_person_id');
      expect((await getTree(owner.token, tree.id)).data?.home_person_id).to.equal(null);
      const clear = await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id: tree.id } }, body: { home_person_id: null } });
      expect(clear.response.status).to.equal(200);
      expect(clear.data?.home_person_id).to.equal(null);
    });

    it('a home_person_id that is not a UUID is 422', async () => {
      const tree = await makeTree('Home 2');
      const bad = await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id: tree.id } }, body: { home_person_id: 'abc' } });
      expect(bad.response.status).to.equal(422);
      expect(code(bad.error)).to.equal('invalid_input');
    });
  });

  describe('delete, restore, purge', () => {
    it('only the owner deletes (editor 403); then GET is 404, ?deleted=true lists it, restore answers 200 with the tree', async () => {
      const tree = await makeTree('Doomed');
      const byEditor = await svc.client(editor.token).DELETE('/trees/{id}', { params: { path: { id: tree.id } } });
      expect(byEditor.response.status).to.equal(403);
      expect((await getTree(owner.token, tree.id)).response.status).to.equal(200);

      const del = await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id: tree.id } } });
      expect(del.response.status).to.equal(204);
      for (const u of [owner, editor, viewer]) {
        const g = await getTree(u.token, tree.id);
        expect(g.response.status).to.equal(404);
        expect(code(g.error)).to.equal('not_found');
      }
      const live = await svc.client(owner.token).GET('/trees');
      expect(live.data?.map((t) => t.id)).not.to.include(tree.id);
      const deleted = await svc.client(owner.token).GET('/trees', { params: { query: { deleted: 'true' } } });
      expect(deleted.response.status).to.equal(200);
      const row = deleted.data?.find((t) => t.id === tree.id);
      expect(row?.deleted_at).to.be.a('string');
      // Only an owner can restore, so only owners see it there.
      const editorDeleted = await svc.client(editor.token).GET('/trees', { params: { query: { deleted: 'true' } } });
      expect(editorDeleted.data?.map((t) => t.id)).not.to.include(tree.id);

      const again = await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id: tree.id } } });
      expect(again.response.status).to.equal(404);

      const byEditorRestore = await svc.client(editor.token).POST('/trees/{id}/restore', { params: { path: { id: tree.id } } });
      expect(byEditorRestore.response.status).to.equal(403);
      const restored = await svc.client(owner.token).POST('/trees/{id}/restore', { params: { path: { id: tree.id } } });
      expect(restored.response.status).to.equal(200);
      expect(restored.data).to.include({ id: tree.id, name: 'Doomed', deleted_at: null, role: 'owner' });
      expect((await getTree(viewer.token, tree.id)).response.status).to.equal(200);
      const afterRestore = await svc.client(owner.token).GET('/trees', { params: { query: { deleted: 'true' } } });
      expect(afterRestore.data?.map((t) => t.id)).not.to.include(tree.id);
      const restoreLive = await svc.client(owner.token).POST('/trees/{id}/restore', { params: { path: { id: tree.id } } });
      expect(restoreLive.response.status).to.equal(404);
    });

    it('purge: a tree not deleted is 422, a wrong name is 422, the right name 204; then GET 404 and ?deleted=true no longer lists it', async () => {
      const tree = await makeTree('Purge me');
      const notDeleted = await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id: tree.id } }, body: { name: 'Purge me' } });
      expect(notDeleted.response.status).to.equal(422);
      expect((await getTree(owner.token, tree.id)).response.status).to.equal(200);

      await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id: tree.id } } });
      const wrong = await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id: tree.id } }, body: { name: 'purge me' } });
      expect(wrong.response.status).to.equal(422);
      expect((await svc.client(owner.token).GET('/trees', { params: { query: { deleted: 'true' } } })).data?.map((t) => t.id)).to.include(tree.id);

      const byEditor = await svc.client(editor.token).POST('/trees/{id}/purge', { params: { path: { id: tree.id } }, body: { name: 'Purge me' } });
      expect(byEditor.response.status).to.equal(403);

      const purge = await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id: tree.id } }, body: { name: 'Purge me' } });
      expect(purge.response.status).to.equal(204);
      expect((await getTree(owner.token, tree.id)).response.status).to.equal(404);
      expect((await svc.client(owner.token).GET('/trees', { params: { query: { deleted: 'true' } } })).data?.map((t) => t.id)).not.to.include(tree.id);
      expect((await svc.client(owner.token).POST('/trees/{id}/restore', { params: { path: { id: tree.id } } })).response.status).to.equal(404);
      const twice = await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id: tree.id } }, body: { name: 'Purge me' } });
      expect(twice.response.status).to.equal(404);
    });

    it('an unknown or malformed id is 404 on delete, restore and purge', async () => {
      const id = randomUUID();
      expect((await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(404);
      expect((await svc.client(owner.token).POST('/trees/{id}/restore', { params: { path: { id } } })).response.status).to.equal(404);
      expect((await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id } }, body: { name: 'x' } })).response.status).to.equal(404);
      expect((await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id: '123' } } })).response.status).to.equal(404);
    });
  });
});
