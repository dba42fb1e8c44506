import type { BlobRemovalQueue, MediaRepository } from '../../core/media/ports.js';
import { limitOf, pageOf } from './people.js';
import { all, eventShown, fullPerson, sourceShown } from './privacy-sql.js';
import { uuids, type Sql } from './sql.js';
import { blobRemovals, media, type MediaDb } from './tables/media.js';
import { insertRow, insertSelect, updateRow, updateRowIf } from './tables/build.js';

const toMedia = media.from;
const mediaMutable = ['title', 'person_id', 'event_id', 'source_id', 'updated_at', 'deleted_at', 'deletion_id'];

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
  insert: (m) => insertRow(db, media, m),
  update: (m) => updateRow(db, media, mediaMutable, m),
  fillFile: (m) => updateRowIf(db, media, ['storage_key', 'checksum', 'size', 'content_type', 'file_name', 'updated_at'], m, { sql: 'storage_key is null', params: [] }),
});

export const pgBlobRemovals = (db: Sql): BlobRemovalQueue => ({
  enqueue: async (keys) => {
    if (keys.length === 0) return;
    await db.run(
      `${insertSelect(blobRemovals, 'select k, now() from unnest(?::text[]) as k')} on conflict (key) do nothing`,
      [uuids(keys)],
    );
  },
  next: async (limit) => (await db.rows<{ key: string }>('select key from blob_removals order by queued_at, key limit ?', [limit])).map((r) => r.key),
  done: async (keys) => {
    if (keys.length === 0) return;
    await db.run('delete from blob_removals where key = any(?::text[])', [uuids(keys)]);
  },
});
