import * as t from 'io-ts';
import { E, fail, type Result } from '../../../core/kernel/either.js';
import { invalidInput, type DomainError } from '../../../core/kernel/errors.js';
import { CHANGE_ACTIONS, CHANGE_ORIGINS, RECORD_KINDS, type RecordChange, type RecordKind } from '../../../core/history/model.js';
import { recordHistory } from '../../../core/history/queries/record-history.js';
import { treeChanges } from '../../../core/history/queries/tree-changes.js';
import { restoreChange } from '../../../core/history/commands/restore-change.js';
import { undoImport, type UndoneImport } from '../../../core/history/commands/undo-import.js';
import { listImports } from '../../../core/history/queries/list-imports.js';
import type { ImportRecord } from '../../../core/gedcom/ports.js';
import { decodeCursor, nextPageHeaders, pageOf } from '../pagination.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { enumOf } from '../../../core/kernel/codec.js';
import { route, type AnyRoute, type Reply } from '../route.js';
import { IdParams, PageQuery, Timestamp, Uuid } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';
import { inTurn } from '../../gate.js';
import { historyAccess } from '../../../core/history/access.js';

// Issue 29: the history of every record, a tree's change feed, and restore. Members of the tree
// read them; editors restore. A non-member is answered as for an unknown id.

const RecordKindCodec = enumOf('RecordKind', RECORD_KINDS);

const JsonValue = withSchema(t.unknown, { description: 'The field\'s value as stored: text, number, boolean, null, or a structure (a date, identifiers).' });

export const HistoryEntryRead = named('HistoryEntry', t.type({
  change_id: Uuid,
  at: Timestamp,
  actor: t.type({ id: t.union([Uuid, t.null]), display: t.union([t.string, t.null]) }),
  action: enumOf('ChangeAction', CHANGE_ACTIONS),
  origin: enumOf('ChangeOrigin', CHANGE_ORIGINS),
  record: t.type({ type: RecordKindCodec, id: Uuid }),
  changes: t.array(t.type({ field: t.string, before: JsonValue, after: JsonValue })),
}));

export const historyWire = (c: RecordChange): t.OutputOf<typeof HistoryEntryRead> => ({
  change_id: c.id,
  at: c.at.toISOString(),
  actor: { id: c.actor.id, display: c.actor.display },
  action: c.action,
  origin: c.origin,
  record: { type: c.recordType, id: c.recordId },
  changes: c.changes.map((x) => ({ field: x.field, before: x.before, after: x.after })),
});

// A history page's cursor names the last change shown by its place in the tree's order (`h<seq>`,
// base64url as every cursor: pagination.ts).
const decodeSeq = (cursor: string | undefined): string | undefined | DomainError => {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^h\d{1,18}$/.test(text) ? text.slice(1) : invalidInput('invalid_cursor', 'The cursor is not one this service gave out.', [{ path: 'cursor', message: 'unknown cursor' }]);
};

/** Up to limit + 1 changes as one page and the headers to the next. */
const paged = (rows: readonly RecordChange[], limit: number, url: URL): Reply<readonly t.OutputOf<typeof HistoryEntryRead>[]> => {
  const page = rows.slice(0, limit);
  const headers = nextPageHeaders(rows.length > limit ? `h${page[page.length - 1]!.seq}` : null, limit, url);
  return { status: 200, body: page.map(historyWire), headers };
};

const DEFAULT_LIMIT = 50;

/** One page of changes: the cursor decoded (422 when this service did not give it out), limit + 1 read, the next page's headers. */
const historyPage = async (
  query: { readonly limit?: number; readonly cursor?: string },
  url: URL,
  read: (page: { readonly limit: number; readonly before?: string }) => Promise<Result<readonly RecordChange[]>>,
): Promise<Result<Reply<readonly t.OutputOf<typeof HistoryEntryRead>[]>>> => {
  const before = decodeSeq(query.cursor);
  if (typeof before === 'object') return fail(before);
  const limit = query.limit ?? DEFAULT_LIMIT;
  return E.map((r: readonly RecordChange[]) => paged(r, limit, url))(await read({ limit: limit + 1, ...(before === undefined ? {} : { before }) }));
};

const RestoreBody = named('HistoryRestore', t.partial({ force: t.boolean }));
const ChangeParams = t.type({ id: Uuid, change_id: Uuid });

const ChangesQuery = t.intersection([
  PageQuery,
  t.partial({
    since: withSchema(new t.Type<Date, string, unknown>('Since', (u): u is Date => u instanceof Date, (u, c) => {
      const d = typeof u === 'string' && u.length <= 40 && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(u) ? new Date(u) : new Date(NaN);
      return Number.isNaN(d.getTime()) ? t.failure(u, c) : t.success(d);
    }, (d) => d.toISOString()), { type: 'string', format: 'date-time', maxLength: 40 }),
    actor: Uuid,
    kind: RecordKindCodec,
  }),
]);

