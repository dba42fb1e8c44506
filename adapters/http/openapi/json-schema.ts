import * as t from 'io-ts';
import { registeredName, schemaHints, type JsonSchema } from '../../../core/kernel/codec.js';

/**
 * io-ts codec -> JSON Schema (2020-12, the dialect of OpenAPI 3.1), by walking the runtime `_tag`s of
 * the codecs. The same codecs decode requests, so the document cannot drift from validation. What a
 * codec says of itself (`withSchema`, `named`, `withMediaType`) is kept in core/kernel/codec.ts.
 */

export { mediaTypeOf, named, registeredName, withMediaType, withSchema, type JsonSchema } from '../../../core/kernel/codec.js';

/** Any io-ts codec: the walker only reads `_tag` and the combinator fields. */
type Codec = t.Type<unknown, unknown, unknown>;

export type SchemaContext = {
  /** Where named codecs go; absent: everything is inlined. */
  readonly components?: Record<string, JsonSchema>;
  /** Prefix of the `$ref`s emitted for named codecs. */
  readonly refPrefix?: string;
};

type State = {
  readonly components: Record<string, JsonSchema> | undefined;
  readonly refPrefix: string;
  /** Which codec owns each component name, to tell a reuse from a clash. */
  readonly owners: Map<string, object>;
  /** Codecs being converted (inline mode recursion guard). */
  readonly stack: Set<object>;
};

const owners = new WeakMap<Record<string, JsonSchema>, Map<string, object>>();

const componentName = (raw: string): string => {
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|(?<!_)_+$/g, '');
  return cleaned === '' ? 'Schema' : cleaned;
};

const tagOf = (codec: Codec): string | undefined => (codec as unknown as { _tag?: unknown })._tag as string | undefined;

/** True when the codec accepts `undefined`, i.e. a property of it may be missing. */
export const acceptsUndefined = (codec: t.Any): boolean => {
  try {
    return (codec as Codec).decode(undefined)._tag === 'Right';
  } catch {
    return false;
  }
};

const isUndefinedCodec = (codec: Codec): boolean => {
  const tag = tagOf(codec);
  return tag === 'UndefinedType' || tag === 'VoidType';
};

/** Union members, flattened through nested unions. */
const unionMembers = (codec: Codec): Codec[] =>
  tagOf(codec) === 'UnionType' && registeredName(codec) === undefined && schemaHints(codec) === undefined
    ? (codec as unknown as t.UnionType<Codec[]>).types.flatMap(unionMembers)
    : [codec];

const isPlainObjectSchema = (s: JsonSchema): boolean =>
  s.type === 'object' && s.$ref === undefined && s.allOf === undefined && s.anyOf === undefined && s.oneOf === undefined;

/** Literal values of a schema that is only a `const` or an `enum`, else undefined. */
const literalValues = (s: JsonSchema): unknown[] | undefined => {
  const keys = Object.keys(s).filter((k) => k !== 'type');
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'const') return [s.const];
  if (keys[0] === 'enum' && Array.isArray(s.enum)) return s.enum as unknown[];
  return undefined;
};

const jsonTypeOf = (v: unknown): string =>
  v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

const typesOfValues = (values: readonly unknown[]): string | string[] => {
  const seen: string[] = [];
  for (const v of values) {
    let ty = jsonTypeOf(v);
    if (ty === 'integer' && values.some((w) => jsonTypeOf(w) === 'number')) ty = 'number';
    if (!seen.includes(ty)) seen.push(ty);
  }
  return seen.length === 1 ? (seen[0] as string) : seen;
};

const propsSchema = (props: t.Props, allOptional: boolean, st: State): JsonSchema => {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, prop] of Object.entries(props)) {
    const codec = prop as Codec;
    if (isUndefinedCodec(codec)) continue; // a property that is always absent
    properties[key] = convert(codec, st);
    if (!allOptional && !acceptsUndefined(codec)) required.push(key);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
};

