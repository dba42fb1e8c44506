import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';

// REQUIRE_EMAIL_VERIFICATION=true (issue 9, finding 3): an unverified session reads as anonymous
// wherever verification is required. On the public surface it gets exactly what an anonymous
// caller gets (a site_members tree is not there at all); member routes keep 403 email_unverified.

type Reply = { readonly status: number; readonly text: string; readonly body: any };

const call = async (svc: TestService, method: string, path: string, token?: string, body?: unknown): Promise<Reply> => {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${svc.baseUrl}/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, text, body: text === '' ? null : JSON.parse(text) };
};

const verify = async (svc: TestService, email: string): Promise<void> => {
  const r = await call(svc, 'POST', '/auth/verify-email', undefined, { token: tokenFromMail(svc, email) });
  if (r.status !== 204) throw new Error(`setup: verify ${email}: ${r.status}`);
};

type Fixture = { readonly siteTree: string; readonly publicTree: string; readonly dead: string; readonly living: string; readonly publicDead: string };

const seed = async (svc: TestService, ownerToken: string): Promise<Fixture> => {
  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call(svc, 'POST', path, ownerToken, body);
    if (r.status !== 201) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const siteTree: string = (await post('/trees', { name: 'Members Only Kin', visibility: 'site_members' })).id;
  const publicTree: string = (await post('/trees', { name: 'Open Kin', visibility: 'public' })).id;
  const DEAD = { birth: { date: { qualifier: 'exact', year: 1800 } }, death: { date: { qualifier: 'exact', year: 1870 } } };
  const dead: string = (await post(`/trees/${siteTree}/persons`, { given_name: 'Sitewide', surname: 'Ancestor', notes: 'SITE-ONLY', ...DEAD })).id;
  const living: string = (await post(`/trees/${siteTree}/persons`, { given_name: 'Sitewide', surname: 'Child', birth: { date: { qualifier: 'exact', year: 1990 } } })).id;
  await post(`/trees/${siteTree}/relationships`, { type: 'parent_child', person_a_id: dead, person_b_id: living, qualifier: 'biological' });
  const publicDead: string = (await post(`/trees/${publicTree}/persons`, { given_name: 'Open', surname: 'Ancestor', ...DEAD })).id;
  return { siteTree, publicTree, dead, living, publicDead };
};

/** The GET routes of the public surface, from the route table, with their `{id}` filled for a tree. */
const publicPaths = (tree: string, persons: readonly string[]): string[] =>
  allRoutes()
    .filter((r) => r.method === 'get' && r.path.startsWith('/public'))
    .flatMap((r) => {
      if (!r.path.includes('{id}')) return [r.path];
      if (r.path.startsWith('/public/trees/{id}')) return [r.path.replace('{id}', tree)];
      if (r.path.startsWith('/public/persons/{id}')) return persons.map((id) => r.path.replace('{id}', id));
      throw new Error(`no probe for ${r.path}: teach publicPaths how to fill it`);
    });

describe('HTTP with REQUIRE_EMAIL_VERIFICATION=true: an unverified session reads as anonymous', function () {
  this.timeout(60_000);
  let svc: TestService;
  let fx: Fixture;
  let stranger: string;
  let unverified: Awaited<ReturnType<typeof registerUser>>;
  before(async () => {
    svc = await startTestService({ storage: 'memory', env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    const owner = await registerUser(svc, 'vr-owner@example.org');
    await verify(svc, owner.email);
    const s = await registerUser(svc, 'vr-stranger@example.org');
    await verify(svc, s.email);
    stranger = s.token;
    unverified = await registerUser(svc, 'vr-unverified@example.org');
    fx = await seed(svc, owner.token);
  });
  after(async () => {
    await svc?.close();
  });

  it('every public path of a site_members tree: a verified stranger gets 200, the unverified session exactly what anonymous gets (404)', async () => {
    const paths = publicPaths(fx.siteTree, [fx.dead, fx.living]);
    expect(paths.length).to.be.greaterThan(5);
    for (const path of paths) {
      const seen = await call(svc, 'GET', path, stranger);
      expect(seen.status, `stranger GET ${path}`).to.equal(200);
      const anon = await call(svc, 'GET', path);
      const unv = await call(svc, 'GET', path, unverified.token);
      expect({ status: unv.status, body: unv.body }, `unverified GET ${path}`).to.deep.equal({ status: anon.status, body: anon.body });
      if (path !== '/public/trees') expect(unv.status, `unverified GET ${path}`).to.equal(404);
      expect(unv.text, `unverified GET ${path}`).not.to.include('Members Only Kin');
      expect(unv.text).not.to.include('SITE-ONLY');
    }
  });

  it('the directory lists the site_members tree to a verified account only', async () => {
    const names = async (token?: string) => ((await call(svc, 'GET', '/public/trees', token)).body as any[]).map((t) => t.name).sort();
    expect(await names(stranger)).to.include('Members Only Kin');
    expect(await names(unverified.token)).to.deep.equal(await names());
    expect(await names(unverified.token)).to.include('Open Kin').and.not.include('Members Only Kin');
  });

  it('a public tree reads the same for the unverified session and anonymous', async () => {
    for (const path of publicPaths(fx.publicTree, [fx.publicDead])) {
      const anon = await call(svc, 'GET', path);
      const unv = await call(svc, 'GET', path, unverified.token);
      expect(anon.status, `anonymous GET ${path}`).to.equal(200);
      expect({ status: unv.status, body: unv.body }, `unverified GET ${path}`).to.deep.equal({ status: anon.status, body: anon.body });
    }
  });

  it('member routes stay 403 email_unverified, /users/me stays readable', async () => {
    for (const path of [`/trees/${fx.siteTree}`, `/trees/${fx.siteTree}/persons`, `/persons/${fx.dead}`, '/trees']) {
      const r = await call(svc, 'GET', path, unverified.token);
      expect(r.status, path).to.equal(403);
      expect(r.body.code, path).to.equal('email_unverified');
    }
    const me = await call(svc, 'GET', '/users/me', unverified.token);
    expect(me.status).to.equal(200);
    expect(me.body.email_verified).to.equal(false);
  });

  it('once verified, the same session reads the site_members tree', async () => {
    const late = await registerUser(svc, 'vr-late@example.org');
    expect((await call(svc, 'GET', `/public/trees/${fx.siteTree}`, late.token)).status).to.equal(404);
    await verify(svc, late.email);
    expect((await call(svc, 'GET', `/public/trees/${fx.siteTree}`, late.token)).status).to.equal(200);
    expect((await call(svc, 'GET', `/trees/${fx.siteTree}`, late.token)).status).to.equal(200);
  });
});

describe('HTTP with REQUIRE_EMAIL_VERIFICATION=false: an unverified account is a site member', function () {
  this.timeout(60_000);
  let svc: TestService;
  after(async () => {
    await svc?.close();
  });

  it('reads a site_members tree on the public and the member surface', async () => {
    svc = await startTestService({ storage: 'memory' });
    const owner = await registerUser(svc, 'nv-owner@example.org');
    const fx = await seed(svc, owner.token);
    const u = await registerUser(svc, 'nv-unverified@example.org');
    expect((await call(svc, 'GET', `/public/trees/${fx.siteTree}`, u.token)).status).to.equal(200);
    expect((await call(svc, 'GET', `/trees/${fx.siteTree}`, u.token)).status).to.equal(200);
    expect(((await call(svc, 'GET', '/public/trees', u.token)).body as any[]).map((t) => t.name)).to.include('Members Only Kin');
  });
});
