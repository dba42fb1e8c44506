import type { DuplicateEdge, DuplicateFact, DuplicateStore, DuplicateSubject } from '../../core/duplicates/ports.js';
import type { NameType, Sex } from '../../core/people/model.js';
import { uuids, type Sql } from './sql.js';
import { duplicateDismissals, type DismissalDb } from './tables/duplicates.js';
import { insertRowIfAbsent } from './tables/build.js';

const dismissalOf = duplicateDismissals.from;

const NO_ID = '00000000-0000-0000-0000-000000000000';
const FACT_TYPES = `'{birth,baptism,christening,death,burial,cremation}'::text[]`;

// The finder scans the tree: each read is one statement of the few columns it needs.
export const pgDuplicates = (db: Sql): DuplicateStore => ({
  subjects: async (treeId, filter) => {
    // A page (the next `limit` persons with a live name, by the (tree, id) index) or some persons by
    // id: their names looked up by person (`any` of an array: joined, the planner read every name of
    // the table into a hash for a page, 171 against 21 ms a page of 5,000 on the bench tree).
    const rows = await db.rows<{ person_id: string; sex: Sex | null; given_name: string; surname: string; name_type: NameType }>(
      filter === undefined
        ? `select n.person_id, p.sex, n.given_name, n.surname, n.name_type from names n join persons p on p.id = n.person_id
           where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
           order by n.person_id, n.is_primary desc, n.id`
        : `with ps as materialized (
             ${'ids' in filter
               ? 'select p.id, p.sex from persons p where p.id = any(?::uuid[]) and p.tree_id = ? and p.deleted_at is null'
               : `select p.id, p.sex from persons p where p.tree_id = ? and p.deleted_at is null and p.id > ?::uuid
                    and exists (select 1 from names n where n.person_id = p.id and n.deleted_at is null)
                  order by p.id limit ?::int`}
           )
           select n.person_id, ps.sex, n.given_name, n.surname, n.name_type from names n join ps on ps.id = n.person_id
           where n.person_id = any(array(select id from ps)) and n.tree_id = ? and n.deleted_at is null
           order by n.person_id, n.is_primary desc, n.id`,
      filter === undefined ? [treeId] : 'ids' in filter ? [uuids(filter.ids), treeId, treeId] : [treeId, filter.after ?? NO_ID, filter.limit, treeId],
    );
    const out: DuplicateSubject[] = [];
    let current: { id: string; sex: Sex | null; names: DuplicateSubject['names'][number][] } | null = null;
    for (const r of rows) {
      if (current === null || current.id !== r.person_id) {
        current = { id: r.person_id, sex: r.sex, names: [] };
        out.push(current);
      }
      current.names.push({ givenName: r.given_name, surname: r.surname, nameType: r.name_type });
    }
    return out;
  },
  facts: async (treeId, personIds) => {
    // The date's parts are taken in SQL: no jsonb travels, and nothing is parsed per row in node.
    // Named as the port's fields, so the rows are the answer: no second copy of a whole tree's facts.
    const among = personIds === undefined ? '' : ' and e.person_id = any(?::uuid[])';
    return db.rows<DuplicateFact>(
      `select e.person_id as "personId", e.type, (e.date->>'year')::int as year,
         case when e.date->>'qualifier' in ('exact', 'about', 'calculated', 'estimated') and e.date->>'day' is not null and e.date->>'month' is not null and e.date->>'year' is not null
           then concat(e.date->>'year', '-', e.date->>'month', '-', e.date->>'day') end as day,
         pl.name as place
       from events e
       join persons p on p.id = e.person_id
       left join places pl on pl.id = e.place_id
       where e.tree_id = ? and e.deleted_at is null and p.deleted_at is null and e.type = any(${FACT_TYPES})${among}`,
      personIds === undefined ? [treeId] : [treeId, uuids(personIds)],
    );
  },
  edgesOf: async (treeId, personIds) => {
    // Three index lookups (a child's parents, either end of a partnership); `union` keeps a
    // partnership between two of the persons once.
    const live = `r.tree_id = ? and r.deleted_at is null and pa.deleted_at is null and pb.deleted_at is null`;
    const edges = (type: string, end: string) =>
      `select r.type, r.person_a_id as a, r.person_b_id as b from relationships r
       join persons pa on pa.id = r.person_a_id join persons pb on pb.id = r.person_b_id
       where ${end} = any(?::uuid[]) and r.type = '${type}' and ${live}`;
    const ids = uuids(personIds);
    return db.rows<DuplicateEdge>(
      `${edges('parent_child', 'r.person_b_id')} union ${edges('partnership', 'r.person_a_id')} union ${edges('partnership', 'r.person_b_id')}`,
      [ids, treeId, ids, treeId, ids, treeId],
    );
  },
  dismissed: async (treeId) => (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ?', [treeId])).map(dismissalOf),
  dismissedWith: async (treeId, personId) =>
    (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ? and (person_a_id = ?::uuid or person_b_id = ?::uuid)', [treeId, personId, personId])).map(dismissalOf),
  dismiss: (d) => insertRowIfAbsent(db, duplicateDismissals, d, '(person_a_id, person_b_id)'),
});