const unionSchema = (codec: Codec, st: State): JsonSchema => {
  const members = (codec as unknown as t.UnionType<Codec[]>).types.flatMap(unionMembers).filter((m) => !isUndefinedCodec(m));
  if (members.length === 0) return {};
  if (members.length === 1) return convert(members[0] as Codec, st);
  const schemas = members.map((m) => convert(m, st));
  const nonNull = schemas.filter((s) => !(s.type === 'null' && Object.keys(s).length === 1));
  const hasNull = nonNull.length < schemas.length;

  // A union of literals (possibly with null): one enum.
  const literalSets = nonNull.map(literalValues);
  if (literalSets.every((v): v is unknown[] => v !== undefined)) {
    const values = [...new Set(literalSets.flat())];
    if (hasNull) values.push(null);
    return { type: typesOfValues(values), enum: values };
  }
  // T | null with a simple T: add "null" to its type.
  if (hasNull && nonNull.length === 1) {
    const only = nonNull[0] as JsonSchema;
    if (typeof only.type === 'string' && only.$ref === undefined && only.const === undefined) {
      const widened: JsonSchema = { ...only, type: [only.type, 'null'] };
      if (Array.isArray(only.enum)) widened.enum = [...(only.enum as unknown[]), null];
      return widened;
    }
    return { anyOf: [only, { type: 'null' }] };
  }
  return { anyOf: schemas };
};

const intersectionSchema = (codec: Codec, st: State): JsonSchema => {
  const schemas = (codec as unknown as t.IntersectionType<Codec[]>).types.map((m) => convert(m, st));
  if (schemas.length > 0 && schemas.every(isPlainObjectSchema)) {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const s of schemas) {
      Object.assign(properties, s.properties as Record<string, unknown> | undefined);
      for (const r of (s.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r);
    }
    const merged: JsonSchema = { type: 'object', properties };
    if (required.length > 0) merged.required = required;
    if (schemas.every((s) => s.additionalProperties === false)) merged.additionalProperties = false;
    return merged;
  }
  return { allOf: schemas };
};

const closed = (s: JsonSchema): JsonSchema => (isPlainObjectSchema(s) ? { ...s, additionalProperties: false } : s);

/** The schema of a codec, ignoring its registered name (the component body). */
const convertBody = (codec: Codec, st: State): JsonSchema => {
  const c = codec as unknown as Record<string, unknown>;
  let schema: JsonSchema;
  switch (tagOf(codec)) {
    case 'StringType':
      schema = { type: 'string' };
      break;
    case 'NumberType':
      schema = { type: 'number' };
      break;
    case 'BigIntType':
      schema = { type: 'integer' };
      break;
    case 'BooleanType':
      schema = { type: 'boolean' };
      break;
    case 'NullType':
      schema = { type: 'null' };
      break;
    case 'UndefinedType':
    case 'VoidType':
    case 'NeverType':
      schema = { not: {} };
      break;
    case 'UnknownType':
    case 'AnyType':
    case 'FunctionType':
      schema = {};
      break;
    case 'AnyArrayType':
      schema = { type: 'array' };
      break;
    case 'AnyDictionaryType':
    case 'ObjectType':
      schema = { type: 'object' };
      break;
    case 'LiteralType': {
      const value = c.value;
      schema = { type: jsonTypeOf(value), const: value };
      break;
    }
    case 'KeyofType': {
      const values = Object.keys(c.keys as object);
      schema = { type: 'string', enum: values };
      break;
    }
    case 'UnionType':
      schema = unionSchema(codec, st);
      break;
    case 'IntersectionType':
      schema = intersectionSchema(codec, st);
      break;
    case 'InterfaceType':
      schema = propsSchema(c.props as t.Props, false, st);
      break;
    case 'StrictType':
      schema = closed(propsSchema(c.props as t.Props, false, st));
      break;
    case 'PartialType':
      schema = propsSchema(c.props as t.Props, true, st);
      break;
    case 'ExactType':
      schema = closed(convert(c.type as Codec, st));
      break;
    case 'ArrayType':
    case 'ReadonlyArrayType':
      schema = { type: 'array', items: convert(c.type as Codec, st) };
      break;
    case 'TupleType': {
      const items = (c.types as Codec[]).map((m) => convert(m, st));
      schema = { type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length };
      break;
    }
    case 'ReadonlyType':
    case 'RefinementType': // also branded types (t.brand, t.Int): the base schema, plus any hints
      schema = { ...convert(c.type as Codec, st) };
      break;
    case 'RecursiveType':
      schema = convert(c.type as Codec, st);
      break;
    case 'DictionaryType': {
      const domain = convert(c.domain as Codec, st);
      const codomain = convert(c.codomain as Codec, st);
      schema = { type: 'object', additionalProperties: codomain };
      const domainIsString = domain.type === 'string' && Object.keys(domain).length === 1;
      if (!domainIsString && Object.keys(domain).length > 0) schema.propertyNames = domain;
      break;
    }
    default:
      schema = {}; // a custom t.Type: only its hints (withSchema) can describe it
  }
  const extra = schemaHints(codec);
  return extra === undefined ? schema : { ...schema, ...extra };
};

