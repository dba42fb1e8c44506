/**
 * The reference's first page (the document's `info.description`) and the words of each group of
 * operations (tags): what a client developer needs before any one operation.
 */

export const API_OVERVIEW = `A multi-tenant family-tree service. Families keep their trees here (persons, names, life events,
relationships, sources, citations and media), invite relatives as editors or viewers, publish a tree with
living people protected, and move their research in and out as GEDCOM.

Every path below is under \`/api/v1\`. JSON field names are snake_case; identifiers are UUID strings;
instants (\`created_at\`, \`updated_at\`, \`deleted_at\`) are ISO 8601 UTC strings. A typed TypeScript
client is generated from this document (\`client/\` in the repository).

## Signing in
\`POST /auth/register\` or \`POST /auth/login\` answers a session \`token\` and sets the \`session\` cookie
(HttpOnly, SameSite=Lax). Send either \`Authorization: Bearer <token>\` or the cookie. A change (POST,
PUT, PATCH, DELETE) authenticated by the cookie alone must carry an \`Origin\` equal to the service's
\`BASE_URL\` or one of its \`CORS_ORIGINS\`, else 403 \`csrf\`. Browser clients on another origin are
allowed by the operator's \`CORS_ORIGINS\` setting: their preflights are answered and their answers carry
\`Access-Control-Allow-Origin\` with credentials. Where the operator requires verified email addresses,
an unverified account may only sign in and out, verify, reset its password, read itself and delete itself
(else 403 \`email_unverified\`).

## Who may do what
Each tree has members with a role: **owner** (everything, including members, settings, deletion),
**editor** (records, imports, cleanup, merges) and **viewer** (reads, exports). A tree is *private* or
*public*. On a public tree, anyone (signed in or not) reads through the \`/public/...\` operations and the
person operations, through the privacy engine: persons it judges living appear redacted
(\`"display_name": "Living person"\`, \`"redacted": true\`, every other field null), private records are
absent, and sources, citations and media are not shown. A record the reader may not see answers 404,
exactly as one that does not exist: nothing reveals that it is there.

## Errors
Every error is \`application/problem+json\`: \`{ type, title, status, code, detail, errors? }\`. \`code\` is a
stable word to branch on (\`not_found\`, \`forbidden\`, \`conflict\`, \`precondition_failed\`,
\`relationship_cycle\`, ...); \`detail\` is for people. Input is decoded exactly: a field or query
parameter the operation does not know is 422, named in \`errors\` (\`{ path, message }\`), as is a value
of the wrong type, out of range or not among the allowed values; the message says what is allowed.
400 is a body that is not JSON (or not multipart where a file is sent), 413 a body or file too large,
415 an unknown \`Content-Encoding\` or charset, 429 a rate limit, too many downloads or tree-wide analyses at once (with
\`Retry-After\` where one is known), 503 a dependency that is down (with \`Retry-After\`).

## Lists
A list is a JSON array. With \`limit\` (1 to 1000) it is one page in a stable order, and the next page's
opaque cursor comes in \`X-Next-Cursor\` and in \`Link: <...>; rel="next"\`: send it back as \`cursor\`.
Without \`limit\` a list answers every row, streamed. Lists carry no total count: counting what one reader
may see costs as much as reading the whole filtered list, so it is not done.

## Changing records
A creation answers 201 with the record and its \`Location\`. A one-record read answers an \`ETag\`; send it
back as \`If-Match\` on the PATCH or DELETE of the same path to change only the version you read: 412
\`precondition_failed\` when someone changed it since (read it again, then decide). Without \`If-Match\` a
change applies as it is. Every change is kept in the record's history, from which an editor can restore
an earlier version; a GEDCOM import can be undone as a whole.`;

/** The groups of operations, in the order the reference shows them. */
export const TAGS: Readonly<Record<string, string>> = {
  auth: 'Accounts and sessions: register, sign in and out, verify the email address, reset or change the password.',
  users: 'The signed-in account: its profile, the person it is in a tree, its export (every tree and record it owns, as an archive), its import, its deletion.',
  trees: 'Family trees: create, read, rename, publish or make private, delete, restore and purge; statistics and the audit trail of a tree.',
  members: 'Who may read or edit a tree (owner, editor, viewer): invitations by email address, roles, removal.',
  persons: 'The people of a tree: create, read, search by name (typo tolerant), change, delete and restore. Reads go through the privacy engine.',
  names: 'The names of a person (birth, married, also known as, ...): add, change, delete, choose the primary name.',
  events: 'Life events of a person (birth, baptism, marriage of a couple, death, burial, occupation, ...) with date and place.',
  relationships: 'Parent and child, and partnerships between two persons; a relationship that would make someone their own ancestor is refused.',
  sources: 'Sources: the documents, registers and books a fact was found in.',
  repositories: 'Repositories: the archives, libraries and people that hold sources, for members of the tree.',
  citations: 'Citations: where in a source a fact about a person, event or relationship was found (page, confidence).',
  media: 'Photographs, scans and documents attached to a tree: upload, read (with ranges), describe, delete and restore.',
  public: 'The public surface: public trees and their persons, events and relationships for anyone, signed in or not, through the privacy engine.',
  charts: 'Pedigree (ancestors) and descendant charts of a person, as nested JSON ready to draw.',
  recommender: 'How two persons are related (the relationship calculator), and persons the tree may be missing.',
  duplicates: 'Persons that are likely the same person, and pairs dismissed as different.',
  cleanup: 'Cleanup tools for a tree: names in the wrong fields, missing sexes, persons who must be deceased; preview, then apply.',
  gedcom: 'GEDCOM 5.5.1 and 7.0 (and GEDZIP with media): preview an import and decide per record, import, export.',
  history: 'The history of every record: what changed, when and by whom; restore a record as it was; undo an import.',
  proposals: 'Changes proposed by the AI assistant or by members, reviewed and applied or rejected by an editor.',
  assistant: 'The AI research assistant of a tree (when the operator configured a provider): questions answered from the tree, with proposals.',
  admin: 'The instance: its version, counts and settings, for the instance owner.',
};
