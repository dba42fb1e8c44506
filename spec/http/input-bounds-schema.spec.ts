import { expect } from 'chai';
import type * as t from 'io-ts';
import { toJsonSchema, type JsonSchema } from '../../adapters/http/openapi/json-schema.js';
import { allRoutes } from '../../adapters/http/routes/index.js';

// Every text a client can send has a declared length, and that declaration is what decoding enforces
// (issue 9, finding 1: `maxLength` was documentation only). Built from the route table, so a new
// route or field without a bound fails here.

type Part = { readonly where: 'params' | 'query' | 'body'; readonly codec: t.Any };
const partsOf = (r: ReturnType<typeof allRoutes>[number]): Part[] =>
  [['params', r.params], ['query', r.query], ['body', r.body]].flatMap(([where, codec]) => (codec === undefined ? [] : [{ where, codec } as Part]));

const types = (s: JsonSchema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);
const subschemas = (s: JsonSchema): JsonSchema[] => [
  ...Object.values((s.properties ?? {}) as Record<string, JsonSchema>),
  ...(['anyOf', 'allOf', 'oneOf', 'prefixItems'] as const).flatMap((k) => (Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : [])),
  ...(['items', 'additionalProperties', 'propertyNames'] as const).flatMap((k) => (typeof s[k] === 'object' && s[k] !== null ? [s[k] as JsonSchema] : [])),
];

/** Schema nodes that accept some string with no bound on its length, with their paths. */
const unboundedStrings = (s: JsonSchema, path: string): string[] => {
  const combinator = ['anyOf', 'allOf', 'oneOf', '$ref', 'not'].some((k) => s[k] !== undefined);
  const takesStrings = types(s).includes('string') || (types(s).length === 0 && !combinator && s.const === undefined && s.enum === undefined);
  // An enum or a constant bounds itself; a `binary` part is the uploaded file (MAX_UPLOAD_BYTES).
  const bounded = typeof s.maxLength === 'number' || s.enum !== undefined || s.const !== undefined || s.format === 'binary';
  const here = takesStrings && !bounded ? [path] : [];
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  return [
    ...here,
    ...Object.entries(props).flatMap(([k, p]) => unboundedStrings(p, `${path}.${k}`)),
    ...subschemas(s).filter((c) => !Object.values(props).includes(c)).flatMap((c) => unboundedStrings(c, path)),
  ];
};

/** Every string with a maxLength, by its field path (nested objects included). */
const boundedStrings = (s: JsonSchema, path: readonly string[], out: Map<string, { path: readonly string[]; max: number }>): void => {
  if (types(s).includes('string') && typeof s.maxLength === 'number' && path.length > 0) out.set(path.join('.'), { path, max: s.maxLength });
  for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) boundedStrings(p, [...path, k], out);
  for (const k of ['anyOf', 'allOf', 'oneOf'] as const) for (const m of (s[k] as JsonSchema[] | undefined) ?? []) boundedStrings(m, path, out);
};

const nest = (path: readonly string[], leaf: unknown): unknown => path.reduceRight((acc, k) => ({ [k]: acc }), leaf);

describe('request bounds of the route table', () => {
  const routes = allRoutes();

  it('walks some routes', () => {
    expect(routes.length).to.be.greaterThan(50);
  });

  it('gives every string of every request (params, query, body) a maxLength', () => {
    const unbounded = routes.flatMap((r) => partsOf(r).flatMap((p) => unboundedStrings(toJsonSchema(p.codec), `${r.operationId} ${p.where}`)));
    expect(unbounded).to.deep.equal([]);
  });

  it('finds an unbounded string when there is one (the walk is not vacuous)', async () => {
    const t = await import('io-ts');
    expect(unboundedStrings(toJsonSchema(t.type({ a: t.partial({ b: t.union([t.string, t.null]) }) })), 'x')).to.deep.equal(['x.a.b']);
    expect(unboundedStrings(toJsonSchema(t.type({ a: t.unknown })), 'x')).to.deep.equal(['x.a']);
  });

  it('enforces each declared maxLength when decoding: one character more is refused, naming the field', () => {
    let checked = 0;
    for (const r of routes) {
      for (const p of partsOf(r)) {
        const fields = new Map<string, { path: readonly string[]; max: number }>();
        boundedStrings(toJsonSchema(p.codec), [], fields);
        for (const { path, max } of fields.values()) {
          const result = p.codec.decode(nest(path, 'x'.repeat(max + 1)));
          const label = `${r.operationId} ${p.where} ${path.join('.')}`;
          expect(result._tag, label).to.equal('Left');
          const errors = result._tag === 'Left' ? result.left : [];
          const named = errors.filter((e) => e.context.map((c) => c.key).filter((k) => k !== '' && !/^\d+$/.test(k)).join('.') === path.join('.'));
          expect(named.map((e) => e.message), label).to.include(`at most ${max} characters`);
          checked += 1;
        }
      }
    }
    expect(checked).to.be.greaterThan(50);
  });
});
