import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 30, browser clients: CORS_ORIGINS lists the web origins whose clients may call the API with
// credentials. Their preflights are answered, their answers carry the CORS headers, and a
// cookie-authenticated change from them passes the CSRF rule; any other origin gets none of that.

const APP = 'http://app.example.test:5173';
const OTHER = 'https://evil.example.test';

describe('CORS for listed browser origins (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let cookie: string;

  before(async () => {
    svc = await startTestService({ env: { CORS_ORIGINS: `${APP}, https://second.example.test` } });
    const u = await registerUser(svc, 'cors@example.org');
    const login = await fetch(`${svc.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: APP }, body: JSON.stringify({ email: u.email, password: u.password }) });
    expect(login.status).to.equal(200);
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  });
  after(async () => svc?.close());

  it('answers a listed origin\'s preflight: 204, its origin, credentials, methods, the headers a client sends', async () => {
    const r = await fetch(`${svc.baseUrl}/api/v1/trees`, {
      method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization, if-match' },
    });
    expect(r.status).to.equal(204);
    expect(r.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(r.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(r.headers.get('access-control-allow-methods')).to.include('PATCH');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).to.include('content-type').and.include('authorization').and.include('if-match');
    expect(r.headers.get('vary')).to.include('Origin');
  });

  it('gives another origin no CORS header, preflight or not', async () => {
    const pre = await fetch(`${svc.baseUrl}/api/v1/trees`, { method: 'OPTIONS', headers: { origin: OTHER, 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).to.equal(null);
    const get = await fetch(`${svc.baseUrl}/api/v1/public/trees`, { headers: { origin: OTHER } });
    expect(get.status).to.equal(200);
    expect(get.headers.get('access-control-allow-origin')).to.equal(null);
    expect(get.headers.get('vary')).to.include('Origin');
  });

  it('a listed origin\'s answers carry its origin and the headers a client reads (cursor, Location, ETag)', async () => {
    const r = await fetch(`${svc.baseUrl}/api/v1/public/trees`, { headers: { origin: APP } });
    expect(r.status).to.equal(200);
    expect(r.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(r.headers.get('access-control-expose-headers')).to.include('X-Next-Cursor').and.include('Location').and.include('ETag');
  });

  it('a cookie-authenticated change from a listed origin passes the CSRF rule; from another origin it is 403 csrf', async () => {
    const from = (origin: string) => fetch(`${svc.baseUrl}/api/v1/trees`, { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify({ name: `From ${origin}` }) });
    const listed = await from(APP);
    expect(listed.status).to.equal(201);
    expect(listed.headers.get('access-control-allow-origin')).to.equal(APP);
    const other = await from(OTHER);
    expect(other.status).to.equal(403);
    expect(((await other.json()) as { code: string }).code).to.equal('csrf');
  });
});

describe('CORS_ORIGINS', () => {
  it('takes exact origins only: a path, a wildcard or another scheme stops start-up', async () => {
    const { loadConfig, ConfigError } = await import('../../bootstrap/config.js');
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins).to.deep.equal(['https://a.example', 'http://localhost:5173']);
    expect(loadConfig({}).corsOrigins).to.deep.equal([]);
    for (const bad of ['https://a.example/', 'https://a.example/app', '*', 'ftp://a.example', 'a.example']) expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).to.throw(ConfigError);
  });
});
