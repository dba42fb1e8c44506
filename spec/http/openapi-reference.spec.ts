import { config, expect } from 'chai';
import type * as t from 'io-ts';
import { buildOpenApiDocument } from '../../adapters/http/openapi/document.js';
import { describeDocument, newUsage } from '../../adapters/http/openapi/describe.js';
import { BODY_EXAMPLES, FIELDS, PARAMETERS, SCHEMAS } from '../../adapters/http/openapi/glossary.js';
import { mediaTypesOf, type AnyRoute } from '../../adapters/http/route.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { TAGS } from '../../adapters/http/openapi/overview.js';
import { decodePart } from '../../core/kernel/decode.js';

// The reference a client developer reads (issue 30): every operation, parameter and field in words,
// and an example for every request and response body that the route's own codec accepts, so an
// example can neither be missing nor wrong. The words live in glossary.ts; an entry that nothing
// uses is refused too, so the glossary cannot rot as fields are renamed.

config.truncateThreshold = 0; // the lists of gaps are the point of a failure here

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const routes = allRoutes();
const doc = buildOpenApiDocument(routes, { title: 'Genealogy', version: '0.0.0', serverUrl: 'http://localhost:8080' });
const operationOf = (r: AnyRoute): Obj => doc.paths[r.path]![r.method] as Obj;

/** Every property of `schema` that has no description, as `where.field`. */
const undescribed = (schema: unknown, where: string, out: string[]): void => {
  if (!isObj(schema)) return;
  if (isObj(schema.properties)) {
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (!isObj(prop) || typeof prop.description !== 'string' || prop.description.trim() === '') out.push(`${where}.${name}`);
      undescribed(prop, where, out);
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(schema[key])) for (const m of schema[key] as unknown[]) undescribed(m, where, out);
  undescribed(schema.items, where, out);
  undescribed(schema.additionalProperties, where, out);
};

/** Where an example holds the converter's placeholder text instead of a value a reader recognises. */
const placeholders = (value: unknown, where: string, out: string[]): void => {
  if (typeof value === 'string' && /^textx*$/.test(value)) out.push(where);
  else if (Array.isArray(value)) value.forEach((v, i) => placeholders(v, `${where}[${i}]`, out));
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) placeholders(v, `${where}.${k}`, out);
};

const isJson = (mediaType: string): boolean => mediaType === 'application/json' || mediaType.endsWith('+json');

