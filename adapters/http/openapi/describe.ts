import type { AnyRoute } from '../route.js';
import type { JsonSchema } from './json-schema.js';
import { BODY_EXAMPLES, FIELDS, PARAMETERS, SCHEMAS, type Entry } from './glossary.js';

/**
 * The words and examples of the OpenAPI document, added to what the codecs derive:
 * - every property of every schema gets its description from the glossary (glossary.ts), looked up
 *   as `Owner.field` first (Owner: the component the property belongs to, or the operationId for an
 *   inline body or parameter), then as `field`; a description a codec gives itself wins;
 * - every parameter likewise; a path parameter `{id}` is described by the collection before it;
 * - every JSON request and response body gets an example: the operation's own (BODY_EXAMPLES), or
 *   one built from its schema with the glossary's field examples. A spec decodes each with the
 *   route's codec (spec/http/openapi-reference.spec.ts).
 * Which glossary keys were used is recorded, so that the spec can refuse entries nothing uses.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type Usage = { readonly fields: Set<string>; readonly parameters: Set<string>; readonly schemas: Set<string>; readonly examples: Set<string> };

export const newUsage = (): Usage => ({ fields: new Set(), parameters: new Set(), schemas: new Set(), examples: new Set() });

const lookup = (table: Readonly<Record<string, Entry>>, used: Set<string>, keys: readonly string[]): Entry | undefined => {
  for (const key of keys) {
    const entry = table[key];
    if (entry !== undefined) {
      used.add(key);
      return entry;
    }
  }
  return undefined;
};

const REF = '#/components/schemas/';
const refName = (s: Obj): string | undefined => (typeof s.$ref === 'string' && s.$ref.startsWith(REF) ? s.$ref.slice(REF.length) : undefined);

/** Adds the glossary's descriptions to the properties of `schema` (owned by `owner`), in place. */
const describeProperties = (schema: unknown, owner: string, usage: Usage): void => {
  if (!isObj(schema)) return;
  if (isObj(schema.properties)) {
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (!isObj(prop)) continue;
      const entry = lookup(FIELDS, usage.fields, [`${owner}.${name}`, name]);
      if (entry !== undefined && typeof prop.description !== 'string') prop.description = entry.description;
      describeProperties(prop, owner, usage);
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) for (const m of members) describeProperties(m, owner, usage);
  }
  describeProperties(schema.items, owner, usage);
  describeProperties(schema.additionalProperties, owner, usage);
};

const SINGULAR: Readonly<Record<string, string>> = {
  trees: 'tree', persons: 'person', events: 'event', relationships: 'relationship', sources: 'source', repositories: 'repository',
  citations: 'citation', media: 'media record', names: 'name', members: 'member', proposals: 'proposal', imports: 'import',
};

/** `{id}` after `/persons` is "the person's id". */
const pathParameterText = (path: string, name: string): string | undefined => {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  const collection = segments[at - 1];
  const thing = collection === undefined ? undefined : SINGULAR[collection];
  return thing === undefined ? undefined : `The ${thing}'s id${path.startsWith('/public/') ? ' (on a public tree)' : ''}.`;
};

// ---------------------------------------------------------------------------------------------
// Examples

const EXAMPLE_UUIDS = ['6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70', '0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b'];

