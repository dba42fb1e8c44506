import { EntitySchema } from '@mikro-orm/postgresql';
import { deletedRowsIndex, deletion, leanCreation, leanCreationIndex, timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';
import { EventSchema, PersonSchema, type EventRow, type PersonRow } from './people.js';
import { SourceSchema, type SourceRow } from './sources.js';

// The media slice: media metadata and the queue of objects waiting for removal.

export type MediaRow = {
  gedcomExtra?: string | null;
  id: string;
  tree: TreeRow;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  person: PersonRow | null;
  event: EventRow | null;
  source: SourceRow | null;
  storageKey: string | null;
  filePath: string;
  form: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
};

// One nullable foreign key per attachment kind: a purged target detaches its media (set null), and
// the check keeps at most one attachment.
export const MediaSchema = new EntitySchema<MediaRow>({
  name: 'MediaRow',
  tableName: 'media',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    title: { type: 'text' },
    fileName: { type: 'text' },
    contentType: { type: 'text' },
    size: { type: 'bigint' },
    checksum: { type: 'text' },
    person: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'set null', nullable: true, index: true },
    event: { kind: 'm:1', entity: () => EventSchema, deleteRule: 'set null', nullable: true, index: true },
    source: { kind: 'm:1', entity: () => SourceSchema, deleteRule: 'set null', nullable: true, index: true },
    // Rows of one GEDZIP import that link the same bytes share one object (the purge counts its rows).
    // Null for a record whose file was not uploaded (a GEDCOM OBJE whose file did not come).
    storageKey: { type: 'text', index: true, nullable: true },
    filePath: { type: 'text', default: '' },
    form: { type: 'text', default: '' },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import, read by the export. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('media'), deletedRowsIndex('media'), { properties: ['tree', 'id'] }],
  checks: [{ name: 'media_one_target_check', expression: 'num_nonnulls(person_id, event_id, source_id) <= 1' }],
});

export type BlobRemovalRow = { key: string; queuedAt: Date };

/** Object keys waiting for removal from the BlobStore (queued with the purge that removed their rows). */
export const BlobRemovalSchema = new EntitySchema<BlobRemovalRow>({
  name: 'BlobRemovalRow',
  tableName: 'blob_removals',
  properties: {
    key: { type: 'text', primary: true },
    queuedAt: { ...timestamptz, index: true },
  },
});