const convert = (codec: Codec, st: State): JsonSchema => {
  const explicitName = registeredName(codec);
  const name = explicitName ?? (tagOf(codec) === 'RecursiveType' ? codec.name : undefined);

  if (name !== undefined && st.components !== undefined) {
    let key = componentName(name);
    const owner = st.owners.get(key);
    if (owner !== undefined && owner !== codec) {
      // Two different codecs under one name: number the newcomer, reusing a slot it already owns.
      let i = 2;
      while (st.owners.has(`${key}${i}`) && st.owners.get(`${key}${i}`) !== codec) i += 1;
      key = `${key}${i}`;
    }
    const ref = { $ref: `${st.refPrefix}${key}` };
    if (st.owners.get(key) === codec) return ref;
    st.owners.set(key, codec);
    st.components[key] = {}; // placeholder: recursive references resolve to the ref above
    st.components[key] = convertBody(codec, st);
    return ref;
  }

  if (st.stack.has(codec)) return {}; // inline recursion: best effort, accept anything below
  st.stack.add(codec);
  try {
    return convertBody(codec, st);
  } finally {
    st.stack.delete(codec);
  }
};

/**
 * The JSON Schema of `codec`. With `ctx.components`, named codecs (and recursive ones) are put there
 * and referenced by `$ref` (`#/components/schemas/` unless `ctx.refPrefix` says otherwise); the same
 * components object may be passed to several calls to share them. Without it, everything is inlined.
 */
export const toJsonSchema = (codec: t.Any, ctx: SchemaContext = {}): JsonSchema => {
  const components = ctx.components;
  let ownerMap: Map<string, object> = new Map();
  if (components !== undefined) {
    const known = owners.get(components);
    if (known === undefined) owners.set(components, ownerMap);
    else ownerMap = known;
  }
  return convert(codec as Codec, {
    components,
    refPrefix: ctx.refPrefix ?? '#/components/schemas/',
    owners: ownerMap,
    stack: new Set(),
  });
};

/** One property of an object codec, as the query/path parameter builder needs it. */
export type PropertySchema = { readonly name: string; readonly schema: JsonSchema; readonly required: boolean };

/**
 * The top-level properties of an object-like codec (type, partial, exact, intersection of those),
 * inlined. Anything else yields no properties.
 */
export const objectProperties = (codec: t.Any): PropertySchema[] => {
  const schema = toJsonSchema(codec);
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [schema];
  const out: PropertySchema[] = [];
  for (const part of parts) {
    const properties = (part.properties ?? {}) as Record<string, JsonSchema>;
    const required = (part.required ?? []) as string[];
    for (const [name, s] of Object.entries(properties)) {
      if (out.some((p) => p.name === name)) continue;
      out.push({ name, schema: s, required: required.includes(name) });
    }
  }
  return out;
};