/** The paths of the kinds with a history route (a name's changes are in its person's), and the kind in words. */
const PATHS: readonly (readonly [string, RecordKind, string, string])[] = [
  ['/persons', 'person', 'Person', 'person'], ['/events', 'event', 'Event', 'event'], ['/relationships', 'relationship', 'Relationship', 'relationship'],
  ['/sources', 'source', 'Source', 'source'], ['/citations', 'citation', 'Citation', 'citation'], ['/media', 'media', 'Media', 'media item'],
  ['/repositories', 'repository', 'Repository', 'repository'],
];

/** "an event", "a person". */
const withArticle = (noun: string): string => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** How a history page is read: its shape and paging. */
const ENTRY = 'Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.';
const HISTORY_PAGING = `${DEFAULT_LIMIT} changes a page unless \`limit\` (1 to 1000). When more follow, \`X-Next-Cursor\` holds the next page's cursor and \`Link: <...>; rel="next"\` its address: pass the cursor back as \`cursor\` (one this service did not give out is 422 \`invalid_cursor\`).`;
const HISTORY_READERS = "Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.";

const Counts = t.record(t.string, t.record(t.string, t.number));

export const ImportRead = named('GedcomImport', t.type({
  import_id: Uuid,
  file_name: t.string,
  at: Timestamp,
  actor: t.type({ id: t.union([Uuid, t.null]), display: t.union([t.string, t.null]) }),
  counts: Counts,
  undone_at: t.union([Timestamp, t.null]),
}));

const importWire = (i: ImportRecord & { readonly actorDisplay: string | null }): t.OutputOf<typeof ImportRead> => ({
  import_id: i.id, file_name: i.fileName, at: i.createdAt.toISOString(), actor: { id: i.actorId, display: i.actorDisplay }, counts: i.counts as Record<string, Record<string, number>>,
  undone_at: i.undoneAt === null ? null : i.undoneAt.toISOString(),
});

const RecordRef = t.type({ type: RecordKindCodec, id: Uuid });
export const UndoneImportRead = named('GedcomImportUndone', t.type({
  import_id: Uuid,
  deleted: t.record(t.string, t.number),
  reverted: t.number,
  left: t.array(RecordRef),
}));

const undoneWire = (u: UndoneImport): t.OutputOf<typeof UndoneImportRead> => ({
  import_id: u.importId, deleted: { ...u.deleted }, reverted: u.reverted, left: u.left.map((l) => ({ type: l.kind, id: l.id })),
});

const ImportParams = t.type({ id: Uuid, import_id: Uuid });

