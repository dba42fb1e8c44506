import { EntitySchema } from '@mikro-orm/postgresql';
import { deletion, timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

// The sources slice: sources and citations.

export type SourceRow = {
  id: string;
  tree: TreeRow;
  title: string;
  author: string;
  publication: string;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
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
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
});

export type CitationRow = {
  id: string;
  tree: TreeRow;
  source: SourceRow;
  targetKind: string;
  targetId: string;
  page: string;
  detail: string;
  confidence: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
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
    confidence: { type: 'smallint', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
});
