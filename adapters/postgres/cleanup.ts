import type { CleanupReads } from '../../core/cleanup/ports.js';
import type { EventType, PersonPrivacy, Sex } from '../../core/people/model.js';
import type { Sql } from './sql.js';
import { toDate, type EventDb } from './tables/index.js';

type PersonRow = { id: string; sex: Sex | null; is_living: boolean | null; privacy: PersonPrivacy; name_id: string | null; given_name: string | null; surname: string | null };

// One statement each; the previews scan the tree, so they read the few columns they need.
export const pgCleanupReads = (db: Sql): CleanupReads => ({
  persons: async (treeId) => {
    const rows = await db.rows<PersonRow>(
      `select distinct on (p.id) p.id, p.sex, p.is_living, p.privacy, n.id as name_id, n.given_name, n.surname
       from persons p left join names n on n.person_id = p.id and n.deleted_at is null
       where p.tree_id = ? and p.deleted_at is null
       order by p.id, n.is_primary desc nulls last, n.id`,
      [treeId],
    );
    return rows.map((r) => ({
      id: r.id, sex: r.sex, isLiving: r.is_living, privacy: r.privacy,
      name: r.name_id === null ? null : { id: r.name_id, givenName: r.given_name ?? '', surname: r.surname ?? '' },
    }));
  },
  facts: async (treeId, types) => {
    if (types.length === 0) return [];
    const rows = await db.rows<{ person_id: string; type: EventType; date: EventDb['date'] }>(
      `select e.person_id, e.type, e.date from events e join persons p on p.id = e.person_id
       where e.tree_id = ? and e.deleted_at is null and p.deleted_at is null and e.type = any(?::text[])`,
      [treeId, `{${types.join(',')}}`],
    );
    return rows.map((r) => ({ personId: r.person_id, type: r.type, date: toDate(r.date) }));
  },
  names: async (treeId) => {
    const rows = await db.rows<{ person_id: string; sex: Sex | null; given_name: string; surname: string }>(
      `select n.person_id, p.sex, n.given_name, n.surname from names n join persons p on p.id = n.person_id
       where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
       order by n.person_id, n.is_primary desc, n.id`,
      [treeId],
    );
    return rows.map((r) => ({ personId: r.person_id, sex: r.sex, givenName: r.given_name, surname: r.surname }));
  },
  edges: async (treeId, type) => {
    const rows = await db.rows<{ a: string; b: string }>(
      `select r.person_a_id as a, r.person_b_id as b from relationships r
       join persons pa on pa.id = r.person_a_id join persons pb on pb.id = r.person_b_id
       where r.tree_id = ? and r.type = ? and r.deleted_at is null and pa.deleted_at is null and pb.deleted_at is null`,
      [treeId, type],
    );
    return rows;
  },
});
