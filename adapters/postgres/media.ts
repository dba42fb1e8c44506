import type { BlobRemovalQueue, MediaRepository } from '../../core/media/ports.js';
import type { Media, MediaTarget } from '../../core/media/model.js';
import { limitOf, pageOf } from './people.js';
import { all, eventShown, fullPerson, sourceShown } from './privacy-sql.js';
import { date, dateOrNull, ts, tsOrNull, uuids, type Sql } from './sql.js';

export type MediaDb = {
  id: string;
  tree_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size: string | number;
  checksum: string;
  person_id: string | null;
  event_id: string | null;
  source_id: string | null;
  storage_key: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deletion_id: string | null;
};

const targetOf = (r: MediaDb): MediaTarget | null =>
  r.person_id !== null ? { kind: 'person', id: r.person_id }
  : r.event_id !== null ? { kind: 'event', id: r.event_id }
  : r.source_id !== null ? { kind: 'source', id: r.source_id }
  : null;

export const toMedia = (r: MediaDb): Media => ({
  id: r.id,
  treeId: r.tree_id,
  title: r.title,
  fileName: r.file_name,
  contentType: r.content_type,
  size: Number(r.size),
  checksum: r.checksum,
  target: targetOf(r),
  storageKey: r.storage_key,
  createdBy: r.created_by,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  deletedAt: dateOrNull(r.deleted_at),
  deletionId: r.deletion_id,
});

const targetColumns = (t: MediaTarget | null): [string | null, string | null, string | null] => [
  t?.kind === 'person' ? t.id : null,
  t?.kind === 'event' ? t.id : null,
  t?.kind === 'source' ? t.id : null,
];

/** The record filter's media rule over `m`: its person in full, its event shown, or its source shown; unattached: never. */
const mediaShown = (now: Date) => {
  const ev = eventShown('m_e', now);
  return {
    joins: ` left join persons m_p on m_p.id = m.person_id
      left join events m_e on m_e.id = m.event_id and m_e.deleted_at is null ${ev.joins}
      left join sources m_s on m_s.id = m.source_id and m_s.deleted_at is null`,
    where: all(' ', [
      { sql: '(m.person_id is not null and', params: [] }, fullPerson('m_p', now),
      { sql: 'or m_e.id is not null and', params: [] }, ev.where,
      { sql: 'or m_s.id is not null and', params: [] }, sourceShown('m_s', now), { sql: ')', params: [] },
    ]),
  };
};

export const pgMedia = (db: Sql): MediaRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<MediaDb>('select * from media where id = ?', [id]);
    return r ? toMedia(r) : null;
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('m', options);
    const a = options.audience;
    const shown = a === undefined || a.member || options.deleted === true ? null : mediaShown(a.now);
    const rows = await db.rows<MediaDb>(
      `select m.* from media m${shown === null ? '' : shown.joins}
       where m.tree_id = ?${page.sql}${shown === null ? '' : ` and ${shown.where.sql}`} order by m.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...(shown === null ? [] : shown.where.params), ...limitOf(options).params],
    );
    return rows.map(toMedia);
  },
  insert: async (m) => {
    await db.run(
      `insert into media (id, tree_id, title, file_name, content_type, size, checksum, person_id, event_id, source_id, storage_key,
         created_by, created_at, updated_at, deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [m.id, m.treeId, m.title, m.fileName, m.contentType, m.size, m.checksum, ...targetColumns(m.target), m.storageKey, m.createdBy,
        ts(m.createdAt), ts(m.updatedAt), tsOrNull(m.deletedAt), m.deletionId],
    );
  },
  update: async (m) => {
    await db.run(
      `update media set title = ?, person_id = ?, event_id = ?, source_id = ?, updated_at = ?::timestamptz,
         deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [m.title, ...targetColumns(m.target), ts(m.updatedAt), tsOrNull(m.deletedAt), m.deletionId, m.id],
    );
  },
});

export const pgBlobRemovals = (db: Sql): BlobRemovalQueue => ({
  enqueue: async (keys) => {
    if (keys.length === 0) return;
    await db.run(
      `insert into blob_removals (key, queued_at) select k, now() from unnest(?::text[]) as k on conflict (key) do nothing`,
      [uuids(keys)],
    );
  },
  next: async (limit) => (await db.rows<{ key: string }>('select key from blob_removals order by queued_at, key limit ?', [limit])).map((r) => r.key),
  done: async (keys) => {
    if (keys.length === 0) return;
    await db.run('delete from blob_removals where key = any(?::text[])', [uuids(keys)]);
  },
});
