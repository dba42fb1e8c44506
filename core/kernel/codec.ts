import * as t from 'io-ts';
import { isUuid } from './ids.js';

/**
 * What an io-ts codec says of itself beyond its runtime shape, for the JSON Schema converter
 * (adapters/http/openapi/json-schema.ts) to read: codecs that core defines (request bodies a
 * proposal's operations decode as) carry it too, so the registries live on the ground floor.
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

/** The JSON Schema keywords `withSchema` gave `codec`, or undefined. */
export const schemaHints = (codec: t.Any): JsonSchema | undefined => hints.get(codec);

// The wire primitives request bodies are built from (adapters/http/wire.ts re-exports them).

/** A closed set of strings, emitted once as the component `name`. */
export const enumOf = <K extends string>(name: string, values: readonly K[]) =>
  named(name, t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>));

export const Uuid = withSchema(
  new t.Type<string, string, unknown>('Uuid', (u): u is string => typeof u === 'string' && isUuid(u), (u, c) => (typeof u === 'string' && isUuid(u) ? t.success(u) : t.failure(u, c)), t.identity),
  { type: 'string', format: 'uuid', maxLength: 36 },
);

/**
 * Client text: at most `max` characters (code points), enforced when decoding (withSchema). Every
 * string a request carries has such a bound (spec/http/input-bounds-schema.spec.ts); U+0000 is
 * refused for all input at once, in app.ts. Text kept in a btree-indexed column (emails, place
 * names: MAX_EMAIL_LENGTH, MAX_PLACE_LENGTH) stays at or under 600 characters: 4 UTF-8 bytes each fit an index entry
 * (about 2,700 bytes) whatever the text.
 */
export const Text = (max: number, extra: JsonSchema = {}) => withSchema(t.string, { maxLength: max, ...extra });

/** Free text a genealogist writes (notes, details): long, but bounded. */
export const NOTES_MAX = 100_000;

export const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);