describe('the API reference (OpenAPI words and examples)', () => {
  it('opens with an overview, and describes every group of operations', () => {
    expect(doc.info.description).to.match(/## Errors/);
    expect(doc.tags.filter((tag) => typeof tag.description !== 'string').map((tag) => tag.name), 'tags without words (overview.ts TAGS)').to.deep.equal([]);
    expect(Object.keys(TAGS).filter((name) => !doc.tags.some((tag) => tag.name === name)), 'TAGS no operation uses').to.deep.equal([]);
  });

  it('describes every operation beyond its summary', () => {
    const missing = routes.filter((r) => {
      const d = operationOf(r).description;
      return typeof d !== 'string' || d.trim().length < 20 || d === r.summary;
    });
    expect(missing.map((r) => r.operationId), 'operations without a description').to.deep.equal([]);
  });

  it('describes every parameter', () => {
    const missing: string[] = [];
    for (const r of routes) {
      for (const p of (operationOf(r).parameters as Obj[] | undefined) ?? []) {
        if (typeof p.description !== 'string' || p.description.trim() === '') missing.push(`${r.operationId}: ${String(p.in)} ${String(p.name)}`);
      }
    }
    expect(missing, 'parameters without a description').to.deep.equal([]);
  });

  it('describes every field of every schema, named or inline', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) undescribed(schema, name, missing);
    for (const r of routes) {
      const op = operationOf(r);
      const request = isObj(op.requestBody) ? (op.requestBody.content as Obj) : {};
      for (const media of Object.values(request)) undescribed((media as Obj).schema, `${r.operationId} request`, missing);
      for (const [status, answer] of Object.entries(op.responses as Obj)) {
        for (const media of Object.values(((answer as Obj).content as Obj | undefined) ?? {})) undescribed((media as Obj).schema, `${r.operationId} ${status}`, missing);
      }
    }
    expect([...new Set(missing)], 'fields without a description').to.deep.equal([]);
  });

  it('has an example for every request and response body, with no placeholder text', () => {
    const missing: string[] = [];
    const placeholder: string[] = [];
    for (const r of routes) {
      const op = operationOf(r);
      const request = isObj(op.requestBody) ? (op.requestBody.content as Obj) : {};
      for (const [mediaType, media] of Object.entries(request)) {
        const example = (media as Obj).example;
        if (example === undefined) missing.push(`${r.operationId} request ${mediaType}`);
        placeholders(example, `${r.operationId} request`, placeholder);
      }
      for (const [status, answer] of Object.entries(op.responses as Obj)) {
        if (Number(status) >= 400) continue; // every error is the one Problem, described once
        for (const [mediaType, media] of Object.entries(((answer as Obj).content as Obj | undefined) ?? {})) {
          const m = media as Obj;
          const binary = isObj(m.schema) && m.schema.format === 'binary';
          // A byte stream (a file, an archive) has no example, except where it is text a reader recognises.
          if (m.example === undefined && !(binary && !/gedcom/.test(mediaType))) missing.push(`${r.operationId} ${status} ${mediaType}`);
          placeholders(m.example, `${r.operationId} ${status}`, placeholder);
        }
      }
    }
    expect(missing, 'bodies without an example').to.deep.equal([]);
    expect(placeholder, 'example values that are placeholders: give the field an example in glossary.ts').to.deep.equal([]);
  });

  it('every request example is accepted, exactly, by the codec that decodes the request', () => {
    const refused: string[] = [];
    for (const r of routes) {
      if (r.body === undefined) continue;
      const op = operationOf(r);
      for (const [mediaType, media] of Object.entries((op.requestBody as Obj).content as Obj)) {
        // A multipart body's file part travels as bytes: the codec sees its file name (app.ts).
        const example = (media as Obj).example;
        const sent = mediaType === 'multipart/form-data' && isObj(example) ? { ...example, [r.upload!.field]: 'family.ged' } : example;
        const decoded = decodePart(r.body as t.Type<unknown, unknown, unknown>, sent, 'body', { exact: true });
        if (!decoded.ok) refused.push(`${r.operationId} ${mediaType}: ${JSON.stringify(decoded.errors)}`);
      }
    }
    expect(refused, 'request examples the codec refuses').to.deep.equal([]);
  });

  it('every JSON response example is one the route\'s success codec accepts', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const r of routes) {
      if (r.success.body === undefined) continue;
      const answer = (operationOf(r).responses as Obj)[String(r.success.status)] as Obj;
      for (const mediaType of mediaTypesOf(r).filter(isJson)) {
        const example = ((answer.content as Obj)[mediaType] as Obj).example;
        checked += 1;
        if (!(r.success.body as t.Mixed).decode(example)._tag.startsWith('Right')) refused.push(`${r.operationId} ${mediaType}: ${JSON.stringify(example).slice(0, 200)}`);
      }
    }
    expect(checked).to.be.greaterThan(80);
    expect(refused, 'response examples the success codec refuses').to.deep.equal([]);
  });

  it('uses every entry of the glossary (none describes a field or parameter that is gone)', () => {
    const usage = newUsage();
    describeDocument(buildOpenApiDocument(routes, { title: 'Genealogy', version: '0.0.0', serverUrl: 'http://localhost:8080' }), routes, usage);
    expect(Object.keys(FIELDS).filter((k) => !usage.fields.has(k)), 'FIELDS entries nothing uses').to.deep.equal([]);
    expect(Object.keys(PARAMETERS).filter((k) => !usage.parameters.has(k)), 'PARAMETERS entries nothing uses').to.deep.equal([]);
    expect(Object.keys(SCHEMAS).filter((k) => !usage.schemas.has(k)), 'SCHEMAS entries nothing uses').to.deep.equal([]);
    expect(Object.keys(BODY_EXAMPLES).filter((k) => !usage.examples.has(k)), 'BODY_EXAMPLES entries nothing uses').to.deep.equal([]);
  });
});
