import * as t from 'io-ts';
import { errorStatuses, mediaTypesOf, type AnyRoute } from '../route.js';
import { describeDocument } from './describe.js';
import { API_OVERVIEW, TAGS } from './overview.js';
import { acceptsUndefined, mediaTypeOf, named, objectProperties, toJsonSchema, type JsonSchema } from './json-schema.js';

/** The problem+json body every error answers with (API.md, conventions). */
export const ProblemCodec = named(
  'Problem',
  t.intersection([
    t.type({ type: t.string, title: t.string, status: t.Int, code: t.string, detail: t.string }),
    t.partial({ errors: t.array(named('FieldError', t.type({ path: t.string, message: t.string }))) }),
  ]),
);

export type OpenApiInfo = { readonly title: string; readonly version: string; readonly serverUrl: string };

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
  };
};

const reasons: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export const reasonPhrase = (status: number): string => reasons[status] ?? `Status ${status}`;

const TAG_ORDER = Object.keys(TAGS);
const rank = (tag: string): number => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const pathTemplateParams = (path: string): string[] => [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string);

/** Query parameters are strings on the wire: objects are documented as strings, scalars and arrays as they are. */
const querySchema = (schema: JsonSchema): JsonSchema =>
  schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))
    ? { type: 'string', description: 'JSON-encoded object' }
    : schema;

const parametersOf = (r: AnyRoute): unknown[] => {
  const params: unknown[] = [];
  const declared = r.params === undefined ? [] : objectProperties(r.params);
  for (const name of pathTemplateParams(r.path)) {
    const prop = declared.find((p) => p.name === name);
    params.push({ name, in: 'path', required: true, schema: prop?.schema ?? { type: 'string' } });
  }
  if (r.query !== undefined) {
    for (const prop of objectProperties(r.query)) {
      params.push({ name: prop.name, in: 'query', required: prop.required, schema: querySchema(prop.schema) });
    }
  }
  return params;
};

const securityOf = (r: AnyRoute): Record<string, string[]>[] =>
  r.auth === 'user' ? [{ bearer: [] }, { cookie: [] }] : [{ bearer: [] }, { cookie: [] }, {}];

/**
 * The OpenAPI 3.1.0 document of a route table: one operation per route, schemas from the routes' own
 * codecs, named codecs under components/schemas, every error status as problem+json.
 */
export const buildOpenApiDocument = (
  routes: readonly AnyRoute[],
  info: OpenApiInfo,
  /** `words: false`: the structure alone, without the glossary's descriptions and examples (specs of the structure). */
  options: { readonly words?: boolean } = {},
): OpenApiDocument => {
  const schemas: Record<string, JsonSchema> = {};
  const schemaOf = (codec: t.Any): JsonSchema => toJsonSchema(codec, { components: schemas });
  schemaOf(ProblemCodec);
  const problemRef = { $ref: '#/components/schemas/Problem' };

  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string }[] = [];
  const operationIds = new Set<string>();

  for (const r of routes) {
    if (operationIds.has(r.operationId)) throw new Error(`duplicate operationId ${r.operationId}`);
    operationIds.add(r.operationId);
    const item = (paths[r.path] ??= {});
    if (item[r.method] !== undefined) throw new Error(`duplicate route ${r.method.toUpperCase()} ${r.path}`);
    if (!tags.some((tag) => tag.name === r.tag)) tags.push({ name: r.tag });

    const operation: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      security: securityOf(r),
    };
    const parameters = parametersOf(r);
    if (parameters.length > 0) operation.parameters = parameters;

    if (r.body !== undefined) {
      const mediaType = mediaTypeOf(r.body) ?? 'application/json';
      operation.requestBody = {
        required: !acceptsUndefined(r.body),
        content: { [mediaType]: { schema: schemaOf(r.body) } },
      };
    }

    const success: Record<string, unknown> = { description: r.success.description || reasonPhrase(r.success.status) };
    const headers = [...(r.successHeaders ?? []), ...(r.created !== undefined ? ['Location'] : [])];
    if (headers.length > 0) success.headers = Object.fromEntries(headers.map((h) => [h, { schema: { type: 'string' } }]));
    if (r.success.body !== undefined && r.success.status !== 204) {
      success.content = Object.fromEntries(mediaTypesOf(r).map((m) => [m, { schema: schemaOf(r.success.body!) }]));
    }
    const responses: Record<string, unknown> = { [String(r.success.status)]: success };
    for (const also of r.success.also ?? []) {
      const other: Record<string, unknown> = { description: also.description };
      if (success.headers !== undefined) other.headers = success.headers;
      if (also.content === true && success.content !== undefined) other.content = success.content;
      responses[String(also.status)] = other;
    }

    // The statuses the framework answers for this route's properties, and its handler's own (route.ts).
    for (const status of errorStatuses(r)) {
      responses[String(status)] = {
        description: reasonPhrase(status),
        content: { [PROBLEM_MEDIA_TYPE]: { schema: problemRef } },
      };
    }
    operation.responses = responses;
    item[r.method] = operation;
  }

  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: API_OVERVIEW },
    servers: [{ url: `${info.serverUrl.replace(/(?<!\/)\/+$/, '')}/api/v1` }],
    // The groups in the overview's order, each with its words; a group the overview does not know last.
    tags: tags
      .map((tag) => (TAGS[tag.name] === undefined ? tag : { name: tag.name, description: TAGS[tag.name] }))
      .sort((a, b) => rank(a.name) - rank(b.name)),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Session token returned by login or register.' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Session cookie; unsafe methods need an Origin equal to BASE_URL.' },
      },
    },
  };
  if (options.words !== false) describeDocument(doc, routes);
  return doc;
};
