import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ResponseCheck } from '../../adapters/http/app.js';
import { buildOpenApiDocument } from '../../adapters/http/openapi/document.js';
import { allRoutes } from '../../adapters/http/routes/index.js';

// Every JSON answer of a spec's service, checked against the OpenAPI document a client developer
// reads (its JSON Schema, by Ajv in the 2020-12 dialect of OpenAPI 3.1), not only against the codec
// the schema was derived from: a converter that documents a field another way than the service
// sends it (a format, a bound, a nullable, a closed object) fails the spec that met the answer.

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const pointer = (...parts: string[]): string => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** A check of success bodies against the document of the real route table. */
export const documentConformance = (): ResponseCheck => {
  const routes = allRoutes();
  const doc = buildOpenApiDocument(routes, { title: 'conformance', version: '0', serverUrl: 'http://localhost' });
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as unknown as object, 'openapi');
  const where = new Map(routes.map((r) => [r.operationId, r]));
  const compiled = new Map<string, ReturnType<typeof ajv.getSchema>>();
  return (operationId, status, body) => {
    const r = where.get(operationId);
    if (r === undefined) return `no operation ${operationId} in the document`;
    const key = `${operationId} ${status}`;
    if (!compiled.has(key)) {
      const responses = (doc.paths[r.path]?.[r.method] as { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined)?.responses;
      const content = responses?.[String(status)]?.content?.['application/json'];
      compiled.set(key, content === undefined ? undefined : ajv.getSchema(`openapi#/${pointer('paths', r.path, r.method, 'responses', String(status), 'content', 'application/json', 'schema')}`));
    }
    const validate = compiled.get(key);
    if (validate === undefined) return `the document has no application/json body for ${operationId} ${status}`;
    if (validate(body)) return undefined;
    return ajv.errorsText(validate.errors, { dataVar: 'body' });
  };
};
