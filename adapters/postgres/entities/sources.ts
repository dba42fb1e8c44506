import { EntitySchema } from '@mikro-orm/postgresql';
import { deletedRowsIndex, deletion, leanCreation, leanCreationIndex, timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

// The sources slice: sources, citations and repositories.

export type SourceRow = {
  gedcomExtra?: string | null;
  id: string;
  tree: TreeRow;
  title: string;
  author: string;
  publication: string;
  notes: string;
  abbreviation: string;
  recordedEvents: unknown[];
  agency: string;
  dataNotes: string;
  repositoryLinks: unknown[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
};

export const SourceSchema = new EntitySchema<SourceRow>({
  name: 'SourceRow',
  tableName: 'sources',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    title: { type: 'text' },
    author: { type: 'text' },
    publication: { type: 'text' },
    notes: { type: 'text' },
    abbreviation: { type: 'text', default: '' },
    recordedEvents: { type: 'json', default: '[]' },
    agency: { type: 'text', default: '' },
    dataNotes: { type: 'text', default: '' },
    repositoryLinks: { type: 'json', default: '[]' },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('sources'), deletedRowsIndex('sources'), { properties: ['tree', 'id'] }],
});

export type RepositoryRow = {
  id: string;
  tree: TreeRow;
  name: string;
  address: string;
  notes: string;
  gedcomExtra: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
};

export const RepositorySchema = new EntitySchema<RepositoryRow>({
  name: 'RepositoryRow',
  tableName: 'repositories',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    name: { type: 'text' },
    address: { type: 'text', default: '' },
    notes: { type: 'text', default: '' },
    gedcomExtra: { type: 'text', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
  },
  indexes: [leanCreationIndex('repositories'), deletedRowsIndex('repositories'), { properties: ['tree', 'id'] }],
});

export type CitationRow = {
  gedcomExtra?: string | null;
  id: string;
  tree: TreeRow;
  source: SourceRow;
  targetKind: string;
  targetId: string;
  page: string;
  detail: string;
  entryDate: string;
  notes: string;
  confidence: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
};

export const CitationSchema = new EntitySchema<CitationRow>({
  name: 'CitationRow',
  tableName: 'citations',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    source: { kind: 'm:1', deferMode: 'immediate', entity: () => SourceSchema, deleteRule: 'cascade', index: true },
    targetKind: { type: 'text' },
    // No foreign key: the target is one of four tables. Purges remove citations of what they remove.
    targetId: { type: 'uuid', index: true },
    page: { type: 'text' },
    detail: { type: 'text' },
    entryDate: { type: 'text', default: '' },
    notes: { type: 'text', default: '' },
    confidence: { type: 'smallint', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('citations'), deletedRowsIndex('citations'), { properties: ['tree', 'id'] }],
});
