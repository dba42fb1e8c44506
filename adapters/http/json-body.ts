// A JSON request body is read as text (koa-body, within its byte limit, content encodings and
// charsets applied) and parsed here, once its values are counted: `JSON.parse` builds every value
// at once, and `[]`, `{}` or `0` cost two bytes or less but tens of bytes of heap each, so a 16 MiB
// body of empty arrays took some 370 MB. The count bounds what a body may hold before it is built.

/** The media types read as JSON (koa-body's own list). */
export const JSON_TYPES = ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report', 'application/scim+json'];

/** Values and keys a body of `limitBytes` may hold: one per 16 bytes (a real body spends 20 or more a value). */
export const maxJsonValues = (limitBytes: number): number => Math.max(65_536, Math.floor(limitBytes / 16));

/** A body refused before it is built: a 400 (`status`) with the reason. */
export class JsonBodyError extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor(message: string, syntax = false) {
    super(message);
    // A syntax error is answered "The body is not valid JSON." (app.ts), as co-body's were.
    if (syntax) this.name = 'SyntaxError';
  }
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Counts the values and keys of JSON text without building it: containers, and the commas and
 * colons between members, outside strings. Stops at `max + 1`.
 */
export const countJsonValues = (text: string, max: number): number => {
  let count = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY || c === COMMA || c === COLON) {
      count += 1;
      if (count > max) return count;
    }
  }
  return count;
};

// As co-body's strict mode: only an object or an array at the top.
const STRICT = /^[ \t\n\r]*[[{]/;
// As @hapi/bourne: a `__proto__` key, however escaped, is refused rather than parsed.
const PROTO = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** Parses a JSON body read as text: {} when empty, else an object or array within `maxValues`. */
export const parseJsonBody = (text: string, maxValues: number): unknown => {
  if (text === '') return {};
  if (!STRICT.test(text)) throw new JsonBodyError('invalid JSON, only supports object and array', true);
  if (countJsonValues(text, maxValues) > maxValues) throw new JsonBodyError(`The body holds more than ${maxValues} values.`);
  try {
    if (!PROTO.test(text)) return JSON.parse(text);
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') throw new JsonBodyError('Object contains forbidden prototype property', true);
      return value;
    });
  } catch (err) {
    if (err instanceof JsonBodyError) throw err;
    throw new JsonBodyError((err as Error).message, true);
  }
};
