import type { Rng } from './prng.js';
import type { Schema } from './openapi.js';
import { randomText } from './hostile.js';

/** What a generator may draw on: ids and values of the seeded world, by field name. */
export type Hints = {
  /** Values that fit a field of this name on this operation, or none (then the schema decides). */
  readonly forField: (field: string) => readonly unknown[];
  readonly resolve: (s: Schema) => Schema;
};

const typesOf = (s: Schema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? [...(s.type as string[])] : [s.type as string]);

/** A valid-looking value of `schema` (the schema's own rules; ids and emails from the world). */
export const generate = (rng: Rng, schema: Schema, field: string, hints: Hints, depth = 0): unknown => {
  const s = hints.resolve(schema);
  const known = hints.forField(field);
  if (known.length > 0 && rng.chance(0.85)) return rng.pick(known);
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined && s.enum.length > 0) return rng.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches !== undefined && branches.length > 0) {
    const nonNull = branches.filter((b) => hints.resolve(b).type !== 'null');
    return generate(rng, rng.chance(0.85) && nonNull.length > 0 ? rng.pick(nonNull) : rng.pick(branches), field, hints, depth);
  }
  const types = typesOf(s);
  const nonNull = types.filter((x) => x !== 'null');
  const type = types.includes('null') && (nonNull.length === 0 || rng.chance(0.15)) ? 'null' : (nonNull.length > 0 ? rng.pick(nonNull) : s.properties ? 'object' : 'string');
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? 2000, min + 5000);
      return rng.int(Math.ceil(min), Math.floor(max));
    }
    case 'array': {
      if (depth > 4) return [];
      const n = rng.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3));
      return Array.from({ length: n }, () => generate(rng, s.items ?? {}, field, hints, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (required.has(name) || rng.chance(0.6)) out[name] = generate(rng, prop, name, hints, depth + 1);
      }
      return out;
    }
    default:
      return stringOf(rng, s);
  }
};

const stringOf = (rng: Rng, s: Schema): string => {
  switch (s.format) {
    case 'uuid':
      return randomUuid(rng);
    case 'email':
      return `${randomText(rng, 6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@example.com`;
    case 'date-time':
      return new Date(Date.UTC(rng.int(1900, 2100), rng.int(0, 11), rng.int(1, 28))).toISOString();
    case 'date':
      return `${rng.int(1000, 2100)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
    case 'uri':
      return 'https://example.com/x';
    default: {
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
      return randomText(rng, rng.int(Math.max(min, 1), Math.max(min, max)));
    }
  }
};

export const randomUuid = (rng: Rng): string => {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[rng.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
