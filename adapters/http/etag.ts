import { hash } from 'node:crypto';

// Versions of what a one-record GET answers (issue 30, concurrent editors): the ETag is a hash of the
// answer's JSON, so it changes whenever what that reader sees changes (a name, an event shown with
// the person, a privacy decision), and a conditional change (If-Match) compares it with the record
// as the same GET reads it just before the change.

/** A strong ETag of a JSON answer, from its text as sent (one hash call, no hasher object). */
export const etagOfJson = (json: string | Uint8Array): string => `"${hash('sha256', json, 'base64url').slice(0, 27)}"`;

/** A strong ETag of a JSON answer. */
export const etagOf = (body: unknown): string => etagOfJson(JSON.stringify(body));

/**
 * Whether `If-Match` holds for the current ETag: `*` (the record exists), or one of its listed tags
 * compared strongly (a weak `W/` tag never matches, RFC 9110 13.1.1).
 */
export const ifMatchHolds = (header: string, current: string): boolean => {
  const tags = header.split(',').map((t) => t.trim()).filter((t) => t !== '');
  return tags.some((t) => t === '*' || t === current);
};
