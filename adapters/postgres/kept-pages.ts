import type { KeptPageStore } from '../../core/people/ports.js';
import type { CardDemand } from './card-demand.js';
import { treeStamp } from './public-pages.js';
import { uuids, type Sql } from './sql.js';
import { LOCK } from './person-cards.js';

// Kept public person pages (issue 26; migration 20270119090000 says what is kept and when it goes;
// adapters/http/pages/public/kept.ts when a page is written and served). The read of a kept page is
// PublicPageReads.keptPage (public-pages.ts), beside the tree's stamp that decides whether it holds.
//
// Keeping takes the tree's exclusive advisory lock (27, hashtext(tree id): the person cards' lock,
// person-cards.ts), tried without waiting, then checks the tree's stamp. The trigger that erases a
// tree's kept pages when its rows are erased (a purge) takes the shared one first, so a page written
// before a purge is either refused (the purge's commit changed the stamp, or it still holds the lock)
// or erased by it (it waited for this transaction's commit).

/** The tree `t` is one a visitor may no longer read (deleted, private, members only). */
const UNREADABLE = `(t.deleted_at is not null or t.visibility not in ('public', 'unlisted'))`;

export const pgKeptPages = (db: Sql, demand: CardDemand): KeptPageStore => ({
  miss: (treeId) => demand.miss(treeId),
  wanted: () => demand.take(),

  trees: async (after, limit) =>
    (await db.rows<{ id: string }>(
      `select id from trees where deleted_at is null and visibility in ('public', 'unlisted') and (?::uuid is null or id > ?::uuid) order by id limit ?::int`,
      [after, after, limit],
    )).map((r) => r.id),

  unkept: async (personIds, key) =>
    personIds.length === 0
      ? []
      : (await db.rows<{ id: string }>(
          `select x.id from unnest(?::uuid[]) with ordinality as x(id, n)
           where not exists (select 1 from person_pages k where k.person_id = x.id and k.key = ?::text) order by x.n`,
          [uuids(personIds), key],
        )).map((r) => r.id),

  keep: async (treeId, stamp, pages) => {
    const [lock] = await db.rows<{ ok: boolean }>('select pg_try_advisory_xact_lock(?::int, hashtext(?::text)) as ok', [LOCK, treeId]);
    if (lock?.ok !== true) return 'busy';
    // Read after the lock: a purge that committed before it has changed the stamp.
    if ((await treeStamp(db, treeId))?.stamp !== stamp) return 'changed';
    if (pages.length === 0) return 'kept';
    await db.rows(
      `insert into person_pages (person_id, tree_id, key, body)
       select x.person_id, ?::uuid, x.key, x.body
       from unnest(?::uuid[], ?::text[], ?::text[]) as x(person_id, key, body)
       where exists (select 1 from persons p where p.id = x.person_id and p.tree_id = ?::uuid)
       on conflict (person_id) do update set tree_id = excluded.tree_id, key = excluded.key, body = excluded.body`,
      [treeId, uuids(pages.map((p) => p.personId)), pages.map((p) => p.page.key), pages.map((p) => p.page.body), treeId],
    );
    return 'kept';
  },

  forget: async (treeId, key) =>
    Number((await db.rows<{ n: number }>(
      'with gone as (delete from person_pages where tree_id = ?::uuid and key <> ?::text returning 1) select count(*)::int as n from gone',
      [treeId, key],
    ))[0]?.n ?? 0),

  // For key share: a tree deleted meanwhile is skipped, never a foreign key's error (migration 20270202090000).
  passed: async (treeId, key) => {
    await db.run(
      `insert into person_page_passes (tree_id, key) select t.id, ?::text from trees t where t.id = ?::uuid for key share
       on conflict (tree_id) do update set key = excluded.key`,
      [key, treeId],
    );
  },

  lastPass: async (treeId) => (await db.rows<{ key: string }>('select key from person_page_passes where tree_id = ?::uuid', [treeId]))[0]?.key ?? null,

  sweep: async () =>
    Number((await db.rows<{ n: number }>(
      `with passes as (delete from person_page_passes k using trees t where t.id = k.tree_id and ${UNREADABLE}),
       gone as (delete from person_pages k using trees t where t.id = k.tree_id and ${UNREADABLE} returning 1)
       select count(*)::int as n from gone`,
      [],
    ))[0]?.n ?? 0),
});
