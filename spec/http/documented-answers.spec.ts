import { expect } from 'chai';
import type { Server } from 'node:http';
import * as t from 'io-ts';
import { pino } from 'pino';
import { createApp } from '../../adapters/http/app.js';
import { named } from '../../adapters/http/openapi/json-schema.js';
import { errorStatuses, frameworkErrors, route, type AnyRoute } from '../../adapters/http/route.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { SESSION_COOKIE } from '../../adapters/http/session-cookie.js';
import { conflict } from '../../core/kernel/errors.js';
import { E, ok } from '../../core/kernel/either.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { documentConformance } from '../support/document-conformance.js';
import { buildOpenApiDocument } from '../../adapters/http/openapi/document.js';

// Every app a spec builds runs with validateResponses: an answer its route does not document is a
// 500 there. The first part proves the check bites, on a table of routes that each break the
// document one way, answered 200 (or their wrong status) without the check. The second proves the
// statuses route.ts derives from a route's properties (frameworkErrors) are answered for real by
// every route of the table, so the document lists no status the service cannot give.

const Thing = named('ThingFixture', t.type({ id: t.string, count: t.number }));

const misdocumented: readonly AnyRoute[] = [
  route({
    operationId: 'rightShape', method: 'get', path: '/right', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'A documented answer.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [],
    handle: async () => ok({ status: 200, body: { id: 'a', count: 1 } }),
  }),
  route({
    operationId: 'wrongShape', method: 'get', path: '/wrong-shape', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'A body its codec refuses.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [],
    // @ts-expect-error a mapper that builds another shape than the codec's output fails to compile
    handle: async () => ok({ status: 200, body: { id: 'a', count: 'one' } }),
  }),
  route({
    operationId: 'undocumentedSuccess', method: 'get', path: '/undocumented-success', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'A success status not documented.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [],
    handle: async () => ok({ status: 201, body: { id: 'a', count: 1 } }),
  }),
  route({
    operationId: 'undocumentedError', method: 'get', path: '/undocumented-error', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'An error status not documented.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [],
    handle: async () => E.left(conflict('fixture_conflict', 'A conflict this route does not document.')),
  }),
  route({
    operationId: 'documentedError', method: 'get', path: '/documented-error', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'An error status documented.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [409],
    handle: async () => E.left(conflict('fixture_conflict', 'A documented conflict.')),
  }),
  route({
    operationId: 'missingBody', method: 'get', path: '/missing-body', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'No body where one is documented.',
    success: { status: 200, description: 'A thing.', body: Thing },
    errors: [],
    handle: async () => ok({ status: 200 }),
  }),
  route({
    operationId: 'wrongMediaType', method: 'get', path: '/wrong-media-type', tag: 'fixture', auth: 'optional', allowsUnverified: true, streams: true, summary: 'A stream of a type its route does not document.',
    success: { status: 200, description: 'A GEDCOM file.', mediaType: 'text/vnd.familysearch.gedcom', body: t.string },
    errors: [],
    handle: async () => ok({ status: 200, stream: (async function* () { yield new Uint8Array([48]); })(), headers: { 'Content-Type': 'application/x-gedcom; charset=utf-8' } }),
  }),
  route({
    operationId: 'undeclaredStream', method: 'get', path: '/undeclared-stream', tag: 'fixture', auth: 'optional', allowsUnverified: true, summary: 'A stream its route does not declare.',
    success: { status: 200, description: 'Bytes.', mediaType: 'application/octet-stream', body: t.string },
    errors: [],
    handle: async () => ok({ status: 200, stream: (async function* () { yield new Uint8Array([1]); })(), headers: { 'Content-Type': 'application/octet-stream' } }),
  }),
];

const serve = async (validateResponses: boolean): Promise<{ readonly url: string; readonly close: () => Promise<void> }> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = createApp({
    routes: misdocumented, logger: pino({ level: 'silent' }), baseUrl: url, version: 'test', sessionMaxAgeSeconds: 60,
    authenticate: async () => null, ready: async () => undefined, validateResponses,
  });
  const server: Server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('documented answers (validateResponses)', () => {
  const cases: readonly [path: string, unchecked: number][] = [
    ['/wrong-shape', 200], ['/undocumented-success', 201], ['/undocumented-error', 409], ['/missing-body', 200], ['/undeclared-stream', 200], ['/wrong-media-type', 200],
  ];

  for (const validate of [true, false]) {
    describe(validate ? 'with the check (every spec app)' : 'without the check (production)', () => {
      let svc: Awaited<ReturnType<typeof serve>>;
      before(async () => {
        svc = await serve(validate);
      });
      after(async () => svc.close());

      it('answers what the document describes as it is', async () => {
        expect((await fetch(`${svc.url}/api/v1/right`)).status).to.equal(200);
        expect((await fetch(`${svc.url}/api/v1/documented-error`)).status).to.equal(409);
      });

      for (const [path, unchecked] of cases) {
        it(`${path}: ${validate ? '500' : unchecked}`, async () => {
          const res = await fetch(`${svc.url}/api/v1${path}`);
          await res.arrayBuffer();
          expect(res.status).to.equal(validate ? 500 : unchecked);
        });
      }
    });
  }
});

