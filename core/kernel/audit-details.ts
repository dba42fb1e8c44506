import type { JsonValue } from './audit.js';

// What an audit entry may keep in its details (issue 29). The audit log outlives the records it
// names: a purged tree's entries stay, with a null tree, and so do a purged account's. So details hold
// the ids, counts and codes of a change, never its content: no names, notes, titles, places, dates of
// records, file names or emails. The rule is data and one pure function, so that SQL (a migration
// cleaning rows written before it) can say the same thing:
//
//   - a number, a boolean or null: kept;
//   - a string: kept when it is a UUID (AUDIT_UUID_PATTERN), or when its key is one of
//     AUDIT_ENUM_KEYS (codes from a closed set, or names an operator configured);
//   - an array: kept when every element is a UUID string, or, under one of AUDIT_ENUM_KEYS, when
//     every element is a string (an empty array is kept);
//   - an object: kept whole when every value is a number (counts, such as a GEDCOM import's
//     `persons: { created, merged, ... }`); any other object is dropped;
//   - anything else is dropped, key and all.

/**
 * Keys whose string values are codes, never personal content. Each is here for the call sites that
 * use it (`grep -rn "auditEntry(" core`); a key is added only when every value ever written under it
 * comes from a closed set or from the operator's configuration, never from a record's text.
 */
export const AUDIT_ENUM_KEYS: readonly string[] = [
  // Record kinds and codes: event type, relationship type, name type, parent-child qualifier.
  'type', 'name_type', 'qualifier',
  // A membership's role, before (`from`) and after (`to`) a change. Not an association's role,
  // which is free text: the relationship commands leave it out.
  'role', 'from', 'to',
  // Tree visibility; person sex and privacy.
  'visibility', 'sex', 'privacy',
  // Proposals: origin, status, the failing operation's error code.
  'origin', 'status', 'code',
  // Attachments: the kind of the record attached to (person, event, source, ...); a media item's
  // content type, which the service decides from the bytes (a closed set).
  'target_kind', 'content_type',
  // GEDCOM import; the cleanup tool; the purge run's cutoff (the run's own instant, not a record's date).
  'default_action', 'tool', 'cutoff',
  // AI: provider and model names the operator configured, and the tools the assistant called.
  'provider', 'model', 'tool_calls', 'ai_member_provider', 'ai_recommender_provider',
];

/** A UUID, any version, either case: the source of a RegExp, usable as a PostgreSQL `~*` pattern too. */
export const AUDIT_UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const uuid = new RegExp(AUDIT_UUID_PATTERN, 'i');
const enumKeys = new Set(AUDIT_ENUM_KEYS);
const isUuid = (v: JsonValue): boolean => typeof v === 'string' && uuid.test(v);

const kept = (key: string, value: JsonValue): boolean => {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') return enumKeys.has(key) || isUuid(value);
  if (Array.isArray(value)) return value.every(enumKeys.has(key) ? (v: JsonValue) => typeof v === 'string' : isUuid);
  return Object.values(value).every((v) => typeof v === 'number');
};

/** The details an audit entry keeps: `details` without whatever may name personal content (see above). */
export const keptAuditDetails = (details: { readonly [k: string]: JsonValue }): { readonly [k: string]: JsonValue } => {
  const out: { [k: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(details)) if (kept(key, value)) out[key] = value;
  return out;
};
