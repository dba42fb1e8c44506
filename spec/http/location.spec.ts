import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 30: every creation (201) says where what it created is read (`Location`, absolute), and
// following it reads it (200). A record has a path of its own; a name or a member is read in its list.

describe('Location of what a POST created (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService();
  });
  after(async () => svc?.close());

  it('every route that answers 201 declares where its creation is read', () => {
    const creating = allRoutes().filter((r) => r.success.status === 201);
    expect(creating.length).to.be.greaterThan(10);
    expect(creating.filter((r) => r.created === undefined).map((r) => r.operationId)).to.deep.equal([]);
  });

  it('each creation answers a Location on BASE_URL that its creator reads with 200', async () => {
    const reg = await fetch(`${svc.baseUrl}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'loc@example.org', password: 'correct horse' }) });
    expect(reg.status).to.equal(201);
    const token = ((await reg.json()) as { token: string }).token;
    const follow = async (path: string, body: unknown): Promise<{ readonly id: string; readonly location: string }> => {
      const r = await fetch(`${svc.baseUrl}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(r.status, path).to.equal(201);
      const location = r.headers.get('location')!;
      expect(location, path).to.match(new RegExp(`^${svc.baseUrl.replace(/\./g, '\\.')}/api/v1/`));
      const read = await fetch(location, { headers: { authorization: `Bearer ${token}` } });
      expect(read.status, location).to.equal(200);
      return { id: ((await r.json()) as { id?: string }).id ?? '', location };
    };
    expect(reg.headers.get('location')).to.equal(`${svc.baseUrl}/api/v1/users/me`);
    const tree = await follow('/trees', { name: 'Located' });
    expect(tree.location).to.equal(`${svc.baseUrl}/api/v1/trees/${tree.id}`);
    const a = await follow(`/trees/${tree.id}/persons`, { given_name: 'A', surname: 'Loc' });
    expect(a.location).to.equal(`${svc.baseUrl}/api/v1/persons/${a.id}`);
    const b = await follow(`/trees/${tree.id}/persons`, { given_name: 'B', surname: 'Loc' });
    await follow(`/trees/${tree.id}/events`, { type: 'birth', person_id: a.id, date: { qualifier: 'exact', year: 1900 } });
    await follow(`/trees/${tree.id}/relationships`, { type: 'partnership', person_a_id: a.id, person_b_id: b.id });
    const source = await follow(`/trees/${tree.id}/sources`, { title: 'Register' });
    await follow(`/trees/${tree.id}/citations`, { source_id: source.id, person_id: a.id });
    await follow(`/persons/${a.id}/names`, { name_type: 'alias', given_name: 'Al', surname: 'Loc' });
    await follow(`/trees/${tree.id}/proposals`, { summary: 'a source', operations: [{ op: 'create', entity: 'source', data: { title: 'Proposed' } }] });
    await registerUser(svc, 'member@example.org');
    const member = await follow(`/trees/${tree.id}/members`, { email: 'member@example.org', role: 'viewer' });
    expect(member.location).to.equal(`${svc.baseUrl}/api/v1/trees/${tree.id}/members`);
  });
});
