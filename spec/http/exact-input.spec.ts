import { expect } from 'chai';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 30: input is exact. A body field or a query parameter the operation does not know is a 422
// naming it, not silently dropped (`first_name` made a person named only by the surname; `?offset=`
// and `?page=` answered the whole list), at any depth of a body.

describe('exact input: unknown fields and parameters (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let token: string;
  let treeId: string;
  const call = rawCaller(() => svc.baseUrl);
  const paths = (r: { body: { errors?: { path: string; message: string }[] } }) => (r.body.errors ?? []).map((e) => e.path);

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'exact@example.org')).token;
    treeId = (await call('POST', '/trees', token, { name: 'Exact' })).body.id;
  });
  after(async () => svc?.close());

  it('an unknown body field is 422 naming it, and nothing is created', async () => {
    const r = await call('POST', `/trees/${treeId}/persons`, token, { first_name: 'Typo', surname: 'Field' });
    expect(r.status).to.equal(422);
    expect(paths(r)).to.deep.equal(['first_name']);
    expect(r.body.errors[0].message).to.equal('is not a field of this body');
    expect((await call('GET', `/trees/${treeId}/persons`, token)).body).to.deep.equal([]);
  });

  it('at any depth: inside a nested object, an array element, a union member', async () => {
    const nested = await call('POST', `/trees/${treeId}/persons`, token, { given_name: 'Deep', birth: { date: { year: 1900, qualifier: 'exact', moth: 5 }, plac: 'x' } });
    expect(nested.status).to.equal(422);
    expect(paths(nested).sort()).to.deep.equal(['birth.date.moth', 'birth.plac']);
    const p = (await call('POST', `/trees/${treeId}/persons`, token, { given_name: 'Ok' })).body.id;
    const ops = await call('POST', `/trees/${treeId}/proposals`, token, { summary: 's', operations: [{ op: 'update', entity: 'person', id: p, data: { notes: 'n' }, extra: 1 }] });
    expect(ops.status).to.equal(422);
    expect(paths(ops)).to.deep.equal(['operations[0].extra']);
  });

  it('an unknown query parameter is 422 naming it, on a route with parameters and on one without', async () => {
    for (const q of ['offset=20', 'page=2']) {
      const r = await call('GET', `/trees/${treeId}/persons?${q}`, token);
      expect(r.status, q).to.equal(422);
      expect(paths(r)).to.deep.equal([q.split('=')[0]]);
      expect(r.body.errors[0].message).to.equal('is not a parameter of this operation');
    }
    const none = await call('GET', `/trees/${treeId}?expand=all`, token);
    expect(none.status).to.equal(422);
    expect(paths(none)).to.deep.equal(['expand']);
    // Known ones still go.
    expect((await call('GET', `/trees/${treeId}/persons?limit=5`, token)).status).to.equal(200);
  });

  it('the ways of asking for persons exclude each other: q, ids and deleted=true together are 422 naming the second', async () => {
    const p = (await call('POST', `/trees/${treeId}/persons`, token, { given_name: 'Batch', surname: 'Search' })).body.id as string;
    expect((await call('GET', `/trees/${treeId}/persons?ids=${p}`, token)).status).to.equal(200);
    expect((await call('GET', `/trees/${treeId}/persons?q=Search`, token)).status).to.equal(200);
    for (const [q, second] of [[`q=Search&ids=${p}`, 'ids'], ['q=Search&deleted=true', 'deleted'], [`ids=${p}&deleted=true`, 'deleted']] as const) {
      const r = await call('GET', `/trees/${treeId}/persons?${q}`, token);
      expect(r.status, q).to.equal(422);
      expect(paths(r), q).to.deep.equal([second]);
      expect(r.body.errors[0].message, q).to.match(/cannot be combined with/);
    }
    // deleted=false is the default, not a way of its own.
    expect((await call('GET', `/trees/${treeId}/persons?q=Search&deleted=false`, token)).status).to.equal(200);
  });

  it('a person with no name is the client\'s explicit choice: {} is 422 name_required, "" for each part creates one', async () => {
    const empty = await call('POST', `/trees/${treeId}/persons`, token, {});
    expect(empty.status).to.equal(422);
    expect(empty.body.code).to.equal('name_required');
    expect((await call('POST', `/trees/${treeId}/persons`, token, { given_name: '', surname: '' })).status).to.equal(201);
    expect((await call('POST', `/trees/${treeId}/persons`, token, { surname: 'Only' })).status).to.equal(201);
  });
});

describe('422 messages in words, with the allowed values (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let token: string;
  let treeId: string;
  const call = rawCaller(() => svc.baseUrl);
  const message = (r: { body: { errors: { path: string; message: string }[] } }, path: string) => r.body.errors.find((e) => e.path === path)?.message;

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'words@example.org')).token;
    treeId = (await call('POST', '/trees', token, { name: 'Words' })).body.id;
  });
  after(async () => svc?.close());

  it('a date, an enum and a limit say what they must be', async () => {
    const date = await call('POST', `/trees/${treeId}/persons`, token, { given_name: 'A', birth: { date: '31 JUL 1750' } });
    expect(date.status).to.equal(422);
    expect(message(date, 'birth.date')).to.match(/^must be an object such as \{qualifier, .*year.*month.*day/);
    const p = (await call('POST', `/trees/${treeId}/persons`, token, { given_name: 'B' })).body.id;
    const name = await call('POST', `/persons/${p}/names`, token, { name_type: 'nickname-ish', given_name: 'C' });
    expect(name.status).to.equal(422);
    expect(message(name, 'name_type')).to.match(/^must be one of birth, .*married/);
    const limit = await call('GET', `/trees/${treeId}/persons?limit=0`, token);
    expect(message(limit, 'limit')).to.equal('must be an integer from 1 to 1000');
    for (const r of [date, name, limit]) expect(JSON.stringify(r.body)).to.not.match(/expected |Partial<|Limit\b/);
  });
});
