import type { PersonCardStore } from '../../core/people/ports.js';
import { fullCardSql, pickCtes } from './person-list-json.js';
import type { Sql } from './sql.js';
import type { CardDemand } from './card-demand.js';

// Kept person cards (issue 27; migration 20270116090000 says what a card is and when it goes): a
// person as a member reads them, written as the API's JSON (person-list-json.ts fullSqlOf: the text
// a read writes live), so a person read, a search's page and a batch read one short row per person
// instead of their names and vitals. Reads take a card when there is one and write the person live
// otherwise (pickCtes), so a missing card costs time, never an answer. A card carries the privacy
// facts of the row it was written from (migration 20270118090000), which a name search decides by.
//
// Filling: a tree's live persons in id order, a step at a time, each step in its own transaction
// under the tree's exclusive advisory lock (27, hashtext(tree id)), tried without waiting. The
// triggers that remove cards take the shared one until their transaction commits, so a step never
// runs while a change of the tree is in progress (`busy`: the caller tries the tree again later), and
// a change that starts meanwhile waits for the step's commit, then removes what the step wrote.

/** The advisory lock namespace of person cards (the triggers of migration 20270116090000 use it). */
const LOCK = 27;

/** A step's persons: the tree's live persons after a person (or from the first), in id order, at most a limit. Parameters: the tree, the person twice, the limit. */
const STEP_PERSONS = `select p.id from persons p
      where p.tree_id = ?::uuid and p.deleted_at is null and (?::uuid is null or p.id > ?::uuid)
      order by p.id limit ?::int`;

const FILL = `with todo as materialized (${STEP_PERSONS}),
    missing as materialized (
      select t.id, row_number() over (order by t.id) as ord from todo t where not exists (select 1 from person_cards c where c.person_id = t.id)),
    ${pickCtes('missing', `'full'::text`, '')},
    written as (
      insert into person_cards (person_id, tree_id, card, privacy, is_living, has_death_fact, birth_year)
      select pg.id, pg.tree_id, ${fullCardSql}, pg.privacy, pg.is_living, pg.has_death_fact, pg.birth_year from pv pg
      on conflict (person_id) do nothing
      returning 1)
    select (select count(*)::int from written) as filled`;

/** A step's persons (STEP_PERSONS, FILL's `todo`): how many, the last one, and how many of them have no card. */
const LOOK = `select count(*)::int as seen, max(t.id::text) as last, count(*) filter (where c.person_id is null)::int as missing
    from (${STEP_PERSONS}) t
    left join person_cards c on c.person_id = t.id`;

export const pgPersonCards = (db: Sql, demand: CardDemand): PersonCardStore => ({
  wanted: () => demand.take(),

  trees: async (after, limit) =>
    (await db.rows<{ id: string }>('select id from trees where deleted_at is null and (?::uuid is null or id > ?::uuid) order by id limit ?::int', [after, after, limit])).map((r) => r.id),

  fillNext: async (treeId, after, limit) => {
    const [lock] = await db.rows<{ ok: boolean }>('select pg_try_advisory_xact_lock(?::int, hashtext(?::text)) as ok', [LOCK, treeId]);
    if (lock?.ok !== true) return { busy: true, filled: 0, last: after };
    // The step's persons and how many lack a card first: most steps of a pass find none (every pass
    // walks every tree), and the statement that writes them cost 5.5 ms of PostgreSQL even then, 2.7
    // of them planning it (on the 100,000-person bench tree, beside three whole lists), against
    // 1.1-1.3 ms for this one (serially, 500 persons with cards).
    const [look] = await db.rows<{ missing: number; seen: number; last: string | null }>(LOOK, [treeId, after, after, limit]);
    const seen = look?.seen ?? 0;
    const filled = (look?.missing ?? 0) === 0 ? 0 : ((await db.rows<{ filled: number }>(FILL, [treeId, after, after, limit, treeId]))[0]?.filled ?? 0);
    if (seen < limit) demand.filled(treeId);
    return { busy: false, filled, last: seen < limit ? null : (look?.last ?? null) };
  },
});