export const historyRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listImports', method: 'get', path: '/trees/{id}/imports', tag: 'history', auth: 'user',
    summary: "List the tree's GEDCOM imports (members)",
    description: [
      "The tree's GEDCOM imports, newest first: `import_id`, `file_name`, when (`at`), who (`actor`), the counts per kind the import reported, and `undone_at` (null until `POST /trees/{id}/imports/{import_id}/undo`).",
      '',
      HISTORY_READERS,
      '',
      'At most `limit` imports an answer (1 to 1000; 1000 when not given). When more follow, `X-Next-Cursor` holds the next page\'s cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).',
    ].join('\n'),
    params: IdParams,
    query: PageQuery,
    success: { status: 200, description: 'Imports, newest first.', body: t.array(ImportRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const after = decodeCursor(query.cursor);
      if (typeof after === 'object') return fail(after);
      const d = deps();
      const limit = query.limit ?? 1000;
      const rows = await listImports(d)(actor, params.id, { limit: limit + 1, ...(after === undefined ? {} : { after }) });
      return E.map((r: readonly (ImportRecord & { readonly actorDisplay: string | null })[]) => {
        const page = pageOf(r, limit, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/imports`));
        return { status: 200, body: page.rows.map(importWire), headers: page.headers };
      })(rows);
    },
  }),
  route({
    operationId: 'undoImport', method: 'post', path: '/trees/{id}/imports/{import_id}/undo', tag: 'history', auth: 'user',
    summary: 'Undo a GEDCOM import (editor)',
    description: [
      'Editors and owners of the tree; a viewer is 403, anyone else signed in 404. In one transaction, and as changes of origin `restore`: what the import created is deleted (one deletion, recoverable until the purge after `PURGE_AFTER_DAYS`), and what it changed of existing persons (merged into, overwritten) is put back. A record someone changed since the import is kept as it is and listed in `left` (at most 1,000 listed), unless the body is `{"force": true}`. Answers the records deleted per kind (`deleted`), how many existing records were put back (`reverted`) and `left`. Audited as `import.undo`.',
      '',
      '- 409 `import_undone`: the import was undone already; an import is undone once.',
      '',
      'An undo takes its turn with the imports and account restores running on the instance (one per two cores at once); the others wait, with the request open. A request whose client goes away while it waits never runs.',
      '- 404: no such import in this tree.',
    ].join('\n'),
    params: ImportParams,
    body: RestoreBody,
    success: { status: 200, description: 'What the undo did.', body: UndoneImportRead },
    errors: [409],
    handle: async ({ actor, params, body, clientGone }) => {
      // As long a write as the import: it takes its turn with them (spool.ts), once the caller is
      // known to be an editor, so a refusal answers at once; the command checks again in its transaction.
      const admitted = await historyAccess(deps().storage, actor, params.id, 'editor', { entity: 'tree', id: params.id });
      if (E.isLeft(admitted)) return admitted;
      return reply(200, undoneWire)(await inTurn(deps().longWrites, () => undoImport(deps())(actor, params.id, params.import_id, body ?? {}), clientGone()));
    },
  }),
  ...PATHS.flatMap(([base, kind, label, noun]) => [
    route({
      operationId: `get${label}History`, method: 'get', path: `${base}/{id}/history`, tag: 'history', auth: 'user',
      summary: `Read ${withArticle(noun)}'s history (members)`,
      description: [
        `The ${noun}'s changes, newest first${kind === 'person' ? ", with those of its names, its events, its partnerships' events and its edges" : ''}. A deleted ${noun} keeps its history and can be read here. ${ENTRY}`,
        '',
        HISTORY_READERS,
        '',
        HISTORY_PAGING,
      ].join('\n'),
      params: IdParams,
      query: PageQuery,
      success: { status: 200, description: 'Changes, newest first.', body: t.array(HistoryEntryRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) =>
        historyPage(query, new URL(`${deps().identity.baseUrl}/api/v1${base}/${params.id}/history`), (page) => recordHistory(deps())(actor, kind, params.id, page)),
    }),
    route({
      operationId: `restore${label}Change`, method: 'post', path: `${base}/{id}/history/{change_id}/restore`, tag: 'history', auth: 'user',
      summary: `Restore ${withArticle(noun)} to before a change (editor)`,
      description: [
        `Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts ${kind === 'person' ? 'the record that the change `change_id` wrote (the person, or one of its names, events or edges: any change of the person\'s history)' : `the ${noun}`} back as it was just before that change, as one new change of origin \`restore\`: an update's fields get their \`before\` values; restoring a deletion undeletes${kind === 'person' ? ' (a person with the edges deleted with it)' : ''}; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as \`record.restore\`.`,
        '',
        '- 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change\'s `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.',
        `- 404: no such change in this ${noun}'s history.`,
      ].join('\n'),
      params: ChangeParams,
      body: RestoreBody,
      success: { status: 200, description: 'The change the restore wrote.', body: HistoryEntryRead },
      errors: [409],
      handle: async ({ actor, params, body }): Promise<Result<Reply<t.OutputOf<typeof HistoryEntryRead>>>> =>
        reply(200, historyWire)(await restoreChange(deps())(actor, kind, params.id, params.change_id, body ?? {})),
    }),
  ]),
  route({
    operationId: 'listTreeChanges', method: 'get', path: '/trees/{id}/changes', tag: 'history', auth: 'user',
    summary: "List the tree's changes (members)",
    description: [
      `The tree's change feed, newest first: every change of its persons, names, events, relationships, sources, citations, media and repositories, deleted records included. ${ENTRY}`,
      '',
      'Filters, combined: `since` (a date or date-time: changes at or after it), `actor` (a user id: the changes that user made) and `kind` (one of `person`, `name`, `event`, `relationship`, `source`, `citation`, `media`, `repository`). The `Link` to the next page keeps them.',
      '',
      HISTORY_READERS,
      '',
      HISTORY_PAGING,
    ].join('\n'),
    params: IdParams,
    query: ChangesQuery,
    success: { status: 200, description: 'Changes, newest first.', body: t.array(HistoryEntryRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const filter = { ...(query.since === undefined ? {} : { since: query.since }), ...(query.actor === undefined ? {} : { actorId: query.actor }), ...(query.kind === undefined ? {} : { kind: query.kind }) };
      const url = new URL(`${deps().identity.baseUrl}/api/v1/trees/${params.id}/changes`);
      for (const [k, v] of Object.entries({ since: query.since?.toISOString(), actor: query.actor, kind: query.kind })) if (v !== undefined) url.searchParams.set(k, v);
      return historyPage(query, url, (page) => treeChanges(deps())(actor, params.id, filter, page));
    },
  }),
];
