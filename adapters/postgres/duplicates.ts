import type { DuplicateFact, DuplicateStore, DuplicateSubject } from '../../core/duplicates/ports.js';
import type { NameType, Sex } from '../../core/people/model.js';
import type { Sql } from './sql.js';
import { duplicateDismissals, type DismissalDb } from './tables/duplicates.js';
import { insertRowIfAbsent } from './tables/build.js';

const dismissalOf = duplicateDismissals.from;

const FACT_TYPES = `'{birth,baptism,christening,death,burial,cremation}'::text[]`;

// The finder scans the tree a page at a time: each read is one statement of the few columns it needs.
export const pgDuplicates = (db: Sql): DuplicateStore => ({
  // Each page reaches its names and facts by index, a person at a time (`offset 0` keeps each a
  // nested loop): as joins, the planner merged the page with every name of the database from the
  // first (a page in the middle of a 1,000,000-person tree read 648,000 names: 200 ms against 75) and
  // scanned the places once per event (636 ms against 62: they are joined once, after).
  subjectsAfter: async (treeId, after, limit) => {
    const rows = await db.rows<{ person_id: string; sex: Sex | null; given_name: string; surname: string; name_type: NameType }>(
      `with page as materialized (
         select p.id, p.sex from persons p
         where p.tree_id = ? and p.deleted_at is null${after === null ? '' : ' and p.id > ?::uuid'}
           and exists (select 1 from names x where x.person_id = p.id and x.deleted_at is null offset 0)
         order by p.id limit ?)
       select pg.id as person_id, pg.sex, n.given_name, n.surname, n.name_type
       from page pg cross join lateral (
         select n.id, n.given_name, n.surname, n.name_type, n.is_primary from names n where n.person_id = pg.id and n.deleted_at is null offset 0) n
       order by pg.id, n.is_primary desc, n.id`,
      after === null ? [treeId, limit] : [treeId, after, limit],
    );
    const subjects: DuplicateSubject[] = [];
    let current: { id: string; sex: Sex | null; names: DuplicateSubject['names'][number][] } | null = null;
    for (const r of rows) {
      if (current === null || current.id !== r.person_id) {
        current = { id: r.person_id, sex: r.sex, names: [] };
        subjects.push(current);
      }
      current.names.push({ givenName: r.given_name, surname: r.surname, nameType: r.name_type });
    }
    if (subjects.length === 0) return { subjects, facts: [] };
    // The date's parts are taken in SQL: no jsonb travels, and nothing is parsed per row in node.
    // Named as the port's fields, so the rows are the answer: no second copy of a page's facts.
    const facts = await db.rows<DuplicateFact>(
      `with e as materialized (
         select e.person_id, e.type, e.date, e.place_id from unnest(?::uuid[]) as u(id)
         cross join lateral (
           select e.person_id, e.type, e.date, e.place_id from events e
           where e.person_id = u.id and e.tree_id = ? and e.deleted_at is null and e.type = any(${FACT_TYPES}) offset 0) e)
       select e.person_id as "personId", e.type, (e.date->>'year')::int as year,
         case when e.date->>'qualifier' in ('exact', 'about', 'calculated', 'estimated') and e.date->>'day' is not null and e.date->>'month' is not null and e.date->>'year' is not null
           then concat(e.date->>'year', '-', e.date->>'month', '-', e.date->>'day') end as day,
         pl.name as place
       from e left join places pl on pl.id = e.place_id`,
      [subjects.map((x) => x.id), treeId],
    );
    return { subjects, facts };
  },
  dismissed: async (treeId) => (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ?', [treeId])).map(dismissalOf),
  dismissedWith: async (treeId, personId) =>
    (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ? and (person_a_id = ?::uuid or person_b_id = ?::uuid)', [treeId, personId, personId])).map(dismissalOf),
  dismiss: (d) => insertRowIfAbsent(db, duplicateDismissals, d, '(person_a_id, person_b_id)'),
});
