import type * as t from 'io-ts';
import { toJsonSchema, type JsonSchema } from './openapi/json-schema.js';

// What a 422 says a field must be, in words and with the allowed values, generated from the codec
// that refused it (the same JSON Schema the document shows): "must be one of birth, married, ...",
// "must be an integer from 1 to 1000", "must be an object such as {qualifier, year, month, day}",
// never an io-ts type name (`expected Partial<{ calendar: Calendar, ... }>`).

const MAX_LISTED = 12;

const listed = (values: readonly unknown[]): string => {
  const shown = values.filter((v) => v !== null).map((v) => String(v));
  return shown.length > MAX_LISTED ? `${shown.slice(0, MAX_LISTED).join(', ')}, ...` : shown.join(', ');
};

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);

/** An `allOf` of object parts as one object schema (an intersection of io-ts codecs). */
const merged = (s: JsonSchema): JsonSchema => {
  const parts = s.allOf as JsonSchema[] | undefined;
  if (!Array.isArray(parts)) return s;
  const all = parts.map(merged);
  if (!all.every((p) => typesOf(p).includes('object'))) return s;
  return {
    type: typesOf(s).includes('null') ? ['object', 'null'] : 'object',
    properties: Object.assign({}, ...all.map((p) => p.properties ?? {})) as JsonSchema,
    required: all.flatMap((p) => (p.required ?? []) as string[]),
  };
};

/** One schema in words ("an integer from 1 to 1000"), without "must be". */
const phrase = (given: JsonSchema, depth = 0): string => {
  const s = merged(given);
  const nullable = typesOf(s).includes('null') || (Array.isArray(s.enum) && (s.enum as unknown[]).includes(null));
  const orNull = nullable ? ', or null' : '';
  if (Array.isArray(s.enum)) return `one of ${listed(s.enum as unknown[])}${orNull}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && depth < 2) return alternatives.map((a) => phrase(a, depth + 1)).join(', or ');
  const types = typesOf(s).filter((x) => x !== 'null');
  const type = types[0];
  if (type === 'integer' || type === 'number') {
    const kind = type === 'integer' ? 'an integer' : 'a number';
    const min = s.minimum as number | undefined;
    const max = s.maximum as number | undefined;
    return `${kind}${min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` of at least ${min}` : max !== undefined ? ` of at most ${max}` : ''}${orNull}`;
  }
  if (type === 'string') {
    if (s.format === 'uuid') return `an id (a UUID)${orNull}`;
    if (s.format === 'date-time') return `a date and time such as 2026-11-23T12:00:00Z${orNull}`;
    if (s.format === 'email') return `an email address${orNull}`;
    const max = s.maxLength as number | undefined;
    return `text${max !== undefined ? ` of at most ${max} characters` : ''}${orNull}`;
  }
  if (type === 'boolean') return `true or false${orNull}`;
  if (type === 'array') {
    const max = s.maxItems as number | undefined;
    const items = s.items as JsonSchema | undefined;
    return `a list${max !== undefined ? ` of at most ${max}` : ''}${items !== undefined && depth < 2 ? ` of ${phrase(items, depth + 1)}` : ''}${orNull}`;
  }
  if (type === 'object') {
    const fields = Object.keys((s.properties ?? {}) as Record<string, unknown>);
    const required = (s.required ?? []) as string[];
    if (fields.length === 0) return `an object${orNull}`;
    const shown = fields.length > MAX_LISTED ? [...fields.slice(0, MAX_LISTED), '...'] : fields;
    return `an object such as {${shown.join(', ')}}${required.length > 0 ? ` (with ${required.join(', ')})` : ''}${orNull}`;
  }
  return 'a valid value';
};

const cache = new WeakMap<object, string>();

/** "must be ..." for the codec that refused a value; cached per codec. */
export const expectedOf = (codec: t.Any): string => {
  const known = cache.get(codec);
  if (known !== undefined) return known;
  let words: string;
  try {
    words = `must be ${phrase(toJsonSchema(codec))}`;
  } catch {
    words = 'has a value that is not allowed here';
  }
  cache.set(codec, words);
  return words;
};
