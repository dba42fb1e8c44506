import type { CitationRepository, SourceRepository } from '../../core/sources/ports.js';
import type { Citation, CitationTargetKind, Source } from '../../core/sources/model.js';
import { limitOf, pageOf } from './people.js';
import { date, dateOrNull, ts, tsOrNull, type Sql } from './sql.js';

type SourceDb = {
  id: string;
  tree_id: string;
  title: string;
  author: string;
  publication: string;
  notes: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deletion_id: string | null;
};

const toSource = (r: SourceDb): Source => ({
  id: r.id,
  treeId: r.tree_id,
  title: r.title,
  author: r.author,
  publication: r.publication,
  notes: r.notes,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  deletedAt: dateOrNull(r.deleted_at),
  deletionId: r.deletion_id,
});

export const pgSources = (db: Sql): SourceRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<SourceDb>('select * from sources where id = ?', [id]);
    return r ? toSource(r) : null;
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('s', options);
    const rows = await db.rows<SourceDb>(
      `select s.* from sources s where s.tree_id = ?${page.sql} order by s.id${limitOf(options)}`,
      [treeId, ...page.params],
    );
    return rows.map(toSource);
  },
  insert: async (s) => {
    await db.run(
      `insert into sources (id, tree_id, title, author, publication, notes, created_at, updated_at, deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [s.id, s.treeId, s.title, s.author, s.publication, s.notes, ts(s.createdAt), ts(s.updatedAt), tsOrNull(s.deletedAt), s.deletionId],
    );
  },
  update: async (s) => {
    await db.run(
      `update sources set title = ?, author = ?, publication = ?, notes = ?, updated_at = ?::timestamptz,
         deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [s.title, s.author, s.publication, s.notes, ts(s.updatedAt), tsOrNull(s.deletedAt), s.deletionId, s.id],
    );
  },
});

export type CitationDb = {
  id: string;
  tree_id: string;
  source_id: string;
  target_kind: CitationTargetKind;
  target_id: string;
  page: string;
  detail: string;
  confidence: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deletion_id: string | null;
};

export const toCitation = (r: CitationDb): Citation => ({
  id: r.id,
  treeId: r.tree_id,
  sourceId: r.source_id,
  target: { kind: r.target_kind, id: r.target_id },
  page: r.page,
  detail: r.detail,
  confidence: r.confidence === null ? null : Number(r.confidence),
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  deletedAt: dateOrNull(r.deleted_at),
  deletionId: r.deletion_id,
});

export const pgCitations = (db: Sql): CitationRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<CitationDb>('select * from citations where id = ?', [id]);
    return r ? toCitation(r) : null;
  },
  // Live listing: the source must be live too. Deleted listing: every soft-deleted citation.
  listByTree: async (treeId, options) => {
    const page = pageOf('c', options);
    const sourceLive = options.deleted === true
      ? ''
      : ' and exists (select 1 from sources s where s.id = c.source_id and s.deleted_at is null)';
    const rows = await db.rows<CitationDb>(
      `select c.* from citations c where c.tree_id = ?${page.sql}${sourceLive} order by c.id${limitOf(options)}`,
      [treeId, ...page.params],
    );
    return rows.map(toCitation);
  },
  insert: async (c) => {
    await db.run(
      `insert into citations (id, tree_id, source_id, target_kind, target_id, page, detail, confidence, created_at, updated_at,
         deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [c.id, c.treeId, c.sourceId, c.target.kind, c.target.id, c.page, c.detail, c.confidence, ts(c.createdAt), ts(c.updatedAt),
        tsOrNull(c.deletedAt), c.deletionId],
    );
  },
  update: async (c) => {
    await db.run(
      `update citations set source_id = ?, target_kind = ?, target_id = ?, page = ?, detail = ?, confidence = ?,
         updated_at = ?::timestamptz, deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [c.sourceId, c.target.kind, c.target.id, c.page, c.detail, c.confidence, ts(c.updatedAt), tsOrNull(c.deletedAt),
        c.deletionId, c.id],
    );
  },
});
