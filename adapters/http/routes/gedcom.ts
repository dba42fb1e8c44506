import { tmpdir } from 'node:os';
import * as t from 'io-ts';
import { E, ok, type AsyncResult, type Result } from '../../../core/kernel/either.js';
import { invalidInput } from '../../../core/kernel/errors.js';
import { accessTree } from '../../../core/trees/access.js';
import type { GedcomFile } from '../../../core/gedcom/import-scan.js';
import { previewGedcom, type GedcomPreview } from '../../../core/gedcom/queries/preview-gedcom.js';
import { importActions, importGedcom, type ImportReport, type Resolution } from '../../../core/gedcom/commands/import-gedcom.js';
import { exportGedcom } from '../../../core/gedcom/queries/export-gedcom.js';
import { isUuid } from '../../../core/kernel/ids.js';
import { named, withMediaType, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute, type HandlerInput, type Reply } from '../route.js';
import type { SpooledFile } from '../multipart.js';
import { IdParams, RESOLUTIONS_MAX, Text, Uuid } from '../wire.js';
import { analysing, type LazyDeps } from './deps.js';
import { contentDisposition } from '../content-disposition.js';
import { serviceProduct } from './product.js';
import { previewWire, reportWire } from '../gedcom-wire.js';
import { withGedcomUpload } from '../../archive/gedzip-upload.js';
import { gedzipStream } from '../../archive/gedzip-writer.js';
import { inTurn, LeftTheQueue } from '../../gate.js';
import { spooled } from '../spool.js';
import { utf8Chunks } from '../utf8-chunks.js';
import { deferred } from '../deferred-stream.js';
import { countJsonValues } from '../json-body.js';

const FileField = withSchema(t.string, { type: 'string', format: 'binary', description: 'The GEDCOM file (one part), or a GEDZIP (.gdz, told by its first bytes): gedcom.ged at its root and the media files its OBJE FILEs name, under the account import\'s zip limits' });
const ActionCodec = named('ImportAction', t.keyof(Object.fromEntries(importActions.map((a) => [a, null])) as Record<(typeof importActions)[number], null>));
const PreviewForm = withMediaType('multipart/form-data', named('GedcomPreviewUpload', t.type({ file: FileField })));
const ImportForm = withMediaType('multipart/form-data', named('GedcomImportUpload', t.intersection([
  t.type({ file: FileField }),
  t.partial({
    default_action: ActionCodec,
    // 100,000 resolutions of about 90 characters each fit; the multipart reader holds at most 16 MiB of it.
    resolutions: Text(RESOLUTIONS_MAX, { description: 'JSON text: an object from incoming xref (`"@I1@"`) to `{ "action": "new"|"skip"|"merge"|"overwrite", "target_id"?: uuid }`; at most 10,000,000 characters and 16 MiB' }),
  }),
])));

const UnmappedRead = named('UnmappedTag', t.type({ tag: t.string, count: t.number, first_line: t.number, kept_lines: t.number }));
const WarningRead = named('GedcomWarning', t.type({ line: t.number, message: t.string }));
const Score = t.keyof({ high: null, medium: null });
const CandidateRead = named('DuplicateCandidate', t.type({
  person_id: Uuid, display_name: t.string, birth_year: t.union([t.number, t.null]), score: Score, similarity: t.number, reasons: t.array(t.string),
}));
const PreviewRead = named('GedcomPreview', t.type({
  counts: t.type({ persons: t.number, families: t.number, sources: t.number }),
  matches: t.array(named('GedcomMatch', t.type({ xref: t.string, display_name: t.string, birth_year: t.union([t.number, t.null]), candidates: t.array(CandidateRead) }))),
  unmapped_tags: t.array(UnmappedRead),
  warnings: t.array(WarningRead),
  warning_count: t.number,
}));
const Created = (extra: string) => t.type({ created: t.number, [extra]: t.number });
const ReportRead = named('GedcomImportReport', t.type({
  import_id: Uuid,
  persons: t.type({ created: t.number, merged: t.number, skipped: t.number, overwritten: t.number }),
  names: Created('skipped'), events: Created('skipped'), relationships: Created('skipped'), sources: Created('reused'), repositories: Created('reused'),
  citations: Created('skipped'), places: Created('reused'), media: Created('skipped'),
  unmapped_tags: t.array(UnmappedRead),
  warnings: t.array(WarningRead),
  warning_count: t.number,
}));
const ExportQuery = t.partial({ version: t.keyof({ '5.5.1': null, '7.0': null }), media: t.keyof({ true: null, false: null }) });

