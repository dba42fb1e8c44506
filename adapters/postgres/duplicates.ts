import type { DuplicateFact, DuplicateStore, DuplicateSubject } from '../../core/duplicates/ports.js';
import type { NameType, Sex } from '../../core/people/model.js';
import type { Sql } from './sql.js';
import { duplicateDismissals, type DismissalDb } from './tables/duplicates.js';
import { insertRowIfAbsent } from './tables/build.js';

const dismissalOf = duplicateDismissals.from;

const FACT_TYPES = `'{birth,baptism,christening,death,burial,cremation}'::text[]`;

// The finder scans the tree: each read is one statement of the few columns it needs.
export const pgDuplicates = (db: Sql): DuplicateStore => ({
  subjects: async (treeId) => {
    const rows = await db.rows<{ person_id: string; sex: Sex | null; given_name: string; surname: string; name_type: NameType }>(
      `select n.person_id, p.sex, n.given_name, n.surname, n.name_type from names n join persons p on p.id = n.person_id
       where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
       order by n.person_id, n.is_primary desc, n.id`,
      [treeId],
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
  facts: async (treeId) => {
    // The date's parts are taken in SQL: no jsonb travels, and nothing is parsed per row in node.
    // Named as the port's fields, so the rows are the answer: no second copy of a whole tree's facts.
    return db.rows<DuplicateFact>(
      `select e.person_id as "personId", e.type, (e.date->>'year')::int as year,
         case when e.date->>'qualifier' in ('exact', 'about', 'calculated', 'estimated') and e.date->>'day' is not null and e.date->>'month' is not null and e.date->>'year' is not null
           then concat(e.date->>'year', '-', e.date->>'month', '-', e.date->>'day') end as day,
         pl.name as place
       from events e
       join persons p on p.id = e.person_id
       left join places pl on pl.id = e.place_id
       where e.tree_id = ? and e.deleted_at is null and p.deleted_at is null and e.type = any(${FACT_TYPES})`,
      [treeId],
    );
  },
  dismissed: async (treeId) => (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ?', [treeId])).map(dismissalOf),
  dismissedWith: async (treeId, personId) =>
    (await db.rows<DismissalDb>('select * from duplicate_dismissals where tree_id = ? and (person_a_id = ?::uuid or person_b_id = ?::uuid)', [treeId, personId, personId])).map(dismissalOf),
  dismiss: (d) => insertRowIfAbsent(db, duplicateDismissals, d, '(person_a_id, person_b_id)'),
});
