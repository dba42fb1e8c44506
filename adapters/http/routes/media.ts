import * as t from 'io-ts';
import { E, ok, type Result } from '../../../core/kernel/either.js';
import { invalidInput, rangeNotSatisfiable } from '../../../core/kernel/errors.js';
import type { Media, MediaTarget } from '../../../core/media/model.js';
import { servedInline } from '../../../core/media/sniff.js';
import { mayUploadMedia, uploadMedia } from '../../../core/media/commands/upload-media.js';
import { fillMediaFile, mayFillMediaFile } from '../../../core/media/commands/fill-media-file.js';
import { updateMedia, type MediaUpdate } from '../../../core/media/commands/update-media.js';
import { deleteMedia, restoreMedia } from '../../../core/media/commands/delete-media.js';
import { listMedia } from '../../../core/media/queries/list-media.js';
import { getMedia, mediaContent } from '../../../core/media/queries/get-media.js';
import { targetOf } from '../../../core/media/target.js';
import { named, withMediaType, withSchema } from '../openapi/json-schema.js';
import { parseRange } from '../range.js';
import { contentDisposition } from '../content-disposition.js';
import { route, type AnyRoute, type Reply } from '../route.js';
import { IdParams, Nullable, PageQuery, Text, Timestamp, Uuid } from '../wire.js';
import { noContent, listed, reply, type LazyDeps } from './deps.js';
import { STREAMED_LIST, etagNote, ifMatch } from './texts.js';

export const MediaRead = named('MediaRead', t.type({
  id: Uuid, tree_id: Uuid, title: t.string, file_name: t.string, content_type: t.string, size: t.number,
  checksum: withSchema(t.string, { description: 'SHA-256 of the bytes, lower-case hex' }),
  person_id: Nullable(Uuid), event_id: Nullable(Uuid), source_id: Nullable(Uuid),
  url: withSchema(t.string, { format: 'uri', description: 'The content endpoint of this item under BASE_URL' }),
  file_uploaded: t.boolean, file_path: t.string, form: t.string,
  created_at: Timestamp, updated_at: Timestamp, deleted_at: Nullable(Timestamp),
}));

const mediaWire = (baseUrl: string) => (m: Media): t.TypeOf<typeof MediaRead> => ({
  id: m.id, tree_id: m.treeId, title: m.title, file_name: m.fileName, content_type: m.contentType, size: m.size, checksum: m.checksum,
  person_id: m.target?.kind === 'person' ? m.target.id : null,
  event_id: m.target?.kind === 'event' ? m.target.id : null,
  source_id: m.target?.kind === 'source' ? m.target.id : null,
  url: `${baseUrl}/api/v1/media/${m.id}/content`,
  file_uploaded: m.storageKey !== null, file_path: m.filePath, form: m.form,
  created_at: m.createdAt.toISOString(), updated_at: m.updatedAt.toISOString(), deleted_at: m.deletedAt?.toISOString() ?? null,
});

// Multipart text fields: io-ts sees them as strings; an empty attachment field means "none".
const OptionalUuidField = withSchema(t.union([Uuid, t.literal('')]), { type: 'string', format: 'uuid', maxLength: 36 });
const MediaFileForm = withMediaType('multipart/form-data', named('MediaFile', t.type({
  file: withSchema(t.string, { type: 'string', format: 'binary', description: 'The file (one part)' }),
})));
const MediaUploadForm = withMediaType('multipart/form-data', named('MediaUpload', t.intersection([
  t.type({ file: withSchema(t.string, { type: 'string', format: 'binary', description: 'The file (one part)' }) }),
  t.partial({ title: Text(1000), person_id: OptionalUuidField, event_id: OptionalUuidField, source_id: OptionalUuidField }),
])));

const MediaPatch = named('MediaUpdate', t.partial({
  title: Text(1000),
  person_id: Nullable(Uuid), event_id: Nullable(Uuid), source_id: Nullable(Uuid),
}));

const MediaListQuery = t.intersection([PageQuery, t.partial({ deleted: t.keyof({ true: null, false: null }) })]);

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/** PATCH: a non-null attachment field attaches there; fields given only as null detach. */
const patchOf = (b: t.TypeOf<typeof MediaPatch>): Result<MediaUpdate> => {
  const given = targetOf({
    ...(b.person_id ? { personId: b.person_id } : {}), ...(b.event_id ? { eventId: b.event_id } : {}), ...(b.source_id ? { sourceId: b.source_id } : {}),
  });
  if (E.isLeft(given)) return given;
  const touched = b.person_id !== undefined || b.event_id !== undefined || b.source_id !== undefined;
  const target: MediaTarget | null | undefined = given.right ?? (touched ? null : undefined);
  return ok({ ...(b.title === undefined ? {} : { title: b.title }), ...(target === undefined ? {} : { target }) });
};

