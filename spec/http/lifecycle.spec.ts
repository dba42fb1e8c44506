import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// The person soft-delete lifecycle over HTTP on PostgreSQL (SPEC "Soft-delete lifecycle"): delete
// takes the touching relationships and the self/home pointers with it, cascade takes descendants,
// `?deleted=true` lists the recoverable (members only), restore brings back what the delete removed,
// and every step is audited.

const pid = (id: string) => ({ params: { path: { id } } });

describe('HTTP person lifecycle', () => {
  let svc: TestService;
  let c: ApiClient;
  let ownerToken: string;
  let stranger: ApiClient;
  let editorUser: Awaited<ReturnType<typeof registerUser>>;
  let treeId: string;

  const person = async (given: string, tree = treeId) => {
    const r = await c.POST('/trees/{id}/persons', { ...pid(tree), body: { given_name: given, surname: 'Life' } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };
  const edge = async (type: 'partnership' | 'parent_child', a: string, b: string) => {
    const r = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type, person_a_id: a, person_b_id: b, ...(type === 'parent_child' ? { qualifier: 'biological' as const } : {}) } });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    return r.data!.id;
  };
  const liveIds = async () => (await c.GET('/trees/{id}/persons', pid(treeId))).data!.map((p) => p.id);
  const deletedIds = async () => {
    const r = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { deleted: 'true' } } });
    expect(r.response.status).to.equal(200);
    return r.data!.map((p) => p.id);
  };
  const relIds = async () => (await c.GET('/trees/{id}/relationships', pid(treeId))).data!.map((r) => r.id);

  before(async () => {
    svc = await startTestService();
    ownerToken = (await registerUser(svc, 'owner@example.org')).token;
    c = svc.client(ownerToken);
    stranger = svc.client((await registerUser(svc, 'stranger@example.org')).token);
    editorUser = await registerUser(svc, 'editor@example.org');
    treeId = (await c.POST('/trees', { body: { name: 'Lifecycle', visibility: 'public' } })).data!.id;
    expect((await c.POST('/trees/{id}/members', { ...pid(treeId), body: { email: editorUser.email, role: 'editor' } })).response.status).to.equal(201);
  });
  after(async () => {
    await svc.close();
  });

  it('delete soft-deletes the relationships touching the person, clears self and home pointers, answers {deleted: 1}', async () => {
    const victim = await person('Victim');
    const partner = await person('Partner');
    const child = await person('Child');
    const untouchedA = await person('Other');
    const untouchedB = await person('Another');
    const r1 = await edge('partnership', victim, partner);
    const r2 = await edge('parent_child', victim, child);
    const r3 = await edge('partnership', untouchedA, untouchedB);
    expect((await c.PATCH('/trees/{id}', { ...pid(treeId), body: { home_person_id: victim } })).data?.home_person_id).to.equal(victim);
    const ed = svc.client(editorUser.token);
    expect((await ed.PATCH('/users/me/self-person', { body: { person_id: victim } })).data?.self_person_id).to.equal(victim);
    expect((await c.PATCH('/users/me/self-person', { body: { person_id: victim } })).data?.self_person_id).to.equal(victim);

    const { data, response } = await ed.DELETE('/persons/{id}', pid(victim));
    expect(response.status).to.equal(200);
    expect(data).to.deep.equal({ deleted: 1 });

    const afterDelete = await liveIds();
    expect(afterDelete).to.not.include(victim);
    expect(afterDelete).to.include.members([partner, child]);
    const rels = await relIds();
    expect(rels).to.not.include(r1);
    expect(rels).to.not.include(r2);
    expect(rels).to.include(r3);
    expect((await c.GET('/persons/{id}/relationships', pid(partner))).data).to.deep.equal([]);
    expect((await c.GET('/persons/{id}/relationships', pid(child))).data).to.deep.equal([]);
    expect((await c.GET('/relationships/{id}', pid(r1))).response.status).to.equal(404);
    expect((await c.GET('/trees/{id}', pid(treeId))).data?.home_person_id).to.equal(null);
    expect((await ed.GET('/users/me')).data?.self_person_id).to.equal(null);
    expect((await c.GET('/users/me')).data?.self_person_id).to.equal(null);
    expect((await c.GET('/persons/{id}', pid(victim))).response.status, 'a deleted person is 404').to.equal(404);
    expect((await c.GET('/public/persons/{id}', pid(victim))).response.status, 'also on the public surface').to.equal(404);
    expect((await c.DELETE('/persons/{id}', pid(victim))).response.status, 'deleting again').to.equal(404);
  });

  it('?deleted=true lists the recoverable persons: members only (403 for a non-member of a public tree)', async () => {
    const gone = await person('Gone');
    const live = await person('Live');
    expect((await c.DELETE('/persons/{id}', pid(gone))).data).to.deep.equal({ deleted: 1 });
    const deleted = await deletedIds();
    expect(deleted).to.include(gone);
    expect(deleted).to.not.include(live);
    const liveNow = await liveIds();
    expect(liveNow).to.include(live);
    expect(liveNow).to.not.include(gone);
    const s = await stranger.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { deleted: 'true' } } });
    expect(s.response.status).to.equal(403);
    expect((await stranger.GET('/trees/{id}/persons', pid(treeId))).response.status, 'the live list is viewable').to.equal(200);
    const viewerUser = await registerUser(svc, 'viewer@example.org');
    await c.POST('/trees/{id}/members', { ...pid(treeId), body: { email: viewerUser.email, role: 'viewer' } });
    const v = await svc.client(viewerUser.token).GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { deleted: 'true' } } });
    expect(v.response.status).to.equal(200);
    expect(v.data?.map((p) => p.id)).to.include(gone);
  });

  it('restore brings back the person and the relationships that delete removed, and nothing deleted before', async () => {
    const p = await person('Restored');
    const q = await person('Partner');
    const r = await person('Kid');
    const keptDeleted = await edge('partnership', p, await person('Ex'));
    expect((await c.DELETE('/relationships/{id}', pid(keptDeleted))).response.status).to.equal(204);
    const e1 = await edge('partnership', p, q);
    const e2 = await edge('parent_child', p, r);
    expect((await c.DELETE('/persons/{id}', pid(p))).data).to.deep.equal({ deleted: 1 });
    expect(await relIds()).to.not.include(e1);

    const { data, response } = await c.POST('/persons/{id}/restore', pid(p));
    expect(response.status).to.equal(200);
    expect(data).to.include({ id: p, given_name: 'Restored', redacted: false });
    expect(await liveIds()).to.include(p);
    expect(await deletedIds()).to.not.include(p);
    expect((await c.GET('/persons/{id}', pid(p))).response.status).to.equal(200);
    const rels = await relIds();
    expect(rels).to.include.members([e1, e2]);
    expect(rels, 'an edge deleted on its own stays deleted').to.not.include(keptDeleted);
    expect((await c.GET('/persons/{id}/relationships', pid(p))).data?.map((x) => x.id).sort()).to.deep.equal([e1, e2].sort());
  });

  it('restore of a live person is 404; a non-editor cannot restore (403)', async () => {
    const p = await person('Alive');
    expect((await c.POST('/persons/{id}/restore', pid(p))).response.status).to.equal(404);
    const d = await person('Dead');
    await c.DELETE('/persons/{id}', pid(d));
    expect((await stranger.POST('/persons/{id}/restore', pid(d))).response.status).to.equal(403);
    expect(await deletedIds()).to.include(d);
  });

  it('?cascade=true deletes the descendants (a grandchild too) and counts them; restore brings them all back', async () => {
    const root = await person('Root');
    const spouse = await person('Spouse');
    const child = await person('Child');
    const grandchild = await person('Grandchild');
    const sibling = await person('Sibling of root');
    const grandparent = await person('Grandparent');
    const e = [
      await edge('partnership', root, spouse),
      await edge('parent_child', root, child),
      await edge('parent_child', spouse, child),
      await edge('parent_child', child, grandchild),
      await edge('parent_child', grandparent, root),
      await edge('parent_child', grandparent, sibling),
    ];
    const { data, response } = await c.DELETE('/persons/{id}', { params: { path: { id: root }, query: { cascade: 'true' } } });
    expect(response.status).to.equal(200);
    expect(data).to.deep.equal({ deleted: 3 });
    const live = await liveIds();
    expect(live).to.not.include(root);
    expect(live).to.not.include(child);
    expect(live).to.not.include(grandchild);
    expect(live).to.include.members([spouse, sibling, grandparent]);
    expect(await deletedIds()).to.include.members([root, child, grandchild]);
    const rels = await relIds();
    expect(rels.filter((id) => e.includes(id))).to.deep.equal([e[5]]);

    expect((await c.POST('/persons/{id}/restore', pid(root))).response.status).to.equal(200);
    expect(await liveIds()).to.include.members([root, child, grandchild, spouse]);
    expect(await deletedIds()).to.not.include(child);
    expect((await relIds()).filter((id) => e.includes(id)).sort()).to.deep.equal([...e].sort());
  });

  it('audits person.create, person.update, person.delete and person.restore (GET /trees/{id}/audit as owner)', async () => {
    const p = await person('Audited');
    await c.PATCH('/persons/{id}', { ...pid(p), body: { notes: 'changed' } });
    await c.DELETE('/persons/{id}', pid(p));
    await c.POST('/persons/{id}/restore', pid(p));
    const { data, response } = await c.GET('/trees/{id}/audit', pid(treeId));
    expect(response.status).to.equal(200);
    const mine = data!.filter((a) => a.entity_id === p);
    expect(mine.map((a) => a.action).sort()).to.deep.equal(['person.create', 'person.delete', 'person.restore', 'person.update']);
    expect(mine.every((a) => a.entity_type === 'person' && a.tree_id === treeId && typeof a.actor_id === 'string')).to.equal(true);
  });
});
