import type { CitationRepository, RepositoryRepository, SourceRepository } from '../../core/sources/ports.js';
import { limitOf, pageOf, shownOf } from './people.js';
import { uuids, type Sql } from './sql.js';
import { insertRow, updateRow } from './tables/build.js';
import * as tables from './tables/index.js';
import type { CitationDb, RepositoryDb, SourceDb } from './tables/index.js';
import { citationShown, sourceShown } from './privacy-sql.js';

const sourceMutable = [
  'title', 'author', 'publication', 'notes', 'abbreviation', 'recorded_events', 'agency', 'data_notes', 'repository_links', 'updated_at', 'deleted_at', 'deletion_id',
];
const repositoryMutable = ['name', 'address', 'notes', 'updated_at', 'deleted_at', 'deletion_id'];
const citationMutable = ['source_id', 'target_kind', 'target_id', 'page', 'detail', 'confidence', 'updated_at', 'deleted_at', 'deletion_id'];

export const pgSources = (db: Sql): SourceRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<SourceDb>('select * from sources where id = ?', [id]);
    return r ? tables.sources.from(r) : null;
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('s', options);
    const shown = shownOf(options, (now) => sourceShown('s', now));
    const rows = await db.rows<SourceDb>(
      `select s.* from sources s where s.tree_id = ?${page.sql}${shown.sql} order by s.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...shown.params, ...limitOf(options).params],
    );
    return rows.map(tables.sources.from);
  },
  shownAt: async (id, now) => {
    const shown = sourceShown('s', now);
    const rows = await db.rows('select 1 from sources s where s.id = ? and s.deleted_at is null and ' + shown.sql, [id, ...shown.params]);
    return rows.length > 0;
  },
  insert: (s) => insertRow(db, tables.sources, s),
  update: (s) => updateRow(db, tables.sources, sourceMutable, s),
});

export const pgCitations = (db: Sql): CitationRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<CitationDb>('select * from citations where id = ?', [id]);
    return r ? tables.citations.from(r) : null;
  },
  // Live listing: the source must be live too. Deleted listing: every soft-deleted citation.
  listByTree: async (treeId, options) => {
    const page = pageOf('c', options);
    const sourceLive = options.deleted === true ? '' : ' and s.deleted_at is null';
    const a = options.audience;
    const shown = a === undefined || a.member || options.deleted === true ? null : citationShown('c', a.now);
    const rows = await db.rows<CitationDb>(
      `select c.* from citations c join sources s on s.id = c.source_id${shown === null ? '' : shown.joins}
       where c.tree_id = ?${page.sql}${sourceLive}${shown === null ? '' : ` and ${shown.where.sql}`} order by c.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...(shown === null ? [] : shown.where.params), ...limitOf(options).params],
    );
    return rows.map(tables.citations.from);
  },
  insert: (c) => insertRow(db, tables.citations, c),
  update: (c) => updateRow(db, tables.citations, citationMutable, c),
});

export const pgRepositories = (db: Sql): RepositoryRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<RepositoryDb>('select * from repositories where id = ?', [id]);
    return r ? tables.repositories.from(r) : null;
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('r', options);
    const rows = await db.rows<RepositoryDb>(
      `select r.* from repositories r where r.tree_id = ?${page.sql} order by r.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...limitOf(options).params],
    );
    return rows.map(tables.repositories.from);
  },
  liveIds: async (treeId, ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<{ id: string }>('select id from repositories where tree_id = ? and deleted_at is null and id = any(?::uuid[])', [treeId, uuids(ids)]);
    return rows.map((r) => r.id);
  },
  insert: (r) => insertRow(db, tables.repositories, r),
  update: (r) => updateRow(db, tables.repositories, repositoryMutable, r),
});