const missingFile = () => E.left(invalidInput('invalid_input', 'Send the GEDCOM file as the `file` part.', [{ path: 'file', message: 'required' }]));

/** Values and keys `resolutions` may hold: about 6 an entry, for 100,000 entries and room to spare. */
const RESOLUTION_VALUES = 1_000_000;

/** `resolutions` is JSON text in a multipart field: decoded here, with its own 422s. */
const parseResolutions = (text: string | undefined): Result<Record<string, Resolution>> => {
  if (text === undefined || text.trim() === '') return ok({});
  // Counted before it is built: 10,000,000 characters of `[]` would be 3 million arrays (225 MB).
  if (countJsonValues(text, RESOLUTION_VALUES) > RESOLUTION_VALUES)
    return E.left(invalidInput('invalid_input', `\`resolutions\` holds more than ${RESOLUTION_VALUES} values.`, [{ path: 'resolutions', message: 'too many values' }]));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return E.left(invalidInput('invalid_input', '`resolutions` is not JSON.', [{ path: 'resolutions', message: 'not JSON' }]));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return E.left(invalidInput('invalid_input', '`resolutions` must be an object from xref to resolution.', [{ path: 'resolutions', message: 'expected an object' }]));
  const out: [string, Resolution][] = [];
  for (const [xref, r] of Object.entries(raw)) {
    const action = (r as { action?: unknown })?.action;
    const target = (r as { target_id?: unknown })?.target_id;
    if (typeof action !== 'string' || !(importActions as readonly string[]).includes(action))
      return E.left(invalidInput('invalid_input', `resolutions.${xref}.action must be one of ${importActions.join(', ')}.`, [{ path: `resolutions.${xref}.action`, message: 'unknown action' }]));
    if (target !== undefined && target !== null && (typeof target !== 'string' || !isUuid(target)))
      return E.left(invalidInput('invalid_input', `resolutions.${xref}.target_id must be a person id.`, [{ path: `resolutions.${xref}.target_id`, message: 'expected a uuid' }]));
    out.push([xref, { action: action as Resolution['action'], ...(typeof target === 'string' ? { targetId: target } : {}) }]);
  }
  // fromEntries defines each key as its own property: `__proto__` stays an xref (refused later), not a prototype.
  return ok(Object.fromEntries(out));
};

/**
 * The upload as a file the import and preview read twice (import-scan.ts): the spooled copy (or a
 * .gdz's gedcom.ged) is opened again for each pass.
 */
const withUpload = async <A>(upload: SpooledFile | null, maxBytes: number, use: (file: GedcomFile) => AsyncResult<A>): AsyncResult<A> =>
  (upload === null ? missingFile() : withGedcomUpload(upload, maxBytes, use));

/**
 * The export's warnings, as a trailer (they are known once the file is written): lines kept from
 * imported files that this file could not take back in place, by what they are, `what=count` joined
 * by `; ` (a 5.5.1 structure 7.0 has no place for, `SUBN record`; a place export wrote nothing at).
 */
const notWrittenTrailer = (notWritten: () => readonly { readonly what: string; readonly count: number }[]) => ({
  names: [NOT_WRITTEN],
  values: () => ({ [NOT_WRITTEN]: notWritten().map((n) => `${n.what.replace(/[^\x21-\x7e ]|[;=]/g, '?')}=${n.count}`).join('; ') }),
});
const NOT_WRITTEN = 'GEDCOM-Not-Written';


/** The tree's name as a file name: no path or control characters, at most 100 characters. */
const gedFileName = (treeName: string, ext = 'ged'): string => `${treeName.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim().slice(0, 100) || 'tree'}.${ext}`;

/** The refusals an uploaded GEDCOM or GEDZIP file may meet, in preview and import alike. */
const UPLOAD_REFUSALS = [
  '- 422 `not_gedcom`: the file is not GEDCOM.',
  '- 422 `gedcom_too_large`: past the reader\'s bounds (`detail` says which, and where): a line over 1 MiB of characters, a level-0 record over 100,000 lines or 16 MiB, or more links, families or xrefs than a real file holds (1,000 family links in one INDI record, 2,000,000 in the file, 800,000 families, 3,000,000 xrefs).',
  '- 422 `invalid_archive`: a GEDZIP that breaks the zip limits (50,000 entries, `MAX_UPLOAD_BYTES` x 4 unpacked, at most 100 to 1 compression for entries over 1 MiB, no absolute or `..` names, `gedcom.ged` at the root) or whose bytes are damaged.',
  '- 422 `invalid_input`: no `file` part. 413: the upload is larger than `MAX_UPLOAD_BYTES`.',
].join('\n');