export const mediaRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'uploadMedia', method: 'post', path: '/trees/{id}/media', tag: 'media', auth: 'user',
    summary: 'Upload a media file (editor)',
    description: 'Uploads one file as `multipart/form-data`: the part `file` (required: without it 422 `invalid_input`), an optional `title` (at most 1000 '
      + 'characters) and at most one of `person_id`, `event_id` and `source_id` to attach it to (an empty value means none; two or more are 422 '
      + '`invalid_input`; a record that is not live in this tree is 422 `invalid_reference`). The role is checked before a byte of the body is '
      + 'read: without the editor role 403 `forbidden`, an unknown or deleted tree 404. A body that is not multipart is 415; a file larger than '
      + '`MAX_UPLOAD_BYTES` is 413 `payload_too_large`, and nothing is kept.\n\n'
      + 'The bytes decide the `content_type`: a recognised format (JPEG, PNG, GIF, WebP, TIFF, BMP, HEIC, AVIF, PDF, MP3, WAV, Ogg, FLAC, MP4, '
      + 'QuickTime, WebM, ZIP) wins over what the client said, and a recognisable type the client names that the bytes do not carry is 422 '
      + '`content_type_mismatch`. A file declared `text/plain`, `text/csv` or `text/markdown` whose bytes are text keeps that type; anything else, HTML, SVG and '
      + 'scripts included, is recorded as `application/octet-stream`. The bytes are stored first (503 `unavailable` when the object store cannot '
      + 'be reached), then the record. Answers 201 with the item (`checksum`: the SHA-256 of the bytes; `url`: where they are read); '
      + '`Location` is `/media/{id}`.',
    params: IdParams, body: MediaUploadForm,
    upload: {
      field: 'file',
      maxBytes: () => deps().maxUploadBytes,
      before: async ({ actor, params }) => mayUploadMedia(deps())(actor, params.id),
    },
    success: { status: 201, description: 'The media item.', body: MediaRead },
    created: (b) => `/media/${b.id}`,
    errors: [503],
    handle: async ({ actor, params, body, upload }) => {
      const d = deps();
      if (upload === null) return E.left(invalidInput('invalid_input', 'Send the file as the `file` part.', [{ path: 'file', message: 'required' }]));
      const personId = nonEmpty(body.person_id);
      const eventId = nonEmpty(body.event_id);
      const sourceId = nonEmpty(body.source_id);
      return reply(201, mediaWire(d.identity.baseUrl))(
        await uploadMedia(d)(actor, params.id, {
          ...(body.title === undefined ? {} : { title: body.title }),
          ...(personId === undefined ? {} : { personId }),
          ...(eventId === undefined ? {} : { eventId }),
          ...(sourceId === undefined ? {} : { sourceId }),
          file: { size: upload.size, sha256: upload.sha256, head: upload.head, declaredType: upload.declaredType, fileName: upload.fileName, open: upload.open },
        }),
      );
    },
  }),
  route({
    operationId: 'uploadMediaFile', method: 'put', path: '/media/{id}/file', tag: 'media', auth: 'user',
    summary: 'Upload the file of a media record without one (editor)',
    description: 'A media record a GEDCOM import made from an OBJE whose file did not come with the file (`file_uploaded: false`; its `file_path` '
      + 'and `form` say what the file was) takes its bytes here: the part `file` (required: without it 422 `invalid_input`), as `multipart/form-data`. '
      + 'Its title, attachment, path and format stay; `content_type`, `size`, `checksum` and `file_name` come from the upload, decided as for '
      + '`POST /trees/{id}/media` (422 `content_type_mismatch` and the limits alike). Checked before a byte of the body is read: without the '
      + 'editor role 403 `forbidden`, an unknown or deleted item 404, and an item that has its file already 409 `file_uploaded_already` (also '
      + 'the second of two uploads at once). Answers 200 with the item, now `file_uploaded: true`.',
    params: IdParams, body: MediaFileForm,
    upload: {
      field: 'file',
      maxBytes: () => deps().maxUploadBytes,
      before: async ({ actor, params }) => mayFillMediaFile(deps())(actor, params.id),
    },
    success: { status: 200, description: 'The media item, with its file.', body: MediaRead },
    errors: [409, 503],
    handle: async ({ actor, params, upload }) => {
      const d = deps();
      if (upload === null) return E.left(invalidInput('invalid_input', 'Send the file as the `file` part.', [{ path: 'file', message: 'required' }]));
      return reply(200, mediaWire(d.identity.baseUrl))(
        await fillMediaFile(d)(actor, params.id, {
          size: upload.size, sha256: upload.sha256, head: upload.head, declaredType: upload.declaredType, fileName: upload.fileName, open: upload.open,
        }),
      );
    },
  }),
  route({
    operationId: 'listMedia', method: 'get', path: '/trees/{id}/media', tag: 'media', auth: 'user', streams: true,
    summary: 'List the media of a tree',
    description: 'The live media items of the tree, ordered by id, each with `url`, the address of its bytes (`GET /media/{id}/content`). A member sees them '
      + 'all. A signed-in non-member of a tree they may view (`public`, `unlisted`, `site_members`) sees an item only when it is attached to a '
      + 'person shown to them in full, to an event whose persons are, or to a source they may see; unattached items are for members only. A '
      + '`private` tree is 403 `forbidden` to a non-member. With `deleted=true` the list holds the soft-deleted items instead, which '
      + '`POST /media/{id}/restore` brings back; members only (403 `forbidden` otherwise).\n\n'
      + STREAMED_LIST,
    params: IdParams, query: MediaListQuery,
    success: { status: 200, description: 'Media by id.', body: t.array(MediaRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      const url = new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/media${query.deleted === 'true' ? '?deleted=true' : ''}`);
      return listed(query, url, (page) => listMedia(d)(actor, params.id, { ...page, deleted: query.deleted === 'true' }), mediaWire(d.identity.baseUrl));
    },
  }),
  route({
    operationId: 'getMedia', method: 'get', path: '/media/{id}', tag: 'media', auth: 'user',
    summary: 'Read a media item',
    description: 'The record of one media item: `title`, `file_name`, `content_type`, `size`, `checksum`, its attachment (`person_id`, `event_id` or '
      + '`source_id`, at most one set) and `url`, where its bytes are read. A member sees it. A signed-in non-member of a tree they may view '
      + 'reads it only when the privacy rules let it through (as in `GET /trees/{id}/media`); otherwise it answers 404, as if it did not exist. '
      + 'A `private` tree is 403 `forbidden` to a non-member; a deleted item is 404.\n\n'
      + etagNote('`PATCH` or `DELETE /media/{id}`') + ' (This is the version of the record; the bytes have their own `ETag`.)',
    params: IdParams,
    success: { status: 200, description: 'The media item.', body: MediaRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, mediaWire(deps().identity.baseUrl))(await getMedia(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateMedia', method: 'patch', path: '/media/{id}', tag: 'media', auth: 'user',
    summary: 'Update a media item (editor)',
    description: 'Changes the `title` and the attachment; the bytes never change. Give one of `person_id`, `event_id` and `source_id` to attach the item '
      + 'there (and nowhere else); give only nulls to detach it; leave all three out to keep it where it is. Two non-null fields are 422 '
      + '`invalid_input`; a record that is not live in this tree is 422 `invalid_reference`. Needs the editor role (403 `forbidden` otherwise); '
      + 'a deleted item is 404. The answer is the item as `GET /media/{id}` reads it, with its new `ETag`.\n\n'
      + ifMatch('GET /media/{id}'),
    params: IdParams, body: MediaPatch,
    success: { status: 200, description: 'The media item.', body: MediaRead },
    errors: [],
    handle: async ({ actor, params, body }) => {
      const patch = patchOf(body);
      if (E.isLeft(patch)) return patch;
      return reply(200, mediaWire(deps().identity.baseUrl))(await updateMedia(deps())(actor, params.id, patch.right));
    },
  }),
  route({
    operationId: 'deleteMedia', method: 'delete', path: '/media/{id}', tag: 'media', auth: 'user',
    summary: 'Delete a media item, recoverably (editor)',
    description: 'Soft-deletes the item: it leaves every read and list, and its bytes stay in the object store until the purge worker removes record and '
      + 'bytes together after `PURGE_AFTER_DAYS` (default 30); until then `POST /media/{id}/restore` brings it back. Needs the editor role '
      + '(403 `forbidden` otherwise); an item already deleted is 404.\n\n'
      + ifMatch('GET /media/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteMedia(deps())(actor, params.id)),
  }),
  route({
    operationId: 'restoreMedia', method: 'post', path: '/media/{id}/restore', tag: 'media', auth: 'user',
    summary: 'Restore a deleted media item (editor)',
    description: 'Brings back a soft-deleted media item with its attachment (none, when the record it was attached to has been purged meanwhile). '
      + 'Needs the editor role (403 `forbidden` otherwise); an item that is not deleted, or was purged, is 404. Answers the item as '
      + '`GET /media/{id}` reads it.',
    params: IdParams,
    success: { status: 200, description: 'The media item.', body: MediaRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, mediaWire(deps().identity.baseUrl))(await restoreMedia(deps())(actor, params.id)),
  }),
  route({
    operationId: 'getMediaContent', method: 'get', path: '/media/{id}/content', tag: 'media', auth: 'user', streams: true,
    summary: 'Download the bytes of a media item',
    description: 'Streams the file, after the same visibility check as `GET /media/{id}` (404 when the item is withheld from the caller), with the '
      + '`Content-Type` the service recorded at upload and its `Content-Length`.\n\n'
      + '- `ETag` is the SHA-256 of the bytes, quoted; `If-None-Match` naming it (or `*`) answers 304 with no body.\n'
      + '- One byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`) answers 206 with `Content-Range`; several ranges, another unit or a '
      + 'malformed header get the whole file (200), as does an `If-Range` that is not the current ETag. A range that starts past the end, or any range '
      + 'of an empty file, is 416 `range_not_satisfiable` with `Content-Range: bytes */size`.\n'
      + '- Images, PDF, audio, video and plain text are served `inline`, anything else as an `attachment` with a `sandbox` Content-Security-Policy; '
      + '`Content-Disposition` carries the file name, with `Cache-Control: private` and `X-Content-Type-Options: nosniff`.\n\n'
      + 'A download is a streamed answer: an account has at most `STREAMS_PER_USER` (default 2) running at once, past that 429 '
      + '`too_many_streams` with `Retry-After`. When the object store cannot be reached the answer is 503 `unavailable` with `Retry-After`. A record '
      + 'whose file was never uploaded (`file_uploaded: false`: it came from a GEDCOM OBJE without its file) is 409 `file_not_uploaded` until '
      + '`PUT /media/{id}/file` brings it.',
    params: IdParams,
    success: {
      status: 200, description: 'The bytes, with the type the service read from them at upload (`Content-Type`: image/jpeg, application/pdf, ...; 206 with `Range`, 304 on a matching `If-None-Match`).', mediaType: '*/*', body: withSchema(t.string, { type: 'string', format: 'binary' }),
      also: [{ status: 206, description: 'The one range asked for.', content: true }, { status: 304, description: 'Not modified: `If-None-Match` matched the ETag.' }],
    },
    successHeaders: ['ETag', 'Content-Range', 'Accept-Ranges', 'Cache-Control', 'Content-Disposition'],
    errors: [409, 416, 503],
    handle: async ({ actor, params, header }) => {
      const found = await mediaContent(deps())(actor, params.id);
      if (E.isLeft(found)) return found;
      const { media, open } = found.right;
      const etag = `"${media.checksum}"`;
      const common = {
        ETag: etag, 'Cache-Control': 'private', 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(servedInline(media.contentType) ? 'inline' : 'attachment', media.fileName),
        ...(servedInline(media.contentType) ? {} : { 'Content-Security-Policy': "sandbox; default-src 'none'" }),
      };
      const inm = header('If-None-Match');
      if (inm !== undefined && inm.split(',').some((v) => v.trim() === etag || v.trim() === '*')) return ok<Reply<never>>({ status: 304, headers: common });
      const ifRange = header('If-Range');
      const range = ifRange !== undefined && ifRange !== etag ? ({ kind: 'whole' } as const) : parseRange(header('Range'), media.size);
      if (range.kind === 'unsatisfiable')
        return E.left(rangeNotSatisfiable(media.size));
      const headers = { ...common, 'Content-Type': media.contentType };
      if (range.kind === 'part') {
        return ok<Reply<never>>({
          status: 206, stream: await open({ start: range.start, end: range.end }),
          headers: { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${media.size}` },
        });
      }
      return ok<Reply<never>>({ status: 200, stream: media.size === 0 ? emptyBody() : await open(), headers: { ...headers, 'Content-Length': String(media.size) } });
    },
  }),
];

async function* emptyBody(): AsyncIterable<Uint8Array> {}
