import * as t from 'io-ts';
import { E, ok } from '../../../core/kernel/either.js';
import { invalidInput } from '../../../core/kernel/errors.js';
import type { ArchiveCounts } from '../../../core/accounts/archive.js';
import { exportAccount } from '../../../core/accounts/queries/export-account.js';
import { importAccount, invalidArchive, mayImportAccount, type ImportReport } from '../../../core/accounts/commands/import-account.js';
import { accountZip } from '../../archive/zip-writer.js';
import { deferred } from '../deferred-stream.js';
import { defaultZipLimits, openAccountArchive } from '../../archive/zip-reader.js';
import { contentDisposition } from '../content-disposition.js';
import { named, withMediaType, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute, type Reply } from '../route.js';
import { RoleCodec, Uuid } from '../wire.js';
import type { LazyDeps } from './deps.js';
import { inTurn } from '../../gate.js';

const CountsRead = named('AccountCounts', t.type({
  trees: t.number, persons: t.number, names: t.number, places: t.number, relationships: t.number, events: t.number,
  repositories: t.number, sources: t.number, citations: t.number, media: t.number, proposals: t.number, duplicate_dismissals: t.number,
}));

const ImportRead = named('AccountImportReport', t.type({
  trees: t.array(t.type({
    source_id: Uuid, id: Uuid, name: t.string, counts: CountsRead,
    members_not_restored: t.array(t.type({ email: t.string, role: RoleCodec })),
  })),
  counts: CountsRead,
}));

const ImportForm = withMediaType('multipart/form-data', named('AccountImport', t.type({
  file: withSchema(t.string, { type: 'string', format: 'binary', description: 'A zip written by GET /users/me/export' }),
})));

const countsWire = (c: ArchiveCounts) => ({
  trees: c.tree, persons: c.person, names: c.name, places: c.place, relationships: c.relationship, events: c.event,
  repositories: c.repository, sources: c.source, citations: c.citation, media: c.media, proposals: c.proposal, duplicate_dismissals: c.dismissal,
});

const reportWire = (r: ImportReport) => ({
  trees: r.trees.map((x) => ({ source_id: x.sourceId, id: x.id, name: x.name, counts: countsWire(x.counts), members_not_restored: x.membersNotRestored })),
  counts: countsWire(r.counts),
});

export const accountRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    // Refused to an unverified session (the core's rule): trees others made it an owner of, their
    // living persons and their members' emails, do not leave before the email is proven.
    operationId: 'exportAccount', method: 'get', path: '/users/me/export', tag: 'users', auth: 'user', streams: true,
    summary: 'Download a backup of everything the caller owns, as a zip',
    description: [
      'Any signed-in account with a verified email (where `REQUIRE_EMAIL_VERIFICATION` is on, an unverified session is 403 `email_unverified`). Answers a zip, streamed as it is written, as the attachment `genealogy-account-<YYYY-MM-DD>.zip`, holding:',
      '',
      '- `account.json`: `format: "genealogy-account"`, `version: 1`, `exported_at`, the account\'s `email`, `user_id` and `self_person_id`, then every live tree where the caller is an **owner** (trees they only edit or view are not theirs to take), each with its fields, AI policy and members (email and role), its persons, names, places, relationships, events, sources, citations, media metadata, proposals and dismissed duplicate pairs. Ids are as in the service. Deleted records, and what hangs on them (names, events and citations of a deleted person), are left out; media of a deleted person stay, without their target.',
      '- `media/<media_id>`: each media file\'s bytes as stored.',
      '',
      'The records are read in chunks, not from one snapshot: a record written while the download runs may or may not be in it. Audited as `account.export`. A streamed answer: past `STREAMS_PER_USER` downloads running at once for the account, 429 `too_many_streams` (`Retry-After`). `POST /users/me/import` restores such a zip.',
    ].join('\n'),
    success: { status: 200, description: 'The backup.', mediaType: 'application/zip', body: withSchema(t.string, { type: 'string', format: 'binary' }) },
    successHeaders: ['Content-Disposition'],
    errors: [],
    handle: async ({ actor }) => {
      const d = deps();
      const exported = await exportAccount({ storage: d.storage, blobs: d.blobs, clock: d.clock })(actor);
      if (E.isLeft(exported)) return exported;
      const day = exported.right.header.exportedAt.toISOString().slice(0, 10);
      return ok<Reply<never>>({
        status: 200,
        // Made on the first pull: a 429 before it is sent starts no zip writer.
        stream: deferred(() => accountZip(exported.right)),
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': contentDisposition('attachment', `genealogy-account-${day}.zip`),
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
  route({
    operationId: 'importAccount', method: 'post', path: '/users/me/import', tag: 'users', auth: 'user',
    summary: 'Restore a backup into new trees owned by the caller',
    description: [
      'Any signed-in account with a verified email (where `REQUIRE_EMAIL_VERIFICATION` is on, an unverified session is 403 `email_unverified`, before the upload is read). Send a zip written by `GET /users/me/export` as the multipart part `file`. Every tree of the backup becomes a NEW tree owned by the caller alone: new ids for every record, every reference remapped (proposals\' operations too), media stored again and checked against their size and SHA-256 checksum. Existing trees are never read or written: restoring the same backup twice gives two copies.',
      '',
      'Members other than the account that made the backup are not restored; `members_not_restored` names them per tree. Records made by the account that made the backup are credited to the caller; by anyone else, to nobody. The caller\'s "this is me" person is set from the backup only when it is unset. All or nothing: one transaction, and nothing is left behind on a refusal.',
      '',
      'Answers 201 with, per tree, the backup\'s id (`source_id`), the new id and the counts per kind, and `Location` pointing at `/trees`. Refusals:',
      '',
      '- 422 `invalid_archive` (the reason in `detail`, nothing written): not a zip or cut short; more than 50,000 entries; more than `MAX_UPLOAD_BYTES` x 4 unpacked; an entry over 1 MiB compressed more than 100 to 1; an absolute, `..` or backslash entry name, or any entry but `account.json` and `media/<uuid>`; another `format` or a newer `version`; a record that does not decode, belongs to another tree, repeats an id or points at a record the backup does not hold; a media record without its file, a file without its record, or bytes that do not match.',
      '- 422 `invalid_input`: no `file` part.',
      '- 413: the upload is larger than `MAX_UPLOAD_BYTES`.',
    ].join('\n'),
    body: ImportForm,
    upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: async ({ actor }) => mayImportAccount(actor) },
    success: { status: 201, description: 'The restored trees (old and new ids) and the counts per kind.', body: ImportRead },
    created: () => '/trees',
    errors: [],
    handle: async ({ actor, upload, clientGone }) => {
      const d = deps();
      if (upload === null) return E.left(invalidInput('invalid_input', 'Send the backup as the `file` part.', [{ path: 'file', message: 'required' }]));
      const opened = await openAccountArchive(upload.path, defaultZipLimits(d.maxUploadBytes));
      if ('kind' in opened) return E.left(invalidArchive(opened.reason));
      try {
        const imported = await inTurn(d.longWrites, () => importAccount({ storage: d.storage, blobs: d.blobs, clock: d.clock })(actor, opened.source), clientGone());
        return E.map((r: ImportReport) => ({ status: 201, body: reportWire(r) }))(imported);
      } finally {
        opened.close();
      }
    },
  }),
];