describe('answers checked against the OpenAPI document itself (spec/support/document-conformance.ts)', () => {
  const check = documentConformance();
  const doc = buildOpenApiDocument(allRoutes(), { title: 't', version: '0', serverUrl: 'http://localhost' });
  const person = ((doc.paths['/persons/{id}']!['get'] as { responses: Record<string, { content: Record<string, { example: Record<string, unknown> }> }> }).responses['200']!.content['application/json']!).example;

  it('accepts what the document describes: the document\'s own example of a person', () => {
    expect(person).to.have.property('display_name');
    expect(check('getPerson', 200, person)).to.equal(undefined);
  });

  it('refuses what it does not: an id that is not a uuid, a missing field, a status without a JSON body', () => {
    expect(check('getPerson', 200, { ...person, id: 'not-a-uuid' })).to.match(/format "uuid"/);
    const { display_name: _, ...nameless } = person;
    expect(check('getPerson', 200, nameless)).to.match(/display_name/);
    expect(check('deletePerson', 204, {})).to.match(/no application\/json body/);
  });
});

describe('the statuses a route derives from its properties are answered', () => {
  const routes = allRoutes();
  const unsafe = routes.filter((r) => r.method !== 'get');
  const pathOf = (r: AnyRoute): string => `/api/v1${r.path.replace(/\{\w+\}/g, 'not-an-id')}`;
  let svc: TestService;
  let token: string;

  before(async () => {
    svc = await startTestService({ storage: 'memory' });
    token = (await registerUser(svc, 'documented-answers@example.org')).token;
  });
  after(async () => svc.close());

  it('every route documents its framework statuses, and no route lists one twice', () => {
    for (const r of routes) {
      for (const s of frameworkErrors(r)) expect(errorStatuses(r), r.operationId).to.include(s);
      expect(new Set(r.errors).size, r.operationId).to.equal(r.errors.length);
    }
  });

  const send = (r: AnyRoute, headers: Record<string, string>, body?: string) =>
    fetch(`${svc.baseUrl}${pathOf(r)}`, { method: r.method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) });

  it('400 for JSON that does not parse, 415 for a Content-Encoding it does not decode, 413 past the limit: every POST, PUT, PATCH and DELETE', async () => {
    for (const r of unsafe.filter((x) => x.upload === undefined)) {
      const malformed = await send(r, { 'Content-Type': 'application/json' }, '{"a":');
      expect(malformed.status, `${r.operationId} malformed`).to.equal(400);
      const encoding = await send(r, { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, '{}');
      expect(encoding.status, `${r.operationId} encoding`).to.equal(415);
      const limit = r.jsonLimitBytes ?? 1024 * 1024;
      const large = await send(r, { 'Content-Type': 'application/json' }, `"${'a'.repeat(limit)}"`);
      expect(large.status, `${r.operationId} too large`).to.equal(413);
    }
  });

  it('415 for an upload not sent as multipart/form-data', async () => {
    for (const r of unsafe.filter((x) => x.upload !== undefined && x.params === undefined)) {
      const res = await send(r, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, '{}');
      expect(res.status, r.operationId).to.equal(415);
    }
  });

  it('403 for a change authenticated by cookie alone without this service\'s Origin: every POST, PUT, PATCH and DELETE', async () => {
    for (const r of unsafe) {
      const res = await send(r, { Cookie: `${SESSION_COOKIE}=${token}`, Origin: 'https://elsewhere.example' });
      expect(res.status, r.operationId).to.equal(403);
    }
  });

  it('401 without a session on every user route', async () => {
    for (const r of routes.filter((x) => x.auth === 'user')) expect((await send(r, {})).status, r.operationId).to.equal(401);
  });

  it('404 for path parameters that do not decode', async () => {
    for (const r of routes.filter((x) => x.params !== undefined)) {
      const res = await send(r, { Authorization: `Bearer ${token}`, ...(r.upload ? {} : { 'Content-Type': 'application/json' }) }, r.method === 'get' ? undefined : '{}');
      expect(res.status, r.operationId).to.equal(404);
    }
  });
});
