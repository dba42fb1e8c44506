import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { errorStatuses } from '../../adapters/http/route.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 30, concurrent editors: every one-record read carries an ETag; a PATCH or DELETE of the same
// path with If-Match answers 412 when the record changed since (the bogus tag of the review too),
// and goes as before without If-Match.

describe('ETag and If-Match (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let token: string;
  let treeId: string;

  const send = (method: string, path: string, o: { readonly body?: unknown; readonly ifMatch?: string } = {}) =>
    fetch(`${svc.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.ifMatch === undefined ? {} : { 'if-match': o.ifMatch }) },
      ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
    });
  const etag = async (path: string): Promise<string> => {
    const r = await send('GET', path);
    expect(r.status, path).to.equal(200);
    const tag = r.headers.get('etag');
    expect(tag, path).to.match(/^"[\w-]+"$/);
    return tag!;
  };

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'etag@example.org')).token;
    treeId = ((await (await send('POST', '/trees', { body: { name: 'Versions' } })).json()) as { id: string }).id;
  });
  after(async () => svc?.close());

  it('every change of a path a one-record GET answers documents 412; the table has them', () => {
    const conditional = allRoutes().filter((r) => r.conditional === true);
    expect(conditional.map((r) => `${r.method} ${r.path}`)).to.include.members(['patch /persons/{id}', 'delete /persons/{id}', 'patch /events/{id}', 'patch /sources/{id}', 'patch /trees/{id}']);
    expect(conditional.filter((r) => !errorStatuses(r).includes(412)).map((r) => r.operationId)).to.deep.equal([]);
  });

  it('a stale or bogus If-Match is 412 and changes nothing; the current one, *, or none goes; the change answers the next version', async () => {
    const person = ((await (await send('POST', `/trees/${treeId}/persons`, { body: { given_name: 'Ver', surname: 'Sion' } })).json()) as { id: string }).id;
    const first = await etag(`/persons/${person}`);
    expect(await etag(`/persons/${person}`)).to.equal(first);
    const changed = await send('PATCH', `/persons/${person}`, { body: { notes: 'one' }, ifMatch: first });
    expect(changed.status).to.equal(200);
    const second = changed.headers.get('etag');
    expect(second).to.not.equal(first);
    expect(await etag(`/persons/${person}`)).to.equal(second);

    for (const stale of [first, '"bogus"', `W/${second}`]) {
      const r = await send('PATCH', `/persons/${person}`, { body: { notes: 'lost update' }, ifMatch: stale });
      expect(r.status, stale).to.equal(412);
      expect(((await r.json()) as { code: string }).code).to.equal('precondition_failed');
      expect(r.headers.get('etag')).to.equal(second);
    }
    expect(((await (await send('GET', `/persons/${person}`)).json()) as { notes: string }).notes).to.equal('one');
    // A name changed through its own path changes the person's version too (the read shows it).
    expect((await send('PATCH', `/persons/${person}`, { body: { surname: 'Changed' } })).status).to.equal(200);
    expect(await etag(`/persons/${person}`)).to.not.equal(second);
    expect((await send('PATCH', `/persons/${person}`, { body: { notes: 'any' }, ifMatch: '*' })).status).to.equal(200);
    expect((await send('DELETE', `/persons/${person}`, { ifMatch: second! })).status).to.equal(412);
    expect((await send('DELETE', `/persons/${person}`, { ifMatch: await etag(`/persons/${person}`) })).status).to.equal(200);
  });

  it('events, sources and trees carry versions the same way', async () => {
    const source = ((await (await send('POST', `/trees/${treeId}/sources`, { body: { title: 'Register' } })).json()) as { id: string }).id;
    const v1 = await etag(`/sources/${source}`);
    expect((await send('PATCH', `/sources/${source}`, { body: { title: 'Register II' }, ifMatch: v1 })).status).to.equal(200);
    expect((await send('PATCH', `/sources/${source}`, { body: { title: 'Register III' }, ifMatch: v1 })).status).to.equal(412);
    const t1 = await etag(`/trees/${treeId}`);
    expect((await send('PATCH', `/trees/${treeId}`, { body: { description: 'new' }, ifMatch: t1 })).status).to.equal(200);
    expect((await send('PATCH', `/trees/${treeId}`, { body: { description: 'newer' }, ifMatch: t1 })).status).to.equal(412);
  });
});
