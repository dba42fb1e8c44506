import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import * as t from 'io-ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../adapters/http/openapi/document.js';
import { named, withMediaType, withSchema } from '../../adapters/http/openapi/json-schema.js';
import { errorStatuses, mediaTypesOf, route, type AnyRoute } from '../../adapters/http/route.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { ok } from '../../core/kernel/either.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => {
  expect(v, 'expected an object').to.be.an('object');
  return v as Obj;
};

const info = { title: 'Genealogy test', version: '0.0.0', serverUrl: 'http://localhost:8080/' };

const operationOf = (doc: OpenApiDocument, r: AnyRoute): Obj => {
  const item = doc.paths[r.path];
  expect(item, `path ${r.path} missing`).to.be.an('object');
  return obj((item as Obj)[r.method]);
};

/** The parser's own document type (from openapi-types, not a direct dependency). */
type ParserDocument = Awaited<ReturnType<typeof SwaggerParser.validate>>;

const validate = async (doc: OpenApiDocument): Promise<void> => {
  await SwaggerParser.validate(structuredClone(doc) as unknown as ParserDocument);
};

// A small fixed table exercising what the real one may not (yet): optional auth, query, multipart, 204.
const Uuid = withSchema(t.string, { format: 'uuid' });
const Person = named('PersonFixture', t.type({ id: Uuid, display_name: t.string, sex: t.union([t.literal('male'), t.literal('female'), t.null]) }));
const fixtureRoutes: readonly AnyRoute[] = [
  route({
    operationId: 'listPublicPersons',
    method: 'get',
    path: '/public/trees/{id}/persons',
    summary: 'List <public> persons & more',
    tag: 'public',
    auth: 'optional',
    params: t.type({ id: Uuid }),
    query: t.intersection([t.type({ q: t.string }), t.partial({ ids: t.array(t.string), filter: t.type({ a: t.string }) })]),
    success: { status: 200, description: 'Persons', body: t.array(Person) },
    successHeaders: ['X-Next-Cursor'],
    errors: [404],
    handle: async () => ok({ status: 200, body: [] }),
  }),
  route({
    operationId: 'getPersonFixture',
    method: 'get',
    path: '/persons/{id}',
    summary: 'Read a person',
    tag: 'persons',
    auth: 'user',
    allowsUnverified: true,
    success: { status: 200, description: 'The person', body: Person },
    errors: [404],
    handle: async () => ok({ status: 200, body: { id: '00000000-0000-4000-8000-000000000000', display_name: 'A', sex: null } }),
  }),
  route({
    operationId: 'uploadFixture',
    method: 'post',
    path: '/trees/{id}/media',
    summary: 'Upload',
    tag: 'media',
    auth: 'user',
    params: t.type({ id: Uuid }),
    body: withMediaType('multipart/form-data', t.type({ file: withSchema(t.unknown, { type: 'string', format: 'binary' }) })),
    success: { status: 204, description: 'Stored' },
    errors: [403, 413],
    handle: async () => ok({ status: 204 }),
  }),
];

