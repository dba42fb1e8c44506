import type { ChartReads, LineageDirection, LineageStep } from '../../core/charts/ports.js';
import { uuids, type Sql } from './sql.js';
import * as tables from './tables/index.js';
import type { EventDb, NameDb, PersonDb, PlaceDb } from './tables/index.js';

/** Going up a person's next are the parents (person_a of the edges where they are person_b); down, the children. */
const ends = (direction: LineageDirection) => (direction === 'up' ? { from: 'person_b_id', to: 'person_a_id' } : { from: 'person_a_id', to: 'person_b_id' });

/**
 * One statement. The recursive CTE walks DISTINCT (person, depth) pairs (`union`, bounded by
 * `depth < generations`), so rejoining lines and cycles cost at most persons x generations rows,
 * never one row per path. PostgreSQL emits it level by level and evaluates only what the outer
 * query pulls: `limit * generations` pairs hold at least `limit` distinct persons, so a huge subtree
 * stops being read there. Then the persons' rows and each one's next ids, by index lookups per person
 * (the lateral `offset 0` keeps the planner from joining all of persons by hash: rows read follow
 * what is returned, not the tree). No `distinct` on an edge's far end: the unique index
 * relationships_live_parent_child_unique allows one live parent_child edge per pair.
 */
const lineageSql = (direction: LineageDirection): string => {
  const { from, to } = ends(direction);
  const edge = (of: string) =>
    `select r.${to} from relationships r join persons q on q.id = r.${to} and q.deleted_at is null and q.tree_id = r.tree_id
      where r.${from} = ${of} and r.type = 'parent_child' and r.deleted_at is null and r.tree_id = ?::uuid`;
  return `with recursive lin(id, depth) as (
      select p.id, 0 from persons p where p.id = ?::uuid and p.tree_id = ?::uuid and p.deleted_at is null
      union
      select n.id, lin.depth + 1 from lin
        cross join lateral (${edge('lin.id')}) n(id)
        where lin.depth + 1 < ?::int
    ),
    cut as (select id, depth from lin limit ?::int),
    reached as (select id, min(depth) as depth from cut group by id order by 2, 1 limit ?::int)
    select p.*, reached.depth as lineage_depth, array(${edge('p.id')}) as lineage_next
      from reached cross join lateral (select * from persons x where x.id = reached.id offset 0) p
      order by reached.depth, p.id`;
};

const statements = { up: lineageSql('up'), down: lineageSql('down') };

// Names, events and places as JSON arrays in one row: one round trip for everything the boxes show.
// The places by `= any(array(...))`: primary key lookups, where `in (...)` hash-joined every place of the database.
const BOXES = `select
    coalesce((select json_agg(n order by n.person_id) from (
      select distinct on (person_id) * from names where person_id = any(?::uuid[]) and deleted_at is null order by person_id, is_primary desc, id
    ) n), '[]') as names,
    coalesce((select json_agg(e order by e.id) from events e
      where e.person_id = any(?::uuid[]) and e.deleted_at is null and e.type = any(?::text[])), '[]') as events,
    coalesce((select json_agg(pl order by pl.id) from places pl where pl.id = any(array(
      select e.place_id from events e where e.person_id = any(?::uuid[]) and e.deleted_at is null and e.type = any(?::text[])))), '[]') as places`;

type LineageRow = PersonDb & { readonly lineage_depth: number; readonly lineage_next: readonly string[] };

export const pgChartReads = (db: Sql): ChartReads => ({
  lineage: async (treeId, rootId, direction, generations, limit) => {
    if (limit < 1 || generations < 1) return [];
    const rows = await db.rows<LineageRow>(statements[direction], [rootId, treeId, treeId, generations, limit * generations, limit, treeId]);
    return rows.map((r): LineageStep => {
      const { lineage_depth: depth, lineage_next: next, ...person } = r;
      return { person: tables.persons.from(person as PersonDb), depth, next };
    });
  },
  boxes: async (personIds, types) => {
    if (personIds.length === 0) return { names: [], events: [], places: [] };
    const ids = uuids(personIds);
    const [r] = await db.rows<{ names: NameDb[]; events: EventDb[]; places: PlaceDb[] }>(BOXES, [ids, ids, [...types], ids, [...types]]);
    return { names: r!.names.map(tables.names.from), events: r!.events.map(tables.events.from), places: r!.places.map(tables.places.from) };
  },
});
