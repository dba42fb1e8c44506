// The sources slice's tables: sources and citations.
import type { Citation, CitationTargetKind, Source } from '../../../core/sources/model.js';
import { date } from '../sql.js';
import { deletionColumns, deletionOf, iso, type DeletionDb, type Table } from './table.js';

export type SourceDb = DeletionDb & {
  id: string; tree_id: string; title: string; author: string; publication: string; notes: string; created_at: string; updated_at: string;
};

export const sources: Table<Source, SourceDb> = {
  name: 'sources',
  columns: [
    ['id', 'uuid', (s) => s.id], ['tree_id', 'uuid', (s) => s.treeId], ['title', 'text', (s) => s.title], ['author', 'text', (s) => s.author],
    ['publication', 'text', (s) => s.publication], ['notes', 'text', (s) => s.notes], ['created_at', 'timestamptz', (s) => iso(s.createdAt)],
    ['updated_at', 'timestamptz', (s) => iso(s.updatedAt)], ...deletionColumns<Source>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, title: r.title, author: r.author, publication: r.publication, notes: r.notes,
    createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};

export type CitationDb = DeletionDb & {
  id: string; tree_id: string; source_id: string; target_kind: CitationTargetKind; target_id: string; page: string; detail: string;
  confidence: number | null; created_at: string; updated_at: string;
};

export const citations: Table<Citation, CitationDb> = {
  name: 'citations',
  columns: [
    ['id', 'uuid', (c) => c.id], ['tree_id', 'uuid', (c) => c.treeId], ['source_id', 'uuid', (c) => c.sourceId], ['target_kind', 'text', (c) => c.target.kind],
    ['target_id', 'uuid', (c) => c.target.id], ['page', 'text', (c) => c.page], ['detail', 'text', (c) => c.detail], ['confidence', 'smallint', (c) => c.confidence],
    ['created_at', 'timestamptz', (c) => iso(c.createdAt)], ['updated_at', 'timestamptz', (c) => iso(c.updatedAt)], ...deletionColumns<Citation>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, sourceId: r.source_id, target: { kind: r.target_kind, id: r.target_id }, page: r.page, detail: r.detail,
    confidence: r.confidence === null ? null : Number(r.confidence), createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};
