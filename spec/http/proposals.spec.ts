import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { newId } from '../../core/kernel/ids.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Proposals over HTTP on PostgreSQL (API.md "Proposals"): propose as a viewer, the 422 paths, the
// diff, apply with "$ref", partial failure and resume with edited operations, reject, delete.

const pid = (id: string) => ({ params: { path: { id } } });
const ppid = (id: string, p: string) => ({ params: { path: { id, pid: p } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

describe('HTTP proposals', function () {
  this.timeout(60_000);
  let svc: TestService;
  let owner: ApiClient;
  let editor: ApiClient;
  let viewer: ApiClient;
  let viewerToken: string;
  let stranger: ApiClient;
  let treeId: string;
  let anna: string;

  before(async () => {
    svc = await startTestService();
    owner = svc.client((await registerUser(svc, 'owner@example.org')).token);
    const e = await registerUser(svc, 'editor@example.org');
    const v = await registerUser(svc, 'viewer@example.org');
    editor = svc.client(e.token);
    viewer = svc.client(v.token);
    viewerToken = v.token;
    stranger = svc.client((await registerUser(svc, 'stranger@example.org')).token);
    treeId = (await owner.POST('/trees', { body: { name: 'Family' } })).data!.id;
    for (const [email, role] of [[e.email, 'editor'], [v.email, 'viewer']] as const)
      expect((await owner.POST('/trees/{id}/members', { ...pid(treeId), body: { email, role } })).response.status).to.equal(201);
    anna = (await owner.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Anna', surname: 'Huber' } })).data!.id;
  });
  after(() => svc.close());

  it('a viewer proposes; the proposal reads back with a diff; nothing of the tree changed', async () => {
    const before = (await owner.GET('/trees/{id}/persons', pid(treeId))).data;
    const r = await viewer.POST('/trees/{id}/proposals', {
      ...pid(treeId),
      body: {
        summary: "Anna's father",
        operations: [
          { op: 'create', entity: 'person', ref: 'f', data: { given_name: 'Johann', surname: 'Huber', sex: 'male' } },
          { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$f', person_b_id: anna, qualifier: 'biological' } },
          { op: 'update', entity: 'person', id: anna, data: { sex: 'female', surname: 'Huber-Berg' } },
        ],
      },
    });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    expect(r.data).to.deep.include({ tree_id: treeId, status: 'pending', origin: 'contributor', summary: "Anna's father", applied_count: 0, apply_error: null, reviewer_id: null, decided_at: null });
    expect((await owner.GET('/trees/{id}/persons', pid(treeId))).data).to.deep.equal(before);
    const got = await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, r.data!.id));
    expect(got.data!.diff).to.deep.equal([
      { index: 0, before: null, after: { given_name: 'Johann', surname: 'Huber', sex: 'male' } },
      { index: 1, before: null, after: { type: 'parent_child', person_a_id: '$f', person_b_id: anna, qualifier: 'biological' } },
      { index: 2, before: { sex: null, surname: 'Huber' }, after: { sex: 'female', surname: 'Huber-Berg' } },
    ]);
    expect((await stranger.GET('/trees/{id}/proposals/{pid}', ppid(treeId, r.data!.id))).response.status).to.equal(403);
    expect((await viewer.GET('/trees/{id}/proposals', pid(treeId))).data!.map((p) => p.id)).to.include(r.data!.id);
  });

  it('a filtered list\'s next page keeps its filter: the Link carries status', async () => {
    for (let i = 0; i < 3; i++) {
      const made = await viewer.POST('/trees/{id}/proposals', { ...pid(treeId), body: { summary: `note ${i}`, operations: [{ op: 'update', entity: 'person', id: anna, data: { notes: `n${i}` } }] } });
      expect(made.response.status).to.equal(201);
    }
    const first = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/proposals?status=pending&limit=1`, { headers: { Authorization: `Bearer ${viewerToken}` } });
    expect(first.status).to.equal(200);
    const [target, rel] = (first.headers.get('link') ?? '').split(';').map((part) => part.trim());
    expect(rel).to.equal('rel="next"');
    const link = target?.startsWith('<') === true && target.endsWith('>') ? target.slice(1, -1) : undefined;
    expect(link, 'a next link').to.be.a('string');
    expect(new URL(link!).searchParams.get('status')).to.equal('pending');
    const next = (await (await fetch(link!, { headers: { Authorization: `Bearer ${viewerToken}` } })).json()) as { status: string }[];
    expect(next.length).to.equal(1);
    expect(next.every((p) => p.status === 'pending')).to.equal(true);
  });

  it('names each bad operation by its path (422), as the entity\'s own body would be refused', async () => {
    const r = await viewer.POST('/trees/{id}/proposals', {
      ...pid(treeId),
      body: {
        operations: [
          { op: 'update', entity: 'person', id: anna, data: { sex: 'x' } },
          { op: 'create', entity: 'event', data: { person_id: anna } },
          { op: 'update', entity: 'person', id: 'not-an-id', data: {} },
        ],
      },
    });
    expect(r.response.status).to.equal(422);
    expect(code(r.error)).to.equal('invalid_operations');
    const paths = (r.error as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).to.include.members(['operations[0].data.sex', 'operations[1].data.type', 'operations[2].id']);
  });

  it('an editor applies: "$ref" links the new person; each change is audited as the editor with the proposal id; then 409', async () => {
    const p = (await viewer.POST('/trees/{id}/proposals', {
      ...pid(treeId),
      body: { operations: [
        { op: 'create', entity: 'person', ref: 'm', data: { given_name: 'Maria', surname: 'Berg' } },
        { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$m', person_b_id: anna, qualifier: 'biological' } },
      ] },
    })).data!;
    expect((await viewer.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p.id), body: {} })).response.status).to.equal(403);
    const applied = await editor.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p.id), body: {} });
    expect(applied.response.status, JSON.stringify(applied.error)).to.equal(200);
    expect(applied.data).to.deep.include({ status: 'applied', applied_count: 2, apply_error: null });
    const rels = (await owner.GET('/persons/{id}/relationships', pid(anna))).data!;
    const mother = rels.find((x) => x.person_b_id === anna && x.person_a_id !== anna);
    expect(mother).to.not.equal(undefined);
    expect((await owner.GET('/persons/{id}', pid(mother!.person_a_id))).data!.display_name).to.equal('Maria Berg');
    const audit = (await owner.GET('/trees/{id}/audit', pid(treeId))).data!;
    const tagged = audit.filter((a) => (a.details as { proposal_id?: string }).proposal_id === p.id);
    expect(tagged.map((a) => a.action).sort()).to.deep.equal(['person.create', 'relationship.create']);
    expect(new Set(tagged.map((a) => a.actor_id)).size).to.equal(1);
    const again = await editor.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p.id), body: {} });
    expect([again.response.status, code(again.error)]).to.deep.equal([409, 'proposal_not_pending']);
  });

  it('a failing operation: 200, still pending with apply_error; an edited apply resumes without repeating', async () => {
    const missing = newId();
    const p = (await viewer.POST('/trees/{id}/proposals', {
      ...pid(treeId),
      body: { operations: [
        { op: 'create', entity: 'source', ref: 's', data: { title: 'Kirchenbuch' } },
        { op: 'delete', entity: 'event', id: missing },
        { op: 'update', entity: 'source', id: '$s', data: { author: 'Pfarramt' } },
      ] },
    })).data!;
    const failed = await editor.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p.id), body: {} });
    expect(failed.response.status).to.equal(200);
    expect(failed.data).to.deep.include({ status: 'pending', applied_count: 1, apply_error: { index: 1, code: 'not_found', detail: `No event ${missing} in this tree.` } });
    const sources = async () => (await owner.GET('/trees/{id}/sources', pid(treeId))).data!.filter((s) => s.title === 'Kirchenbuch');
    expect(await sources()).to.have.length(1);
    const edited = [p.operations[0]!, { op: 'update' as const, entity: 'source' as const, id: '$s', data: { publication: 'Band 3' } }, p.operations[2]!];
    const done = await editor.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p.id), body: { operations: edited } });
    expect(done.data).to.deep.include({ status: 'applied', applied_count: 3 });
    expect((await sources()).map((s) => [s.author, s.publication])).to.deep.equal([['Pfarramt', 'Band 3']]);
  });

  it('reject (editor, once), delete (the proposer or an editor), and 404 for another tree\'s proposal', async () => {
    const ops = [{ op: 'create' as const, entity: 'source' as const, data: { title: 'x' } }];
    const a = (await viewer.POST('/trees/{id}/proposals', { ...pid(treeId), body: { operations: ops } })).data!;
    expect((await editor.POST('/trees/{id}/proposals/{pid}/reject', ppid(treeId, a.id))).data).to.deep.include({ status: 'rejected' });
    expect((await editor.POST('/trees/{id}/proposals/{pid}/reject', ppid(treeId, a.id))).response.status).to.equal(409);
    const b = (await editor.POST('/trees/{id}/proposals', { ...pid(treeId), body: { operations: ops } })).data!;
    expect((await viewer.DELETE('/trees/{id}/proposals/{pid}', ppid(treeId, b.id))).response.status).to.equal(403);
    expect((await viewer.DELETE('/trees/{id}/proposals/{pid}', ppid(treeId, a.id))).response.status).to.equal(204);
    const other = (await owner.POST('/trees', { body: { name: 'Other' } })).data!.id;
    expect((await owner.GET('/trees/{id}/proposals/{pid}', ppid(other, b.id))).response.status).to.equal(404);
    expect((await owner.GET('/trees/{id}/proposals', { params: { path: { id: treeId }, query: { status: 'rejected' } } })).data).to.deep.equal([]);
  });
});
