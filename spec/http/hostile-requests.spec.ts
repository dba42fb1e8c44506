import { expect } from 'chai';
import { Agent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// What the in-project fuzzer (spec/fuzz) found beyond the list: request framing that the
// service answered with 500 or 501. Each is a client's fault and answers a 4xx problem.

type Raw = { readonly status: number; readonly type: string; readonly body: string };

const raw = (baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string, agent?: Agent): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });

describe('hostile request framing answers 4xx', () => {
  let svc: TestService;
  let auth: Record<string, string>;
  let treeId: string;

  before(async () => {
    svc = await startTestService();
    const u = await registerUser(svc, 'framing@example.org');
    auth = { Authorization: `Bearer ${u.token}` };
    treeId = (await svc.client(u.token).POST('/trees', { body: { name: 'Framing' } })).data!.id;
  });
  after(async () => svc.close());

  for (const encoding of ['gzip', 'deflate', 'br', 'compress', 'gzip, gzip']) {
    it(`a JSON body that is not valid ${encoding} data: 400 or 415, never 500`, async () => {
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{"name":"x"}');
      expect([400, 415], r.body).to.include(r.status);
      expect(r.type).to.match(/^application\/problem\+json/);
    });
  }

  it('a gzip-compressed JSON body that decodes to a 50 MB expansion is refused as too large', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(50 * 1024 * 1024, 0x61), Buffer.from('"}')]));
    const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, bomb);
    expect([413, 415], r.body).to.include(r.status);
  });

  for (const method of ['PROPFIND', 'TRACE', 'MKCOL', 'CONNECT-X']) {
    it(`an unknown method (${method}) on an API path is 405, never 501`, async () => {
      const r = await raw(svc.baseUrl, method, `/api/v1/trees/${treeId}/members`, auth);
      expect([400, 405], r.body).to.include(r.status);
    });
  }

  it('query keys like __proto__[x] or constructor are ignored or refused, never 500', async () => {
    for (const q of ['__proto__[x]=1', '__proto__=1', 'constructor[prototype][x]=1', 'limit[]=1', 'limit[__proto__]=2']) {
      const r = await raw(svc.baseUrl, 'GET', `/api/v1/trees/${treeId}/persons?${q}`, auth);
      expect(r.status, `${q}: ${r.body}`).to.be.within(200, 499);
    }
    const patch = await raw(svc.baseUrl, 'PATCH', `/api/v1/trees/${treeId}?__proto__[x]=1`, { ...auth, 'Content-Type': 'application/json' }, '{"name":"y"}');
    expect(patch.status, patch.body).to.be.within(200, 499);
  });

  it('a Content-Type with a huge or malformed parameter is refused, never 500', async () => {
    for (const ct of [`application/json; ${'x'.repeat(3000)}=1`, 'application/json; charset=latin1', 'application/json; charset="', 'application/json; ;;;', 'application/vnd.api+json']) {
      const r = await raw(svc.baseUrl, 'PATCH', `/api/v1/trees/${treeId}`, { ...auth, 'Content-Type': ct }, '{"name":"z"}');
      expect(r.status, `${ct.slice(0, 40)}: ${r.body}`).to.be.within(200, 499);
    }
  });

  it('an error answered before a large body was read does not stall the next request on that connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const junk = Buffer.alloc(400 * 1024, 0x7a);
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, junk, agent);
      expect(r.status).to.equal(400);
      const started = Date.now();
      const next = await raw(svc.baseUrl, 'GET', '/healthz', {}, undefined, agent);
      expect(next.status).to.equal(200);
      expect(Date.now() - started, 'the next request waited for the unread body').to.be.below(1000);
    } finally {
      agent.destroy();
    }
  });
});