/** The example of a schema: its own, the glossary's for its field, or one built from its keywords. */
export const exampleOf = (
  schema: unknown,
  components: Readonly<Record<string, JsonSchema>>,
  owner: string,
  usage: Usage,
  within: readonly string[] = [],
): unknown => {
  if (!isObj(schema) || within.length > 24) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const ref = refName(schema);
  // A schema within itself (a pedigree's parents): the example stops there (an empty list, a null).
  if (ref !== undefined) return within.includes(ref) ? undefined : exampleOf(components[ref], components, ref, usage, [...within, ref]);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) {
      for (const m of members.filter((m) => !(isObj(m) && m.type === 'null'))) {
        const example = exampleOf(m, components, owner, usage, within);
        if (example !== undefined) return example;
      }
      return members.length > 0 ? null : undefined;
    }
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((m) => exampleOf(m, components, owner, usage, within));
    return parts.every(isObj) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((ty) => ty !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Obj = {};
      if (isObj(schema.properties)) {
        for (const [name, prop] of Object.entries(schema.properties)) {
          if (isObj(prop) && prop.format === 'binary') continue; // a file part: no JSON example
          const entry = lookup(FIELDS, usage.fields, [`${owner}.${name}`, name]);
          const value = entry?.example !== undefined ? entry.example : exampleOf(prop, components, owner, usage, within);
          if (value !== undefined) out[name] = value;
        }
      } else if (isObj(schema.additionalProperties)) {
        out['key'] = exampleOf(schema.additionalProperties, components, owner, usage, within);
      }
      return out;
    }
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return schema.prefixItems.map((m, i) => (isObj(m) && m.format === 'uuid' ? EXAMPLE_UUIDS[i % 2] : exampleOf(m, components, owner, usage, within)));
      const item = exampleOf(schema.items, components, owner, usage, within);
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      return item === undefined ? [] : Array.from({ length: Math.max(1, min) }, () => item);
    }
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return EXAMPLE_UUIDS[0];
        case 'date-time':
          return '2026-11-23T09:30:00.000Z';
        case 'date':
          return '2026-11-23';
        case 'email':
          return 'mary.smith@example.org';
        case 'uri':
          return 'https://genealogy.example.org/';
        case 'binary':
          return undefined;
        default: {
          const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
          return 'text'.padEnd(min, 'x');
        }
      }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, Math.min(1, typeof schema.maximum === 'number' ? schema.maximum : 1)) : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
};

/** Adds descriptions and examples to the document built from `routes`, in place. */
export const describeDocument = (
  doc: { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, JsonSchema> } },
  routes: readonly AnyRoute[],
  usage: Usage = newUsage(),
): Usage => {
  const { schemas } = doc.components;
  for (const [name, schema] of Object.entries(schemas)) {
    const text = SCHEMAS[name];
    if (text !== undefined) {
      usage.schemas.add(name);
      if (typeof schema.description !== 'string') schema.description = text;
    }
    describeProperties(schema, name, usage);
  }
  for (const r of routes) {
    const op = doc.paths[r.path]?.[r.method];
    if (!isObj(op)) continue;
    if (r.description !== undefined) op.description = r.description;
    for (const p of Array.isArray(op.parameters) ? op.parameters : []) {
      if (!isObj(p) || typeof p.name !== 'string') continue;
      const entry = lookup(PARAMETERS, usage.parameters, [`${r.operationId}.${p.name}`, p.name]);
      const text = entry?.description ?? (p.in === 'path' ? pathParameterText(r.path, p.name) : undefined);
      if (text !== undefined && typeof p.description !== 'string') p.description = text;
      if (entry?.example !== undefined) p.example = entry.example;
      else if (p.in === 'path' && isObj(p.schema) && p.schema.format === 'uuid') p.example = EXAMPLE_UUIDS[0];
    }
    const own = BODY_EXAMPLES[r.operationId];
    if (own !== undefined) usage.examples.add(r.operationId);
    const body = isObj(op.requestBody) && isObj(op.requestBody.content) ? op.requestBody.content : {};
    for (const media of Object.values(body)) {
      if (!isObj(media)) continue;
      describeProperties(media.schema, r.operationId, usage);
      const example = own?.request !== undefined ? own.request : exampleOf(media.schema, schemas, r.operationId, usage);
      if (example !== undefined) media.example = example;
    }
    const responses = isObj(op.responses) ? op.responses : {};
    for (const status of [r.success.status, ...(r.success.also ?? []).map((a) => a.status)]) {
      const answer = responses[String(status)];
      const content = isObj(answer) && isObj(answer.content) ? answer.content : {};
      for (const [mediaType, media] of Object.entries(content)) {
        if (!isObj(media)) continue;
        describeProperties(media.schema, r.operationId, usage);
        const byType = own?.responses?.[mediaType];
        const example = byType !== undefined ? byType : own?.response !== undefined ? own.response : exampleOf(media.schema, schemas, r.operationId, usage);
        if (example !== undefined) media.example = example;
      }
    }
  }
  return usage;
};
