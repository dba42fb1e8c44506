import type * as t from 'io-ts';
import { objectProperties } from './openapi/json-schema.js';
import type { FieldLimits } from './multipart.js';

/** Text fields a multipart request may carry besides its file. */
const MAX_FIELDS = 16;
/** Bytes a field the body codec does not declare may hold (it is decoded, then ignored). */
const OTHER_FIELD_BYTES = 1024;
/** Bytes any one field may hold in memory, whatever its declared length (GEDCOM `resolutions`). */
const MAX_FIELD_BYTES = 16 * 1024 * 1024;

/**
 * The byte bounds of a multipart route's text fields, from the same codec that decodes them: a
 * field declared with `maxLength` n may hold 4n bytes (n characters of UTF-8 at worst, so every
 * value the codec accepts gets through), capped at 16 MiB; the codec then counts the characters.
 */
export const multipartFieldLimits = (body: t.Any | undefined): FieldLimits => {
  const fieldBytes: Record<string, number> = {};
  for (const p of body === undefined ? [] : objectProperties(body)) {
    const max = p.schema.maxLength;
    fieldBytes[p.name] = typeof max === 'number' ? Math.min(4 * max, MAX_FIELD_BYTES) : OTHER_FIELD_BYTES;
  }
  return { fieldBytes, otherFieldBytes: OTHER_FIELD_BYTES, maxFields: MAX_FIELDS };
};
