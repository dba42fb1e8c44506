import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// PATCH /users/me/self-person (issue 9, finding 4): only a person the caller may see in full can be
// chosen; a hidden, redacted or other-tree person answers exactly like an id that does not exist,
// so the endpoint cannot be used to learn that a withheld person exists.

type Reply = { readonly status: number; readonly body: unknown };

describe('HTTP PATCH /users/me/self-person does not reveal hidden persons', function () {
  this.timeout(60_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  const ids = {} as Record<'privateInPublic' | 'inPrivateTree' | 'living' | 'dead' | 'deleted', string>;

  const call = async (method: string, path: string, token: string, body?: unknown): Promise<Reply & { text: string }> => {
    const res = await fetch(`${svc.baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, body: text === '' ? null : JSON.parse(text) };
  };
  const choose = async (token: string, personId: string | null): Promise<Reply> => {
    const r = await call('PATCH', '/users/me/self-person', token, { person_id: personId });
    return { status: r.status, body: r.body };
  };
  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call('POST', path, owner.token, body);
    if (r.status !== 201) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };

  before(async () => {
    svc = await startTestService({ storage: 'memory' });
    owner = await registerUser(svc, 'sp-owner@example.org');
    stranger = await registerUser(svc, 'sp-stranger@example.org');
    const open: string = (await post('/trees', { name: 'Open', visibility: 'public' })).id;
    const closed: string = (await post('/trees', { name: 'Closed', visibility: 'private' })).id;
    const DEAD = { birth: { date: { qualifier: 'exact', year: 1800 } }, death: { date: { qualifier: 'exact', year: 1870 } } };
    ids.privateInPublic = (await post(`/trees/${open}/persons`, { given_name: 'Hidden', privacy: 'private', ...DEAD })).id;
    ids.living = (await post(`/trees/${open}/persons`, { given_name: 'Alive', birth: { date: { qualifier: 'exact', year: 1990 } } })).id;
    ids.dead = (await post(`/trees/${open}/persons`, { given_name: 'Gone', ...DEAD })).id;
    ids.inPrivateTree = (await post(`/trees/${closed}/persons`, { given_name: 'Closed', ...DEAD })).id;
    ids.deleted = (await post(`/trees/${open}/persons`, { given_name: 'Deleted', ...DEAD })).id;
    expect((await call('DELETE', `/persons/${ids.deleted}`, owner.token)).status).to.equal(200);
  });
  after(async () => {
    await svc?.close();
  });

  it('the owner may choose any live person of their trees (the probe path works)', async () => {
    for (const id of [ids.privateInPublic, ids.inPrivateTree, ids.living]) {
      const r = await choose(owner.token, id);
      expect(r.status, id).to.equal(200);
      expect((r.body as { self_person_id: string }).self_person_id).to.equal(id);
    }
  });

  it('a non-member gets for a private, a redacted, another tree\'s and a deleted person exactly what a random id gets', async () => {
    const unknown = await choose(stranger.token, randomUUID());
    expect(unknown.status).to.equal(422);
    for (const [label, id] of Object.entries({ privateInPublic: ids.privateInPublic, living: ids.living, inPrivateTree: ids.inPrivateTree, deleted: ids.deleted })) {
      const r = await choose(stranger.token, id);
      expect(r, label).to.deep.equal(unknown);
    }
    const me = await call('GET', '/users/me', stranger.token);
    expect((me.body as { self_person_id: unknown }).self_person_id).to.equal(null);
  });

  it('a non-member may choose a person they see in full, and clear it', async () => {
    const r = await choose(stranger.token, ids.dead);
    expect(r.status).to.equal(200);
    expect((r.body as { self_person_id: string }).self_person_id).to.equal(ids.dead);
    const cleared = await choose(stranger.token, null);
    expect(cleared.status).to.equal(200);
    expect((cleared.body as { self_person_id: unknown }).self_person_id).to.equal(null);
  });
});
