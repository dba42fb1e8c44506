import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Names over HTTP on PostgreSQL: typed names, the one-primary invariant through make-primary,
// create-as-primary and delete of the primary, the last name, and names of another person.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const pid = (id: string) => ({ params: { path: { id } } });
const nid = (id: string, nameId: string) => ({ params: { path: { id, name_id: nameId } } });

describe('HTTP names', () => {
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;

  const person = async (given = 'Mary', surname = 'Smith') => {
    const r = await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: given, surname } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };
  const names = async (id: string) => {
    const r = await c.GET('/persons/{id}/names', pid(id));
    expect(r.response.status).to.equal(200);
    return r.data!;
  };
  const primaries = async (id: string) => (await names(id)).filter((n) => n.is_primary);

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'owner@example.org')).token);
    treeId = (await c.POST('/trees', { body: { name: 'Names' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  it('adds typed names (not primary by default); the list holds them with their types', async () => {
    const id = await person();
    const married = await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'married', given_name: 'Mary', surname: 'Jones' } });
    expect(married.response.status).to.equal(201);
    expect(married.data).to.include({ person_id: id, name_type: 'married', given_name: 'Mary', surname: 'Jones', is_primary: false });
    const nick = await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'nickname', given_name: 'Polly' } });
    expect(nick.data).to.include({ name_type: 'nickname', given_name: 'Polly', surname: '', is_primary: false });
    const all = await names(id);
    expect(all.map((n) => n.name_type).sort()).to.deep.equal(['birth', 'married', 'nickname']);
    expect(all.filter((n) => n.is_primary).map((n) => n.surname)).to.deep.equal(['Smith']);
    const bad = await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'stage' as never, given_name: 'X' } });
    expect(bad.response.status, 'unknown name_type').to.equal(422);
  });

  it('make-primary leaves exactly one primary, and the person reads by it', async () => {
    const id = await person();
    const married = (await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'married', given_name: 'Mary', surname: 'Jones' } })).data!;
    const { data, response } = await c.POST('/persons/{id}/names/{name_id}/make-primary', nid(id, married.id));
    expect(response.status).to.equal(200);
    expect(data).to.include({ id: married.id, is_primary: true });
    expect((await primaries(id)).map((n) => n.id)).to.deep.equal([married.id]);
    const p = await c.GET('/persons/{id}', pid(id));
    expect(p.data).to.include({ display_name: 'Mary Jones', surname: 'Jones' });
  });

  it('is_primary: true on create makes the new name primary and demotes the old one', async () => {
    const id = await person('Anna', 'Old');
    const before = (await names(id))[0]!;
    const created = await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'religious', given_name: 'Sister', surname: 'Anne', is_primary: true } });
    expect(created.response.status).to.equal(201);
    expect(created.data?.is_primary).to.equal(true);
    const all = await names(id);
    expect(all.filter((n) => n.is_primary).map((n) => n.id)).to.deep.equal([created.data!.id]);
    expect(all.find((n) => n.id === before.id)?.is_primary).to.equal(false);
    expect((await c.GET('/persons/{id}', pid(id))).data?.display_name).to.equal('Sister Anne');
  });

  it('PATCH changes a name; demoting the primary directly is refused (409)', async () => {
    const id = await person('Fred', 'Smyth');
    const primary = (await names(id))[0]!;
    const patched = await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(id, primary.id), body: { surname: 'Smith', name_type: 'birth' } });
    expect(patched.response.status).to.equal(200);
    expect(patched.data).to.include({ surname: 'Smith', given_name: 'Fred', is_primary: true });
    const demote = await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(id, primary.id), body: { is_primary: false } });
    expect(demote.response.status).to.equal(409);
    expect((await primaries(id)).map((n) => n.id)).to.deep.equal([primary.id]);
  });

  it('keeps prefix, suffix and surname_prefix (trimmed, empty when left out), finds the surname prefix, and leaves display_name as given + surname', async () => {
    const id = await person('Jan', 'Dijk');
    const primary = (await names(id))[0]!;
    expect(primary).to.include({ prefix: '', suffix: '', surname_prefix: '' });
    const patched = await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(id, primary.id), body: { prefix: ' Dr. ', suffix: 'Jr.', surname_prefix: 'Vanderwoude' } });
    expect(patched.response.status).to.equal(200);
    expect(patched.data).to.include({ given_name: 'Jan', surname: 'Dijk', prefix: 'Dr.', suffix: 'Jr.', surname_prefix: 'Vanderwoude' });
    const kept = await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(id, primary.id), body: { given_name: 'Johannes' } });
    expect(kept.data).to.include({ given_name: 'Johannes', prefix: 'Dr.', suffix: 'Jr.', surname_prefix: 'Vanderwoude' });
    const alias = await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'alias', given_name: 'George', surname: 'WASHINGTON', suffix: '[FIRST U.S. PRESIDENT]' } });
    expect(alias.response.status).to.equal(201);
    expect(alias.data).to.include({ given_name: 'George', surname: 'WASHINGTON', prefix: '', suffix: '[FIRST U.S. PRESIDENT]', surname_prefix: '' });
    expect((await c.GET('/persons/{id}', pid(id))).data).to.include({ display_name: 'Johannes Dijk' });
    const found = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { q: 'vanderwoude' } } });
    expect(found.response.status).to.equal(200);
    expect(found.data!.map((p) => p.id)).to.deep.equal([id]);
    const long = await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(id, primary.id), body: { suffix: 'x'.repeat(501) } });
    expect(long.response.status, 'a suffix over 500 characters').to.equal(422);
  });

  it('deleting the primary name promotes another; the person keeps exactly one primary', async () => {
    const id = await person('Old', 'Primary');
    const primary = (await names(id))[0]!;
    const alias = (await c.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'alias', given_name: 'New', surname: 'Primary' } })).data!;
    const del = await c.DELETE('/persons/{id}/names/{name_id}', nid(id, primary.id));
    expect(del.response.status).to.equal(204);
    const all = await names(id);
    expect(all.map((n) => [n.id, n.is_primary])).to.deep.equal([[alias.id, true]]);
    expect((await c.GET('/persons/{id}', pid(id))).data?.display_name).to.equal('New Primary');
  });

  it('deleting a person\'s only name is 409 last_name, and the name stays', async () => {
    const id = await person('Only', 'Name');
    const only = (await names(id))[0]!;
    const { response, error } = await c.DELETE('/persons/{id}/names/{name_id}', nid(id, only.id));
    expect(response.status).to.equal(409);
    expect(code(error)).to.equal('last_name');
    expect((await names(id)).map((n) => n.id)).to.deep.equal([only.id]);
  });

  it('a name of another person, or an unknown name, is 404 on every name operation', async () => {
    const a = await person('Ann');
    const b = await person('Ben');
    const bName = (await names(b))[0]!;
    const aExtra = (await c.POST('/persons/{id}/names', { ...pid(a), body: { given_name: 'Annie' } })).data!;
    expect((await c.PATCH('/persons/{id}/names/{name_id}', { ...nid(a, bName.id), body: { given_name: 'Hijack' } })).response.status).to.equal(404);
    expect((await c.POST('/persons/{id}/names/{name_id}/make-primary', nid(a, bName.id))).response.status).to.equal(404);
    expect((await c.DELETE('/persons/{id}/names/{name_id}', nid(a, bName.id))).response.status).to.equal(404);
    expect((await c.DELETE('/persons/{id}/names/{name_id}', nid(a, randomUUID()))).response.status).to.equal(404);
    expect((await names(b)).map((n) => [n.given_name, n.is_primary])).to.deep.equal([['Ben', true]]);
    expect((await names(a)).map((n) => n.id).sort()).to.include(aExtra.id);
    expect((await primaries(a)).map((n) => n.given_name)).to.deep.equal(['Ann']);
  });
});
