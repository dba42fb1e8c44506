import type { PersonCardStore } from '../../core/people/ports.js';
import { fullCardSql, pickCtes } from './person-list-json.js';
import { NO_ID, type Sql } from './sql.js';
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

/** The advisory lock namespace of person cards (the triggers of migration 20270116090000 use it), which keeping pages (kept-pages.ts) and a GEDCOM export (gedcom-export.ts) take too. */
export const LOCK = 27;

/** A step's persons: the tree's live persons after a person (or from the first), in id order, at most a limit. Parameters: the tree, the person (or null), the limit. */
const STEP_PERSONS = `select p.id from persons p
      where p.tree_id = ?::uuid and p.deleted_at is null and p.id > coalesce(?::uuid, '${NO_ID}'::uuid)
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

/**
 * A step's persons (STEP_PERSONS, FILL's `todo`): how many, the last one, and how many of them have
 * no card. The cards come as the tree's range after the same person, by the (tree_id, person_id)
 * index, beside the persons in id order (a merge join; migration 20270126090000): probed one per
 * person, or read whole as a hash, they cost 1,500 buffers a step of 500 on the 100,000-person bench
 * tree, or every card of a smaller tree at each step. Parameters: the tree, the person (or null), the
 * limit, the tree, the person.
 */
export const LOOK = `select count(*)::int as seen, max(t.id::text) as last, count(*) filter (where c.person_id is null)::int as missing
    from (${STEP_PERSONS}) t
    left join (select c.person_id from person_cards c
      where c.tree_id = ?::uuid and c.person_id > coalesce(?::uuid, '${NO_ID}'::uuid)
      order by c.person_id) c on c.person_id = t.id`;

/**
 * Whether every live person of the tree has a card (parameters: the tree, twice): asked at a tree's
 * first step, so that a pass goes through a tree step by step only when some card is missing. Most
 * passes find every card there (reads ask for a tree whose cards are missing: CardDemand), and
 * walking the 100,000-person bench tree 500 persons at a time took 201 steps, a transaction, a lock
 * and a LOOK each (212-258 ms by hand, every 5 minutes, ten times that at 1,000,000 persons), against
 * 53 ms for this one statement (an anti join of the tree's persons and cards; no parallel plan, as
 * on every connection of the service: orm.ts).
 */
const COMPLETE = `select not exists (select 1 from persons p
      where p.tree_id = ?::uuid and p.deleted_at is null
        and not exists (select 1 from person_cards c where c.tree_id = ?::uuid and c.person_id = p.id)) as complete`;

export const pgPersonCards = (db: Sql, demand: CardDemand): PersonCardStore => ({
  wanted: () => demand.take(),

  trees: async (after, limit) =>
    (await db.rows<{ id: string }>('select id from trees where deleted_at is null and (?::uuid is null or id > ?::uuid) order by id limit ?::int', [after, after, limit])).map((r) => r.id),

  fillNext: async (treeId, after, limit) => {
    // Asked before the lock is taken, so the tree's writers never wait for it (it reads the whole
    // tree: about half a second at 1,000,000 persons). A change in progress still holds its shared
    // lock when the lock is tried just after, so the step is `busy` as before; a change that commits
    // in between is seen by the next pass, or by a read's demand, as a change after a step is.
    const complete = after === null && (await db.rows<{ complete: boolean }>(COMPLETE, [treeId, treeId]))[0]?.complete === true;
    const [lock] = await db.rows<{ ok: boolean }>('select pg_try_advisory_xact_lock(?::int, hashtext(?::text)) as ok', [LOCK, treeId]);
    if (lock?.ok !== true) return { busy: true, filled: 0, last: after };
    if (complete) {
      demand.filled(treeId);
      return { busy: false, filled: 0, last: null };
    }
    // The step's persons and how many lack a card first: most steps of a pass find none (every pass
    // walks every tree), and the statement that writes them cost 5.5 ms of PostgreSQL even then, 2.7
    // of them planning it (on the 100,000-person bench tree, beside three whole lists), against
    // 1.1-1.7 ms for this one (at psql, serially, 500 persons with cards; 2.0-2.7 ms when it probed
    // the cards once per person).
    const [look] = await db.rows<{ missing: number; seen: number; last: string | null }>(LOOK, [treeId, after, limit, treeId, after]);
    const seen = look?.seen ?? 0;
    const filled = (look?.missing ?? 0) === 0 ? 0 : ((await db.rows<{ filled: number }>(FILL, [treeId, after, limit, treeId]))[0]?.filled ?? 0);
    if (seen < limit) demand.filled(treeId);
    return { busy: false, filled, last: seen < limit ? null : (look?.last ?? null) };
  },
});
