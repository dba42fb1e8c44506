import * as t from 'io-ts';

/**
 * io-ts codec -> JSON Schema (2020-12, the dialect of OpenAPI 3.1), by walking the runtime `_tag`s of
 * the codecs. The same codecs decode requests, so the document cannot drift from validation.
 *
 * Two registries let a codec carry what its runtime shape cannot say:
 * - `withSchema(codec, { format: 'uuid' })` adds JSON Schema keywords (format, bounds, pattern, description...);
 * - `named('Person', codec)` emits the codec once under components/schemas and `$ref`s it elsewhere.
 * Both return a shallow clone of the codec (same prototype, same behaviour), so shared codecs such as
 * `t.string` are never marked globally.
 */

export type JsonSchema = { [keyword: string]: unknown };

const hints = new WeakMap<object, JsonSchema>();
const names = new WeakMap<object, string>();
const mediaTypes = new WeakMap<object, string>();

/** Any io-ts codec: the walker only reads `_tag` and the combinator fields. */
type Codec = t.Type<unknown, unknown, unknown>;

const cloneCodec = <C extends t.Any>(codec: C): C => {
  const copy = Object.create(Object.getPrototypeOf(codec) as object, Object.getOwnPropertyDescriptors(codec)) as C;
  const h = hints.get(codec);
  if (h !== undefined) hints.set(copy, h);
  const n = names.get(codec);
  if (n !== undefined) names.set(copy, n);
  const m = mediaTypes.get(codec);
  if (m !== undefined) mediaTypes.set(copy, m);
  return copy;
};

/** Code points of `s`, as JSON Schema's minLength/maxLength count them; stops counting past `stop`. */
const codePoints = (s: string, stop: number): number => {
  let n = 0;
  for (let i = 0; i < s.length && n <= stop; i += 1) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i += 1;
    }
    n += 1;
  }
  return n;
};

const num = (s: JsonSchema, k: string): number | undefined => (typeof s[k] === 'number' ? (s[k] as number) : undefined);

/** Why `u`, the text a client sent, breaks minLength/maxLength; undefined when it does not. */
const lengthProblem = (s: JsonSchema, u: unknown): string | undefined => {
  if (typeof u !== 'string') return undefined;
  const max = num(s, 'maxLength');
  const min = num(s, 'minLength');
  // UTF-16 length bounds the code points from both sides: count only when it cannot decide.
  if (max !== undefined && u.length > max && (u.length > 2 * max || codePoints(u, max) > max)) return `at most ${max} characters`;
  if (min !== undefined && u.length < 2 * min && codePoints(u, min) < min) return `at least ${min} characters`;
  return undefined;
};

/** Why `a`, the decoded value, breaks minimum/maximum/minItems/maxItems; undefined when it does not. */
const rangeProblem = (s: JsonSchema, a: unknown): string | undefined => {
  const [min, max, emin, emax] = [num(s, 'minimum'), num(s, 'maximum'), num(s, 'exclusiveMinimum'), num(s, 'exclusiveMaximum')];
  if (typeof a === 'number') {
    if (min !== undefined && a < min) return `at least ${min}`;
    if (max !== undefined && a > max) return `at most ${max}`;
    if (emin !== undefined && a <= emin) return `more than ${emin}`;
    if (emax !== undefined && a >= emax) return `less than ${emax}`;
  }
  if (Array.isArray(a)) {
    const [minItems, maxItems] = [num(s, 'minItems'), num(s, 'maxItems')];
    if (maxItems !== undefined && a.length > maxItems) return `at most ${maxItems} items`;
    if (minItems !== undefined && a.length < minItems) return `at least ${minItems} items`;
  }
  return undefined;
};

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'];

/**
 * A copy of `codec` that documents itself with extra JSON Schema keywords, merged over the derived
 * schema: `withSchema(t.string, { format: 'uuid' })`, `withSchema(t.Int, { minimum: 0, maximum: 3 })`.
 * For custom `new t.Type(...)` codecs (no `_tag`), this is the only way to say what they accept.
 *
 * Bounds are not only documentation: the copy's `validate` (so `decode`) enforces the bound keywords
 * it is given. Lengths are checked on the input text, before the codec's own validation runs (no
 * pattern ever sees an over-long text) and count code points, as JSON Schema does; numeric and item
 * bounds are checked on the decoded value. `is` is unchanged: bounds guard what clients send, not
 * what the service already holds.
 */
export const withSchema = <C extends t.Any>(codec: C, extra: JsonSchema): C => {
  const copy = cloneCodec(codec);
  hints.set(copy, { ...hints.get(codec), ...extra });
  if (!BOUNDS.some((k) => extra[k] !== undefined)) return copy;
  const inner = copy.validate;
  const validate: t.Validate<unknown, unknown> = (u, c) => {
    const tooLong = lengthProblem(extra, u);
    if (tooLong !== undefined) return t.failure(u, c, tooLong);
    const result = inner(u, c);
    if (result._tag === 'Left') return result;
    const outside = rangeProblem(extra, result.right);
    return outside === undefined ? result : t.failure(u, c, outside);
  };
  Object.defineProperty(copy, 'validate', { value: validate, writable: true, enumerable: true, configurable: true });
  // io-ts binds `decode` to the original instance: rebind it to this copy's `validate`.
  const decode = (i: unknown): t.Validation<unknown> => validate(i, [{ key: '', type: copy, actual: i }]);
  Object.defineProperty(copy, 'decode', { value: decode, writable: true, enumerable: true, configurable: true });
  return copy;
};

/**
 * A copy of `codec` emitted as `#/components/schemas/<name>` wherever it appears (when the converter
 * is given a components registry; otherwise it is inlined). The codec's io-ts `name` becomes `name`.
 */
export const named = <C extends t.Any>(name: string, codec: C): C => {
  const copy = cloneCodec(codec);
  Object.defineProperty(copy, 'name', { value: name, writable: true, enumerable: true, configurable: true });
  names.set(copy, name);
  return copy;
};

/** Marks a request body codec as sent in another media type than JSON (e.g. 'multipart/form-data'). */
export const withMediaType = <C extends t.Any>(mediaType: string, codec: C): C => {
  const copy = cloneCodec(codec);
  mediaTypes.set(copy, mediaType);
  return copy;
};

export const mediaTypeOf = (codec: t.Any): string | undefined => mediaTypes.get(codec);
export const registeredName = (codec: t.Any): string | undefined => names.get(codec);

// t.Int is a branded number: an integer.
hints.set(t.Int, { type: 'integer' });

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
  tagOf(codec) === 'UnionType' && !names.has(codec) && !hints.has(codec)
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
  const extra = hints.get(codec);
  return extra === undefined ? schema : { ...schema, ...extra };
};

const convert = (codec: Codec, st: State): JsonSchema => {
  const explicitName = names.get(codec);
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
