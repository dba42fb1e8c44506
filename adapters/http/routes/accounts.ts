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

const CountsRead = named('AccountCounts', t.type({
  trees: t.number, persons: t.number, names: t.number, places: t.number, relationships: t.number, events: t.number,
  sources: t.number, citations: t.number, media: t.number, proposals: t.number, duplicate_dismissals: t.number,
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
  sources: c.source, citations: c.citation, media: c.media, proposals: c.proposal, duplicate_dismissals: c.dismissal,
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
    summary: 'Everything the caller owns as a zip, streamed: account.json (format "genealogy-account", version 1: the email and every owned tree with its members, records, proposals, dismissed duplicate pairs and AI policy; deleted records left out) and media/<media_id> per file.',
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
    summary: 'Restore a backup into NEW trees owned by the caller (new ids, every reference remapped, media stored again and checked against their checksums); all or nothing; existing trees are never touched. Members other than the caller are not restored: the report names them per tree.',
    body: ImportForm,
    upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: async ({ actor }) => mayImportAccount(actor) },
    success: { status: 201, description: 'The restored trees (old and new ids) and the counts per kind.', body: ImportRead },
    created: () => '/trees',
    errors: [],
    handle: async ({ actor, upload }) => {
      const d = deps();
      if (upload === null) return E.left(invalidInput('invalid_input', 'Send the backup as the `file` part.', [{ path: 'file', message: 'required' }]));
      const opened = await openAccountArchive(upload.path, defaultZipLimits(d.maxUploadBytes));
      if ('kind' in opened) return E.left(invalidArchive(opened.reason));
      try {
        const imported = await importAccount({ storage: d.storage, blobs: d.blobs, clock: d.clock })(actor, opened.source);
        return E.map((r: ImportReport) => ({ status: 201, body: reportWire(r) }))(imported);
      } finally {
        opened.close();
      }
    },
  }),
];
