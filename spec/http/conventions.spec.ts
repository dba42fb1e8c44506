import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// API.md "Conventions": problem+json errors, 400/413/422 for bad input, health and readiness,
// the OpenAPI document and reference page, request ids, unknown paths.

type Problem = { type: string; title: string; status: number; code: string; detail: string; errors?: { path: string; message: string }[] };

const expectProblem = (response: Response, error: unknown, status: number, code: string): Problem => {
  expect(response.status).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
  const p = error as Problem;
  expect(p).to.include({ status, code });
  expect(p.type).to.be.a('string').and.not.equal('');
  expect(p.title).to.be.a('string').and.not.equal('');
  expect(p.detail).to.be.a('string').and.not.equal('');
  return p;
};

describe('HTTP conventions', () => {
  let svc: TestService;
  let user: Awaited<ReturnType<typeof registerUser>>;

  before(async () => {
    svc = await startTestService();
    user = await registerUser(svc, 'conventions@example.org');
  });
  after(async () => {
    await svc.close();
  });

  describe('errors are problem+json', () => {
    it('401, 403, 404, 409 and 422 carry {type, title, status, code, detail}', async () => {
      const anon = await svc.client().GET('/users/me');
      expectProblem(anon.response, anon.error, 401, 'unauthenticated');

      const other = await registerUser(svc, 'other@example.org');
      const { data: tree } = await svc.client(other.token).POST('/trees', { body: { name: 'Not yours' } });
      const forbidden = await svc.client(user.token).GET('/trees/{id}', { params: { path: { id: tree!.id } } });
      expectProblem(forbidden.response, forbidden.error, 403, 'forbidden');

      const missing = await svc.client(user.token).GET('/trees/{id}', { params: { path: { id: '0190c3a4-0000-7000-8000-000000000000' } } });
      expectProblem(missing.response, missing.error, 404, 'not_found');

      const taken = await svc.client().POST('/auth/register', { body: { email: user.email, password: 'correct horse' } });
      expectProblem(taken.response, taken.error, 409, 'email_taken');

      const invalid = await svc.client(user.token).POST('/trees', { body: { name: 42 as unknown as string } });
      const p = expectProblem(invalid.response, invalid.error, 422, 'invalid_input');
      expect(p.errors).to.be.an('array').that.is.not.empty;
      for (const e of p.errors!) {
        expect(e.path).to.be.a('string');
        expect(e.message).to.be.a('string');
      }
      expect(p.errors!.map((e) => e.path)).to.include('name');
    });

    it('a body missing required fields is 422 with one error per field', async () => {
      const { response, error } = await svc.client().POST('/auth/login', { body: {} as { email: string; password: string } });
      const p = expectProblem(response, error, 422, 'invalid_input');
      expect(p.errors!.map((e) => e.path).sort()).to.deep.equal(['email', 'password']);
    });

    it('a bad query parameter is 422 with the parameter named', async () => {
      const { response, error } = await svc.client(user.token).GET('/trees', { params: { query: { deleted: 'maybe' as 'true' } } });
      const p = expectProblem(response, error, 422, 'invalid_input');
      expect(p.errors!.map((e) => e.path)).to.include('deleted');
    });

    it('malformed JSON is 400 problem+json, not 500', async () => {
      // Raw fetch: the typed client always serialises valid JSON.
      const response = await fetch(`${svc.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": "a@b.c", ' });
      expectProblem(response, await response.json(), 400, 'malformed_request');
    });

    it('a JSON body over 1 MiB is 413 payload_too_large, not 500', async () => {
      const huge = 'x'.repeat(1024 * 1024 + 10);
      const { response, error } = await svc.client(user.token).POST('/trees', { body: { name: huge } });
      expectProblem(response, error, 413, 'payload_too_large');
      expect((await svc.client(user.token).GET('/trees')).data).to.deep.equal([]);
    });

    it('an unknown path under /api/v1 and outside it is 404 problem+json', async () => {
      // Raw fetch: the typed client only knows documented paths.
      for (const path of ['/api/v1/nope', '/api/v1/trees/x/y/z', '/nothing-here']) {
        const response = await fetch(`${svc.baseUrl}${path}`);
        expectProblem(response, await response.json(), 404, 'not_found');
      }
    });

    it('an unsupported method on a known path answers problem+json whose status matches the HTTP status', async () => {
      // Raw fetch: the typed client cannot send a method the document does not declare.
      const response = await fetch(`${svc.baseUrl}/api/v1/trees`, { method: 'PUT', headers: { authorization: `Bearer ${user.token}` } });
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
      const body = (await response.json()) as Problem;
      expect(body.status, `HTTP ${response.status} with a problem body saying ${body.status} ${body.code}`).to.equal(response.status);
      expect([404, 405]).to.include(response.status);
    });
  });

  describe('bodiless answers', () => {
    it('a 202 from the password reset has no body, so the generated client reads it without parseAs', async () => {
      // Default parsing (JSON): a text body such as "Accepted" makes openapi-fetch throw.
      const result = await svc
        .client()
        .POST('/auth/password-reset', { body: { email: user.email } })
        .then((r) => ({ status: r.response.status, data: r.data, threw: null as unknown }))
        .catch((e: unknown) => ({ status: 0, data: undefined, threw: e }));
      expect(String(result.threw ?? '')).to.equal('');
      expect(result.status).to.equal(202);
      expect(result.data ?? null).to.equal(null);
    });

    it('a 204 has no body and no content type', async () => {
      const u = await registerUser(svc, 'nobody-body@example.org');
      const { response, data } = await svc.client(u.token).POST('/auth/logout');
      expect(response.status).to.equal(204);
      expect(data).to.equal(undefined);
      expect(await response.clone().text()).to.equal('');
    });
  });

  describe('service endpoints', () => {
    // Raw fetch: /healthz, /readyz, the OpenAPI document and the docs page are not operations of the document.
    it('GET /healthz is 200', async () => {
      const response = await fetch(`${svc.baseUrl}/healthz`);
      expect(response.status).to.equal(200);
    });

    it('GET /readyz is 200 while the database answers', async () => {
      const response = await fetch(`${svc.baseUrl}/readyz`);
      expect(response.status).to.equal(200);
    });

    it('GET /api/v1/openapi.json is an OpenAPI 3.1 document listing our paths', async () => {
      const response = await fetch(`${svc.baseUrl}/api/v1/openapi.json`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).to.match(/^3\.1\.\d+$/);
      expect(Object.keys(doc.paths)).to.include.members(['/trees', '/trees/{id}', '/auth/login', '/admin/instance']);
    });

    it('GET /api/v1/docs is an HTML page', async () => {
      const response = await fetch(`${svc.baseUrl}/api/v1/docs`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(await response.text()).to.match(/<html/i);
    });
  });

  describe('request ids', () => {
    it('echoes a well-formed X-Request-Id, on success and on error', async () => {
      const ok = await svc.client(user.token).GET('/users/me', { headers: { 'X-Request-Id': 'req-abc.123' } });
      expect(ok.response.status).to.equal(200);
      expect(ok.response.headers.get('x-request-id')).to.equal('req-abc.123');
      const err = await svc.client().GET('/users/me', { headers: { 'X-Request-Id': 'req-err-1' } });
      expect(err.response.status).to.equal(401);
      expect(err.response.headers.get('x-request-id')).to.equal('req-err-1');
    });

    it('makes one up when none or a malformed one is sent', async () => {
      const none = await svc.client(user.token).GET('/users/me');
      const made = none.response.headers.get('x-request-id');
      expect(made).to.be.a('string').with.length.greaterThan(8);
      const bad = await svc.client(user.token).GET('/users/me', { headers: { 'X-Request-Id': 'has spaces and <html>' } });
      const replaced = bad.response.headers.get('x-request-id');
      expect(replaced).to.be.a('string').and.not.equal('has spaces and <html>');
      expect(replaced).not.to.equal(made);
    });
  });
});
