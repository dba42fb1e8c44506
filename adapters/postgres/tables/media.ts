// The media slice's tables: media metadata and the queue of objects waiting for removal.
import type { Media, MediaTarget } from '../../../core/media/model.js';
import { date } from '../sql.js';
import { deletionColumns, deletionOf, iso, type DeletionDb, type Table } from './table.js';

export type MediaDb = DeletionDb & {
  id: string; tree_id: string; title: string; file_name: string; content_type: string; size: string | number; checksum: string;
  person_id: string | null; event_id: string | null; source_id: string | null; storage_key: string | null; file_path: string; form: string; created_by: string | null; created_at: string;
  updated_at: string; gedcom_extra?: string | null;
};

const targetOf = (r: MediaDb): MediaTarget | null =>
  r.person_id !== null ? { kind: 'person', id: r.person_id }
  : r.event_id !== null ? { kind: 'event', id: r.event_id }
  : r.source_id !== null ? { kind: 'source', id: r.source_id }
  : null;

/** The target's id when it is of `kind`: one nullable foreign key per attachment kind. */
const targetId = (kind: MediaTarget['kind']) => (m: Media): string | null => (m.target?.kind === kind ? m.target.id : null);

export const media: Table<Media, MediaDb> = {
  name: 'media',
  columns: [
    ['id', 'uuid', (m) => m.id], ['tree_id', 'uuid', (m) => m.treeId], ['title', 'text', (m) => m.title], ['file_name', 'text', (m) => m.fileName],
    ['content_type', 'text', (m) => m.contentType], ['size', 'bigint', (m) => m.size], ['checksum', 'text', (m) => m.checksum],
    ['person_id', 'uuid', targetId('person')], ['event_id', 'uuid', targetId('event')], ['source_id', 'uuid', targetId('source')],
    ['storage_key', 'text', (m) => m.storageKey], ['file_path', 'text', (m) => m.filePath], ['form', 'text', (m) => m.form], ['created_by', 'uuid', (m) => m.createdBy], ['created_at', 'timestamptz', (m) => iso(m.createdAt)],
    ['updated_at', 'timestamptz', (m) => iso(m.updatedAt)], ...deletionColumns<Media>(),
    // GEDCOM lines an import kept (core/gedcom/extensions.ts); a media row is read whole and written whole, so an update keeps them.
    ['gedcom_extra', 'text', (m) => m.gedcomExtra ?? null],
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, title: r.title, fileName: r.file_name, contentType: r.content_type, size: Number(r.size), checksum: r.checksum,
    target: targetOf(r), storageKey: r.storage_key, filePath: r.file_path, form: r.form, createdBy: r.created_by, createdAt: date(r.created_at), updatedAt: date(r.updated_at),
    ...deletionOf(r), ...(r.gedcom_extra === null || r.gedcom_extra === undefined ? {} : { gedcomExtra: r.gedcom_extra }),
  }),
};

/** An object key queued for removal from the BlobStore, stamped with the database's clock when queued. */
export type BlobRemoval = { readonly key: string; readonly queuedAt: Date };
export type BlobRemovalDb = { key: string; queued_at: string };

/** Written only by `insert ... select` (build.ts insertSelect): the keys come from SQL, the time is `now()`. */
export const blobRemovals: Table<BlobRemoval, BlobRemovalDb> = {
  name: 'blob_removals',
  columns: [['key', 'text', (b) => b.key], ['queued_at', 'timestamptz', (b) => iso(b.queuedAt)]],
  from: (r) => ({ key: r.key, queuedAt: date(r.queued_at) }),
};
