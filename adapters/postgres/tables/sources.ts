// The sources slice's tables: sources, citations and repositories.
import type { Citation, CitationTargetKind, RecordedEvents, Repository, RepositoryLink, Source } from '../../../core/sources/model.js';
import { date } from '../sql.js';
import { deletionColumns, deletionOf, iso, json, parsed, type DeletionDb, type Table } from './table.js';

type LinkDb = { repository_id: string; call_number: string };

export type SourceDb = DeletionDb & {
  id: string; tree_id: string; title: string; author: string; publication: string; notes: string; abbreviation: string;
  recorded_events: RecordedEvents[] | string; agency: string; data_notes: string; repository_links: LinkDb[] | string; created_at: string; updated_at: string;
};

const linksOf = (v: LinkDb[] | string): RepositoryLink[] => parsed(v).map((l) => ({ repositoryId: l.repository_id, callNumber: l.call_number }));
const recordedOf = (v: RecordedEvents[] | string): RecordedEvents[] => parsed(v).map((e) => ({ events: e.events, date: e.date, place: e.place }));

export const sources: Table<Source, SourceDb> = {
  name: 'sources',
  columns: [
    ['id', 'uuid', (s) => s.id], ['tree_id', 'uuid', (s) => s.treeId], ['title', 'text', (s) => s.title], ['author', 'text', (s) => s.author],
    ['publication', 'text', (s) => s.publication], ['notes', 'text', (s) => s.notes], ['abbreviation', 'text', (s) => s.abbreviation],
    ['recorded_events', 'jsonb', (s) => json(s.recordedEvents.map((e) => ({ events: e.events, date: e.date, place: e.place })))], ['agency', 'text', (s) => s.agency],
    ['data_notes', 'text', (s) => s.dataNotes],
    ['repository_links', 'jsonb', (s) => json(s.repositories.map((l) => ({ repository_id: l.repositoryId, call_number: l.callNumber })))],
    ['created_at', 'timestamptz', (s) => iso(s.createdAt)], ['updated_at', 'timestamptz', (s) => iso(s.updatedAt)], ...deletionColumns<Source>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, title: r.title, author: r.author, publication: r.publication, notes: r.notes, abbreviation: r.abbreviation,
    recordedEvents: recordedOf(r.recorded_events), agency: r.agency, dataNotes: r.data_notes, repositories: linksOf(r.repository_links),
    createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};

export type RepositoryDb = DeletionDb & { id: string; tree_id: string; name: string; address: string; notes: string; gedcom_extra: string | null; created_at: string; updated_at: string };

export const repositories: Table<Repository, RepositoryDb> = {
  name: 'repositories',
  columns: [
    ['id', 'uuid', (r) => r.id], ['tree_id', 'uuid', (r) => r.treeId], ['name', 'text', (r) => r.name], ['address', 'text', (r) => r.address],
    ['notes', 'text', (r) => r.notes], ['gedcom_extra', 'text', (r) => r.gedcomExtra ?? null], ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
    ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)], ...deletionColumns<Repository>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, name: r.name, address: r.address, notes: r.notes, ...(r.gedcom_extra === null ? {} : { gedcomExtra: r.gedcom_extra }),
    createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};

export type CitationDb = DeletionDb & {
  id: string; tree_id: string; source_id: string; target_kind: CitationTargetKind; target_id: string; page: string; detail: string;
  entry_date?: string; notes?: string; confidence: number | null; created_at: string; updated_at: string;
};

export const citations: Table<Citation, CitationDb> = {
  name: 'citations',
  columns: [
    ['id', 'uuid', (c) => c.id], ['tree_id', 'uuid', (c) => c.treeId], ['source_id', 'uuid', (c) => c.sourceId], ['target_kind', 'text', (c) => c.target.kind],
    ['target_id', 'uuid', (c) => c.target.id], ['page', 'text', (c) => c.page], ['detail', 'text', (c) => c.detail],
    ['entry_date', 'text', (c) => c.entryDate], ['notes', 'text', (c) => c.notes], ['confidence', 'smallint', (c) => c.confidence],
    ['created_at', 'timestamptz', (c) => iso(c.createdAt)], ['updated_at', 'timestamptz', (c) => iso(c.updatedAt)], ...deletionColumns<Citation>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, sourceId: r.source_id, target: { kind: r.target_kind, id: r.target_id }, page: r.page, detail: r.detail,
    entryDate: r.entry_date ?? '', notes: r.notes ?? '', confidence: r.confidence === null ? null : Number(r.confidence), createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};