export const gedcomRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const editorFirst = async ({ actor, params }: HandlerInput<{ id: string }, unknown, undefined>) => accessTree(deps().storage, actor, params.id, 'editor');
  return [
    route({
      operationId: 'previewGedcom', method: 'post', path: '/trees/{id}/gedcom/preview', tag: 'gedcom', auth: 'user',
      summary: 'Preview a GEDCOM import (editor)',
      description: [
        'Editors and owners of the tree; a viewer or a non-member is 403, before a byte of the file is read. A dry run of `POST /trees/{id}/gedcom/import` with the same file (multipart part `file`: GEDCOM 5.5, 5.5.1, 5.5.5 or 7.0, or a GEDZIP `.gdz`, told by its first bytes); it writes nothing.',
        '',
        'Answers the `counts` of persons, families and sources in the file, and `matches`: each incoming person (by its xref as written in the file, with the at signs, `"@I1@"`) that resembles existing persons of the tree, in file order, with its candidates scored `high` or `medium` and the reasons. Use the xrefs as the keys of the import\'s `resolutions`. Also the tags the import would not map (`unmapped_tags`, with counts and first line) and the first 1,000 warnings by line (`warning_count` is the total).',
        '',
        'The matching reads the whole tree: the service runs a few tree-wide analyses at once (previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn once their file is received. A request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).',
        '',
        UPLOAD_REFUSALS,
      ].join('\n'),
      params: IdParams, body: PreviewForm,
      upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: editorFirst },
      success: { status: 200, description: 'The matches, unmapped tags and warnings.', body: PreviewRead },
      errors: [429],
      handle: async ({ actor, params, upload, clientGone }) => {
        const preview = await withUpload(upload, deps().maxUploadBytes, (file) =>
          previewGedcom(analysing(deps(), { actor, clientGone }))(actor, params.id, file));
        return E.map((p: GedcomPreview) => ({ status: 200, body: previewWire(p) }))(preview);
      },
    }),
    route({
      operationId: 'importGedcom', method: 'post', path: '/trees/{id}/gedcom/import', tag: 'gedcom', auth: 'user',
      summary: 'Import a GEDCOM file into the tree (editor)',
      description: [
        'Editors and owners of the tree; a viewer or a non-member is 403, before a byte of the file is read. Imports the multipart part `file` (GEDCOM 5.5, 5.5.1, 5.5.5 or 7.0, or a GEDZIP `.gdz`, told by its first bytes, whose media files are stored and attached) additively, all or nothing: one transaction, so a refusal or failure leaves the tree as it was.',
        '',
        'What becomes of each incoming person: its entry in `resolutions` (JSON text: incoming xref as written, `"@I1@"`, to `{ "action", "target_id"? }`), else `default_action` when its best duplicate candidate (as the preview scores it) is `high`, else `new`. `default_action` defaults to `new`. The actions:',
        '',
        '- `new`: create a new person.',
        '- `skip`: copy nothing; the file\'s families link to the existing person.',
        '- `merge`: attach the incoming names (as alternates), events, citations and notes to the existing person.',
        '- `overwrite`: soft-delete the existing person and import the incoming one fresh.',
        '',
        'The existing person is the resolution\'s `target_id`, or, under `default_action`, the best candidate.',
        '',
        'A relationship is never created twice between the same pair. Answers the mapping report: `import_id`, counts per kind (created, merged, skipped, overwritten, reused), unmapped tags and the first 1,000 warnings (`warning_count` is the total). The import is listed in `GET /trees/{id}/imports` and can be undone with `POST /trees/{id}/imports/{import_id}/undo`.',
        '',
        'Refusals:',
        '',
        '- 422 `invalid_resolution`: a resolution names an xref that is no INDI record of the file, or its action needs a `target_id` it lacks.',
        '- 422 `invalid_reference`: a `target_id` that is no live person of this tree.',
        '- 422 `invalid_input`: `resolutions` is not JSON, not an object from xref to resolution, has an unknown action or a `target_id` that is not a UUID, or holds more than 1,000,000 values.',
        UPLOAD_REFUSALS,
      ].join('\n'),
      params: IdParams, body: ImportForm,
      upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: editorFirst },
      success: { status: 200, description: 'The mapping report: counts per kind, unmapped tags, warnings.', body: ReportRead },
      errors: [],
      handle: async ({ actor, params, body, upload, clientGone }) => {
        const count = deps().onGedcomImport ?? (() => undefined);
        try {
          const rejected = <A>(left: A): A => {
            count('rejected');
            return left;
          };
          const resolutions = parseResolutions(body.resolutions);
          if (E.isLeft(resolutions)) return rejected(resolutions);
          const report = await inTurn(deps().longWrites, () =>
            withUpload(upload, deps().maxUploadBytes, (file) => importGedcom(deps())(actor, params.id, file, { defaultAction: body.default_action ?? 'new', resolutions: resolutions.right, fileName: upload?.fileName ?? '' })), clientGone());
          count(E.isRight(report) ? 'imported' : 'rejected');
          return E.map((r: ImportReport) => ({ status: 200, body: reportWire(r) }))(report);
        } catch (err) {
          // Nothing ran for a client that went away while it waited: not an import that failed.
          if (!(err instanceof LeftTheQueue)) count('failed');
          throw err;
        }
      },
    }),
    route({
      operationId: 'exportGedcom', method: 'get', path: '/trees/{id}/gedcom/export', tag: 'gedcom', auth: 'user', streams: true,
      summary: 'Export the tree as GEDCOM (members)',
      description: [
        'Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree\'s visibility. Members see every record, so nothing is redacted. Families are derived from the relationship edges; name types are kept.',
        '',
        '- default, or `version=5.5.1`: GEDCOM 5.5.1 in UTF-8, `application/x-gedcom`.',
        '- `version=7.0`: GEDCOM 7.0 in UTF-8, `text/vnd.familysearch.gedcom`.',
        '- `version=7.0&media=true`: a GEDZIP (`.gdz`, `application/zip`): `gedcom.ged` with an OBJE record per media item, and the media files at the paths their FILEs name. `media=true` with another version is 422 `invalid_input`.',
        '',
        'The file is an attachment named after the tree (`.ged`, or `.gdz` for a GEDZIP), streamed as it is produced from one snapshot of the tree. A streamed answer: past `STREAMS_PER_USER` downloads running at once for the account, 429 `too_many_streams` (`Retry-After`).',
        '',
        'What a GEDCOM import kept verbatim (structures it does not map: vendor tags such as `_UID` or `_FREL`, RIN, records such as `_EVENT_DEFN` or SUBN: see the import report\'s `kept_lines`) is written back in place, under the record or substructure it came from. A 7.0 file declares those extension tags in HEAD.SCHMA (with the URI the imported file gave, else one of the service\'s), and writes back a 5.5.x standard structure only where it came from a 7.0 file. What the file could not take back is counted in the `GEDCOM-Not-Written` HTTP trailer, sent after the last byte: `what=count` joined by `; ` (absent or empty when nothing was left out).',
      ].join('\n'),
      params: IdParams, query: ExportQuery,
      success: { status: 200, description: 'The GEDCOM file: 5.5.1 as application/x-gedcom, 7.0 as text/vnd.familysearch.gedcom (both UTF-8), a GEDZIP as application/zip.', mediaType: ['application/x-gedcom', 'text/vnd.familysearch.gedcom', 'application/zip'], body: withSchema(t.string, { type: 'string', format: 'binary' }) },
      successHeaders: ['Content-Disposition'],
      errors: [],
      handle: async ({ actor, params, query }) => {
        const d = deps();
        const media = query.media === 'true';
        const exported = await exportGedcom({ storage: d.storage, clock: d.clock, product: serviceProduct(d.version) })(actor, params.id, query.version ?? '5.5.1', { media });
        if (E.isLeft(exported)) return exported;
        const items = exported.right.media;
        if (items !== undefined) {
          return ok<Reply<never>>({
            status: 200,
            stream: deferred(() => gedzipStream(spooled(utf8Chunks(exported.right.lines), d.spoolDir ?? tmpdir()), items, d.blobs)),
            trailers: notWrittenTrailer(exported.right.notWritten),
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': contentDisposition('attachment', gedFileName(exported.right.treeName, 'gdz')),
              'Cache-Control': 'private, no-store',
            },
          });
        }
        return ok<Reply<never>>({
          status: 200,
          // Spooled: the export's snapshot holds a pooled connection, which must never wait on the client.
          stream: spooled(utf8Chunks(exported.right.lines), d.spoolDir ?? tmpdir()),
          trailers: notWrittenTrailer(exported.right.notWritten),
          headers: {
            'Content-Type': exported.right.version === '7.0' ? 'text/vnd.familysearch.gedcom; charset=utf-8' : 'application/x-gedcom; charset=utf-8',
            'Content-Disposition': contentDisposition('attachment', gedFileName(exported.right.treeName)),
            'Cache-Control': 'private, no-store',
          },
        });
      },
    }),
  ];
};
