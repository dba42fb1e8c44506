import { expect } from 'chai';
import type Koa from 'koa';
import Router from '@koa/router';
import { dispatcher } from '../../adapters/http/dispatch.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { mountPublicPages, type PublicPagesDeps } from '../../adapters/http/pages/public/index.js';
import { chartPageRoutes } from '../../adapters/http/pages/public/chart-pages.js';

// adapters/http/dispatch.ts takes the route table's canonical paths without @koa/router's per-request
// work: it must pick the route the router would pick, with the same parameters, and leave every
// other request to the router.

type Seen = { route: string; params: Record<string, string> } | 'router';

/** What the dispatcher does with METHOD PATH: the route it ran (its `_matchedRoute` and params), or 'router'. */
const via = async (d: ReturnType<typeof dispatcher>, method: string, path: string): Promise<Seen> => {
  const ctx = { method, path } as unknown as Koa.Context & { params: Record<string, string>; _matchedRoute: string; ran?: string };
  let passed = false;
  await d.middleware(ctx, async () => {
    passed = true;
  });
  return passed ? 'router' : { route: ctx.ran!, params: ctx.params };
};

const ran = (name: string): Koa.Middleware => async (ctx) => {
  (ctx as { ran?: string }).ran = name;
};

/** What @koa/router does with METHOD PATH, in `via`'s terms: the route it ran and its params. */
const routerPicks = async (router: Router, method: string, path: string): Promise<Seen> => {
  const ctx: { ran?: string; params?: Record<string, string> } = { method, path, host: 'localhost', request: {} } as never;
  const dispatch = router.routes();
  await dispatch(ctx as Parameters<typeof dispatch>[0], async () => undefined);
  return { route: ctx.ran!, params: ctx.params! };
};

describe('the route dispatcher', () => {
  const d = dispatcher('/api/v1', ['openapi.json', 'docs']);
  d.add('get', '/api/v1/persons/:id', ran('getPerson'));
  d.add('get', '/api/v1/persons/merged', ran('never: registered after the parameter route'));
  d.add('get', '/api/v1/trees/:id/persons', ran('listPersons'));
  d.add('get', '/api/v1/trees/:id/members/:user_id', ran('getMember'));
  d.add('patch', '/api/v1/persons/:id', ran('updatePerson'));
  d.add('get', '/api/v1/docs/:file', ran('never: a reserved first segment'));
  d.add('get', '/api/v1/:anything', ran('never: a parameter first'));

  it('runs the route of a canonical path, with its parameters decoded as the router decodes them', async () => {
    expect(await via(d, 'GET', '/api/v1/persons/abc')).to.deep.equal({ route: 'getPerson', params: { id: 'abc' } });
    expect(await via(d, 'GET', '/api/v1/persons/a%20b')).to.deep.equal({ route: 'getPerson', params: { id: 'a b' } });
    // Not valid percent-encoding: kept as it came (the codec then refuses it: 404).
    expect(await via(d, 'GET', '/api/v1/persons/%E0%A4%A')).to.deep.equal({ route: 'getPerson', params: { id: '%E0%A4%A' } });
    expect(await via(d, 'GET', '/api/v1/trees/t1/members/u1')).to.deep.equal({ route: 'getMember', params: { id: 't1', user_id: 'u1' } });
    expect(await via(d, 'PATCH', '/api/v1/persons/abc')).to.deep.equal({ route: 'updatePerson', params: { id: 'abc' } });
  });

  it('answers HEAD with the GET route, and the first route registered when two match', async () => {
    expect(await via(d, 'HEAD', '/api/v1/trees/t1/persons')).to.deep.equal({ route: 'listPersons', params: { id: 't1' } });
    expect(await via(d, 'GET', '/api/v1/persons/merged')).to.deep.equal({ route: 'getPerson', params: { id: 'merged' } });
  });

  it('leaves every other request to the router', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/persons/abc/'], // a trailing slash
      ['GET', '/API/v1/persons/abc'], // another case
      ['GET', '/api/v1/persons/'], // an empty parameter
      ['GET', '/api/v1/persons/a#b'],
      ['DELETE', '/api/v1/persons/abc'], // a method no route of the table answers here
      ['OPTIONS', '/api/v1/persons/abc'],
      ['GET', '/api/v1/docs/swagger.css'], // a reserved first segment
      ['GET', '/api/v1/whatever'], // a route whose first segment is a parameter is not taken
      ['GET', '/healthz'],
      ['GET', '/api/v2/persons/abc'],
    ] as const)
      expect(await via(d, method, path), `${method} ${path}`).to.equal('router');
  });

  it('picks, for every route of the table, the route @koa/router picks, with the same parameters', async () => {
    const routes = allRoutes();
    const table = dispatcher('/api/v1', ['openapi.json', 'docs']);
    const router = new Router();
    for (const r of routes) {
      const koaPath = `/api/v1${r.path.replace(/\{(\w+)\}/g, ':$1')}`;
      table.add(r.method, koaPath, ran(r.operationId));
      router[r.method](koaPath, ran(r.operationId));
    }
    for (const r of routes) {
      const path = `/api/v1${r.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-value`)}`;
      const method = r.method.toUpperCase();
      expect(await via(table, method, path), `${method} ${path}`).to.deep.equal(await routerPicks(router, method, path));
    }
  });

  it('with no prefix (the public pages), picks what @koa/router picks for each page and leaves the API and other spellings to the router', async () => {
    // The pages as the app registers them (mountPublicPages with the chart pages), each by its path.
    const pages: string[] = [];
    const none = {} as PublicPagesDeps;
    mountPublicPages({ get: (path: string) => void pages.push(path) } as unknown as Router, none, { more: chartPageRoutes(none) });
    expect(pages).to.include.members(['/', '/persons/:id', '/persons/:id/pedigree', '/trees/:id/sitemap.xml']);
    const table = dispatcher('', []);
    const router = new Router();
    for (const p of pages) {
      table.add('get', p, ran(p));
      router.get(p, ran(p));
    }
    for (const p of pages) {
      const path = p.replace(/:(\w+)/g, '$1-value');
      expect(await via(table, 'GET', path), path).to.deep.equal(await routerPicks(router, 'GET', path));
    }
    for (const [method, path] of [['GET', '/persons/abc/'], ['GET', '/persons/'], ['GET', '/Persons/abc'], ['POST', '/persons/abc'], ['GET', '/api/v1/persons/abc'], ['GET', '/healthz']] as const)
      expect(await via(table, method, path), `${method} ${path}`).to.equal('router');
  });
});
