import { expect } from 'chai';
import { Agent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// What the in-project fuzzer (spec/fuzz) found beyond the list: request framing that the
// service answered with 500 or 501. Each answers an exact status: a 4xx problem where the client is at
// fault, 200 where the request is one the service reads (odd but valid parameters, ignored query keys).

type Raw = { readonly status: number; readonly type: string; readonly body: string; readonly connection: string; readonly socket: unknown };

const raw = (baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string, agent?: Agent): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString(), connection: String(res.headers.connection ?? ''), socket: req.socket }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });

/** Whether a key was planted on Object.prototype (a query or body key that polluted it). */
const polluted = (): string[] => ['x', 'y'].filter((k) => k in {} || Object.prototype.hasOwnProperty.call(Object.prototype, k));

describe('hostile request framing: each answers its exact status, never 5xx', () => {
  let svc: TestService;
  let auth: Record<string, string>;
  let treeId: string;

  before(async () => {
    svc = await startTestService();
    const u = await registerUser(svc, 'framing@example.org');
    auth = { Authorization: `Bearer ${u.token}` };
    treeId = (await svc.client(u.token).POST('/trees', { body: { name: 'Framing' } })).data!.id;
    // Two persons, so a query key read as `limit=1` would change the answer.
    for (const given_name of ['Ada', 'Bea']) expect((await svc.client(u.token).POST('/trees/{id}/persons', { params: { path: { id: treeId } }, body: { given_name } })).response.status).to.equal(201);
  });
  after(async () => svc.close());

  for (const encoding of ['gzip', 'deflate', 'br']) {
    it(`a JSON body that is not valid ${encoding} data is 400 (problem+json), never 500`, async () => {
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{"name":"x"}');
      expect(r.status, r.body).to.equal(400);
      expect(r.type).to.match(/^application\/problem\+json/);
      expect(JSON.parse(r.body)).to.include({ code: 'malformed_request' });
    });
  }

  for (const encoding of ['compress', 'gzip, gzip']) {
    it(`a JSON body in a Content-Encoding this service does not take (${encoding}) is 415 (problem+json), never 500`, async () => {
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{"name":"x"}');
      expect(r.status, r.body).to.equal(415);
      expect(r.type).to.match(/^application\/problem\+json/);
      expect(JSON.parse(r.body)).to.include({ code: 'unsupported_media_type' });
    });
  }

  it('a gzip-compressed JSON body that decodes to a 50 MB expansion is refused as too large: 413', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(50 * 1024 * 1024, 0x61), Buffer.from('"}')]));
    const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, bomb);
    expect(r.status, r.body).to.equal(413);
    expect(JSON.parse(r.body)).to.include({ code: 'payload_too_large' });
  });

  for (const method of ['PROPFIND', 'TRACE', 'MKCOL']) {
    it(`an unknown method (${method}) on an API path is 405 (problem+json), never 501`, async () => {
      const r = await raw(svc.baseUrl, method, `/api/v1/trees/${treeId}/members`, auth);
      expect(r.status, r.body).to.equal(405);
      expect(r.type).to.match(/^application\/problem\+json/);
      expect(JSON.parse(r.body)).to.include({ code: 'method_not_allowed' });
    });
  }

  // Node's HTTP parser (llhttp) knows a fixed set of methods: a request line with any other one is
  // refused by the parser itself, before the app sees a request, with a bare 400 and a closed connection.
  it('a method the HTTP parser does not know (CONNECT-X) is 400 from the parser (connection closed), never 501', async () => {
    const r = await raw(svc.baseUrl, 'CONNECT-X', `/api/v1/trees/${treeId}/members`, auth);
    expect(r.status, r.body).to.equal(400);
    expect(r.connection).to.equal('close');
  });

  // Query parameters are exact (issue 30): these keys are no parameter of the operation, so each is a
  // 422 naming it, and none reaches Object.prototype on the way.
  it('query keys like __proto__[x] or constructor are 422 naming the key, and pollute nothing', async () => {
    const plain = await raw(svc.baseUrl, 'GET', `/api/v1/trees/${treeId}/persons`, auth);
    expect(plain.status, plain.body).to.equal(200);
    expect(JSON.parse(plain.body)).to.have.length(2);
    for (const [q, key] of [['__proto__[x]=1', '__proto__[x]'], ['__proto__=1', '__proto__'], ['constructor[prototype][x]=1', 'constructor[prototype][x]'], ['limit[]=1', 'limit[]'], ['limit[__proto__]=2', 'limit[__proto__]'], ['__proto__[y]=1&x=1', '__proto__[y]']] as const) {
      const r = await raw(svc.baseUrl, 'GET', `/api/v1/trees/${treeId}/persons?${q}`, auth);
      expect(r.status, `${q}: ${r.body}`).to.equal(422);
      expect((JSON.parse(r.body) as { errors: { path: string }[] }).errors.map((e) => e.path), q).to.include(key);
      expect(polluted(), `${q} polluted Object.prototype`).to.deep.equal([]);
    }
    const patch = await raw(svc.baseUrl, 'PATCH', `/api/v1/trees/${treeId}?__proto__[x]=1`, { ...auth, 'Content-Type': 'application/json' }, '{"name":"y"}');
    expect(patch.status, patch.body).to.equal(422);
    expect(polluted(), 'PATCH ?__proto__[x]=1 polluted Object.prototype').to.deep.equal([]);
    const tree = await raw(svc.baseUrl, 'GET', `/api/v1/trees/${treeId}`, auth);
    expect(JSON.parse(tree.body).name, 'the refused PATCH changed nothing').to.not.equal('y');
  });

  // Not refused: koa-body reads each of these as JSON (a known charset, a parameter it ignores, a JSON
  // media type of its list). The body is applied as sent; what matters is that none is a 500.
  it('a Content-Type with a huge or odd parameter, or another JSON media type, is read as JSON: 200 with the body applied, never 500', async () => {
    const cases = [`application/json; ${'x'.repeat(3000)}=1`, 'application/json; charset=latin1', 'application/json; charset="', 'application/json; ;;;', 'application/vnd.api+json'];
    for (const [i, ct] of cases.entries()) {
      const r = await raw(svc.baseUrl, 'PATCH', `/api/v1/trees/${treeId}`, { ...auth, 'Content-Type': ct }, `{"name":"z${i}"}`);
      expect(r.status, `${ct.slice(0, 40)}: ${r.body}`).to.equal(200);
      expect(JSON.parse(r.body), ct.slice(0, 40)).to.include({ name: `z${i}` });
    }
  });

  // Node's parser refuses a request line and headers past 16 KiB before the app sees them; the
  // answer is still problem+json and arrives whole (the server's clientError handler closes the
  // connection lingering; Node's own answered with an empty body and reset a client still sending).
  it('a URL past 16 KiB (1,001 ids) is 431 problem+json, read whole', async () => {
    const ids = Array.from({ length: 1001 }, () => '6daf0aa9-7578-42a5-b1e8-3ca338cd49b3').join(',');
    const r = await raw(svc.baseUrl, 'GET', `/api/v1/trees/${treeId}/persons?ids=${ids}`, { ...auth });
    expect(r.status).to.equal(431);
    expect(r.connection).to.equal('close');
    expect(JSON.parse(r.body)).to.include({ status: 431, code: 'headers_too_large' });
  });

  // A HEAD answer carries no body: one after its headers is data the client's parser refuses
  // ("Data after `Connection: close`"; the fuzzer's request #784 once the route table grew).
  it('a HEAD past 16 KiB is 431 with headers alone, read whole', async () => {
    const ids = Array.from({ length: 1001 }, () => '6daf0aa9-7578-42a5-b1e8-3ca338cd49b3').join(',');
    const r = await raw(svc.baseUrl, 'HEAD', `/api/v1/trees/${treeId}/persons?ids=${ids}`, { ...auth });
    expect(r.status).to.equal(431);
    expect(r.connection).to.equal('close');
    expect(r.body).to.equal('');
  });

  // A small body left unread by a refusal (here 401 before the body was looked at) is read and
  // dropped, so the connection lives on for the next request (spec/e2e/early-refusals.spec.ts
  // shows the answers arrive; this shows the connection is kept).
  it('a refusal before a small body (2 KB) was read keeps the connection, and the next request reuses it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const part = ['--b', 'Content-Disposition: form-data; name="file"; filename="scan.bin"', 'Content-Type: application/octet-stream', '', 'z'.repeat(2048), '--b--', ''].join('\r\n');
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/users/me/import', { 'Content-Type': 'multipart/form-data; boundary=b' }, Buffer.from(part), agent);
      expect(r.status).to.equal(401);
      expect(r.connection).to.equal('keep-alive');
      const next = await raw(svc.baseUrl, 'GET', '/healthz', {}, undefined, agent);
      expect(next.status).to.equal(200);
      expect(next.socket, 'the same connection').to.equal(r.socket);
    } finally {
      agent.destroy();
    }
  });

  // The answer carries Connection: close and the connection ends with it, so the next request goes
  // out on a fresh connection rather than waiting behind the unread body (event-based: no clock).
  it('an error answered before a large body was read closes that connection, so the next request does not wait behind it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const junk = Buffer.alloc(400 * 1024, 0x7a);
      const r = await raw(svc.baseUrl, 'POST', '/api/v1/trees', { ...auth, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, junk, agent);
      expect(r.status).to.equal(400);
      expect(r.connection, 'the error closes its connection').to.equal('close');
      const next = await raw(svc.baseUrl, 'GET', '/healthz', {}, undefined, agent);
      expect(next.status).to.equal(200);
      expect(next.socket, 'the next request went out on a new connection').to.not.equal(r.socket);
      // The control: a request answered whole keeps its connection, and the one after reuses it.
      const kept = await raw(svc.baseUrl, 'GET', '/healthz', {}, undefined, agent);
      expect(kept.connection).to.equal('keep-alive');
      expect((await raw(svc.baseUrl, 'GET', '/healthz', {}, undefined, agent)).socket).to.equal(kept.socket);
    } finally {
      agent.destroy();
    }
  });
});