describe('OpenAPI document', () => {
  describe('of the route table (allRoutes())', () => {
    const routes = allRoutes();
    const doc = buildOpenApiDocument(routes, info);

    it('is a valid OpenAPI 3.1 document', async () => {
      expect(doc.openapi).to.equal('3.1.0');
      await validate(doc);
    });

    it('has routes to document', () => {
      expect(routes.length).to.be.greaterThan(0);
    });

    it('serves every route under /api/v1 of the server', () => {
      expect(doc.servers).to.deep.equal([{ url: 'http://localhost:8080/api/v1' }]);
    });

    it('has one operation per route with its operationId, summary and tag', () => {
      let count = 0;
      for (const item of Object.values(doc.paths)) count += Object.keys(item).length;
      expect(count).to.equal(routes.length);
      for (const r of routes) {
        const op = operationOf(doc, r);
        expect(op.operationId, `${r.method} ${r.path}`).to.equal(r.operationId);
        expect(op.summary).to.equal(r.summary);
        expect(op.tags).to.deep.equal([r.tag]);
        expect(doc.tags.map((tag) => tag.name)).to.include(r.tag);
      }
    });

    it('answers every declared error as problem+json', () => {
      for (const r of routes) {
        const responses = obj(operationOf(doc, r).responses);
        for (const status of errorStatuses(r)) {
          const response = obj(responses[String(status)]);
          const content = obj(response.content);
          expect(Object.keys(content), `${r.operationId} ${status}`).to.deep.equal(['application/problem+json']);
          expect(obj(content['application/problem+json']).schema).to.deep.equal({ $ref: '#/components/schemas/Problem' });
        }
      }
    });

    it('documents the success status, and a body exactly when the route has one', () => {
      for (const r of routes) {
        const success = obj(obj(operationOf(doc, r).responses)[String(r.success.status)]);
        if (r.success.body === undefined || r.success.status === 204) expect(success.content, r.operationId).to.equal(undefined);
        else expect(Object.keys(obj(success.content)), r.operationId).to.deep.equal([...mediaTypesOf(r)]);
      }
    });

    it('declares every path template parameter', () => {
      for (const r of routes) {
        const names = [...r.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
        const params = ((operationOf(doc, r).parameters ?? []) as Obj[]).filter((p) => p.in === 'path').map((p) => p.name);
        expect(params, r.operationId).to.deep.equal(names);
      }
    });

    it('requires a session on user routes and allows anonymous on optional ones', () => {
      for (const r of routes) {
        const security = operationOf(doc, r).security;
        expect(security, r.operationId).to.deep.equal(
          r.auth === 'user' ? [{ bearer: [] }, { cookie: [] }] : [{ bearer: [] }, { cookie: [] }, {}],
        );
      }
      expect(doc.components.securitySchemes).to.deep.include({
        bearer: { type: 'http', scheme: 'bearer', description: 'Session token returned by login or register.' },
      });
      expect(obj(doc.components.securitySchemes.cookie)).to.include({ type: 'apiKey', in: 'cookie', name: 'session' });
    });

    it('defines the shared Problem schema', () => {
      expect(buildOpenApiDocument(routes, info, { words: false }).components.schemas.Problem).to.deep.equal({
        type: 'object',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          code: { type: 'string' },
          detail: { type: 'string' },
          errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
        },
        required: ['type', 'title', 'status', 'code', 'detail'],
      });
    });
  });

  describe('of a fixture table', () => {
    const doc = buildOpenApiDocument(fixtureRoutes, info, { words: false });
    const [listRoute, getRoute, uploadRoute] = fixtureRoutes as [AnyRoute, AnyRoute, AnyRoute];

    it('is valid', async () => {
      await validate(doc);
    });

    it('turns query properties into parameters, objects as strings', () => {
      expect(operationOf(doc, listRoute).parameters).to.deep.equal([
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'ids', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
        { name: 'filter', in: 'query', required: false, schema: { type: 'string', description: 'JSON-encoded object' } },
      ]);
    });

    it('declares a path parameter the params codec does not have', () => {
      expect(operationOf(doc, getRoute).parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    });

    it('documents success headers and named bodies by reference', () => {
      const ok200 = obj(obj(operationOf(doc, listRoute).responses)['200']);
      expect(ok200.headers).to.deep.equal({ 'X-Next-Cursor': { schema: { type: 'string' } } });
      expect(ok200.content).to.deep.equal({
        'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/PersonFixture' } } },
      });
      expect(doc.components.schemas.PersonFixture).to.have.property('type', 'object');
    });

    it('adds 401 to user routes, 403 where an unverified session is refused, 404 for path parameters, 400/413/415 where a body is read and 422 to routes that decode input', () => {
      expect(Object.keys(obj(operationOf(doc, listRoute).responses))).to.deep.equal(['200', '403', '404', '422']);
      expect(Object.keys(obj(operationOf(doc, getRoute).responses))).to.deep.equal(['200', '401', '404']);
      expect(Object.keys(obj(operationOf(doc, uploadRoute).responses))).to.deep.equal(['204', '400', '401', '403', '404', '413', '415', '422']);
    });

    it('uses the media type a body codec was marked with, and no content on 204', () => {
      const op = operationOf(doc, uploadRoute);
      expect(op.requestBody).to.deep.equal({
        required: true,
        content: {
          'multipart/form-data': {
            // t.unknown accepts a missing field, so `file` is not required here: the codec decides.
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      });
      expect(obj(obj(op.responses)['204'])).to.deep.equal({ description: 'Stored' });
    });

    it('rejects duplicate operationIds and duplicate routes', () => {
      expect(() => buildOpenApiDocument([getRoute, getRoute], info)).to.throw(/duplicate operationId getPersonFixture/);
      expect(() => buildOpenApiDocument([getRoute, { ...getRoute, operationId: 'other' }], info)).to.throw(/duplicate route GET \/persons\/\{id\}/);
    });
  });
});
