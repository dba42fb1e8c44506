import type { ChartBox, ChartReads, LineageDirection, LineageStep } from '../../core/charts/ports.js';
import type { LifeEvent, PersonPrivacy, Sex } from '../../core/people/model.js';
import type { Role } from '../../core/trees/model.js';
import { visibilityIsAt } from './privacy-sql.js';
import { uuids, type Sql } from './sql.js';
import * as tables from './tables/index.js';
import type { EventDb, NameDb, PersonDb, TreeDb } from './tables/index.js';
import { ownerOf } from './trees.js';

/** Going up a person's next are the parents (person_a of the edges where they are person_b); down, the children. */
const ends = (direction: LineageDirection) => (direction === 'up' ? { from: 'person_b_id', to: 'person_a_id' } : { from: 'person_a_id', to: 'person_b_id' });

// The non-member rule's SQL (generated from the engine's), over the root's row and each step's.
const rootHidden = visibilityIsAt('p', 'hidden');
const stepFull = visibilityIsAt('x', 'full');

// What a box shows of a person shown in full, as positional JSON arrays (no keys to write or parse);
// `row` below reads them back in the same order. A step's person, name and events are of its tree,
// live (the lineage follows live persons; names and events are read live), so those columns are not sent.
const PERSON = 'x.sex, x.notes, x.identifiers, x.merged_into_id, x.created_at, x.updated_at';
const NAME = 'n.id, n.tree_id, n.name_type, n.given_name, n.surname, n.is_primary, n.notes, n.created_at, n.prefix, n.suffix, n.surname_prefix';
const EVENT = 'e.id, e.tree_id, e.person_id, e.type, e.custom_type, e.partnership_id, e.date, e.place_id, e.notes, e.detail, e.temple, e.ordinance_status, e.created_at, e.updated_at';

/**
 * One statement for the whole chart. `root`: the root with its tree and the reader's role (what
 * PersonRepository.withTree reads), whether the reader is a member (a role, where roles count), and
 * whether the root is shown to them (live, and a member or not hidden by the non-member rule).
 *
 * The lineage is read only then. The recursive CTE walks DISTINCT (person, depth) pairs (`union`,
 * bounded by `depth < generations`), so rejoining lines and cycles cost at most persons x
 * generations rows, never one row per path; each pair carries the person's next ids, read once by
 * index (the live far ends of live parent_child edges of the tree) and unnested for the next level.
 * PostgreSQL emits it level by level and evaluates only what the outer query pulls:
 * `limit * generations` pairs hold at least `limit` distinct persons, so a huge subtree stops being
 * read there. Then each person's row by primary key (the lateral `offset 0` keeps the planner from
 * joining all of persons by hash: rows read follow what is returned, not the tree). No `distinct` on
 * an edge's far end: the unique index relationships_live_parent_child_unique allows one live
 * parent_child edge per pair.
 *
 * What each step sends follows what its reader is shown: its id, depth, next ids and the facts the
 * engine decides from; for a person shown in full (`full`: a member, or the non-member rule's
 * `full`) also the box: the row's shown columns, the primary name and, by index per person, the vital
 * events, with their places. All of it comes back as one row of positional JSON: one round trip,
 * one parse.
 */
const chartSql = (direction: LineageDirection): string => {
  const { from, to } = ends(direction);
  const next = (of: string) =>
    `array(select r.${to} from relationships r join persons q on q.id = r.${to} and q.deleted_at is null and q.tree_id = r.tree_id
      where r.${from} = ${of} and r.type = 'parent_child' and r.deleted_at is null and r.tree_id = (select tree_id from root))`;
  return `with recursive root as materialized (
      select to_jsonb(p.*) as p, to_jsonb(t.*) as t, ${ownerOf('t')} as owner_id, m.role, p.id, p.tree_id, g.member,
        p.deleted_at is null and (g.member or not (${rootHidden.sql})) as shown
      from persons p join trees t on t.id = p.tree_id left join memberships m on m.tree_id = t.id and m.user_id = ?::uuid
        cross join lateral (select ?::boolean and m.role is not null as member) g
      where p.id = ?::uuid
    ),
    lin(id, depth, next) as (
      select id, 0, ${next('root.id')} from root where shown and ?::int > 0
      union
      select n.id, lin.depth + 1, ${next('n.id')} from lin cross join unnest(lin.next) n(id) where lin.depth + 1 < ?::int
    ),
    cut as (select id, depth, next from lin limit ?::int),
    reached as (select id, depth, next from (select distinct on (id) id, depth, next from cut order by id, depth) d order by depth, id limit ?::int),
    steps as materialized (
      select x.*, reached.depth, reached.next, (select member from root) or ${stepFull.sql} as full
        from reached cross join lateral (select * from persons x where x.id = reached.id offset 0) x
    ),
    vitals as materialized (
      select e.* from steps s join events e on e.person_id = s.id and e.deleted_at is null and e.type = any(?::text[]) where s.full
    )
    select r.p, r.t, r.owner_id, r.role, r.shown,
      (select json_agg(json_build_array(x.id, x.depth, x.next, x.privacy, x.is_living, x.has_death_fact, x.birth_year,
        case when x.full then json_build_array(${PERSON}, (select json_build_array(${NAME}) from names n
          where n.person_id = x.id and n.deleted_at is null order by n.is_primary desc, n.id limit 1)) end) order by x.depth, x.id) from steps x) as steps,
      (select json_agg(json_build_array(${EVENT}) order by e.id) from vitals e) as events,
      (select json_agg(json_build_array(pl.id, pl.tree_id, pl.name) order by pl.id) from places pl where pl.id = any(array(select place_id from vitals))) as places
    from root r`;
};

const statements = { up: chartSql('up'), down: chartSql('down') };

type Json = string | number | boolean | null | readonly Json[] | { readonly [k: string]: Json };
type StepJson = [id: string, depth: number, next: string[], privacy: PersonPrivacy, isLiving: boolean | null, hasDeathFact: boolean | null, birthYear: number | null, full: FullJson | null];
type FullJson = [sex: Sex | null, notes: string, identifiers: Json, mergedInto: string | null, createdAt: string, updatedAt: string, name: NameJson | null];
type NameJson = [id: string, treeId: string, nameType: NameDb['name_type'], given: string, surname: string, isPrimary: boolean, notes: string | null, createdAt: string, prefix: string, suffix: string, surnamePrefix: string];
type EventJson = [id: string, treeId: string, personId: string, type: EventDb['type'], customType: string | null, partnershipId: string | null, date: EventDb['date'], placeId: string | null, notes: string, detail: string, temple: string | null, ordinance: string | null, createdAt: string, updatedAt: string];
type ChartDb = {
  p: PersonDb; t: TreeDb; owner_id: string | null; role: Role | null; shown: boolean;
  steps: StepJson[] | null; events: EventJson[] | null; places: [id: string, treeId: string, name: string][] | null;
};

const live = { deleted_at: null, deletion_id: null };

export const pgChartReads = (db: Sql): ChartReads => ({
  chart: async (rootId, userId, direction, generations, limit, types, reading) => {
    // In the order of their placeholders in the text.
    const params = [...rootHidden.params(reading.now), userId, reading.byRole, rootId, generations, generations, limit * generations, limit, ...stepFull.params(reading.now), uuids(types)];
    const [r] = await db.rows<ChartDb>(statements[direction], params);
    if (r === undefined) return null;
    const person = tables.persons.from(r.p);
    const tree = { ...tables.trees.from({ ...r.t, owner_id: r.owner_id }), role: r.role };
    if (!r.shown) return { person, tree, lineage: null };
    const events = new Map<string, LifeEvent[]>();
    for (const [id, tree_id, person_id, type, custom_type, partnership_id, date, place_id, notes, detail, temple, ordinance_status, created_at, updated_at] of r.events ?? []) {
      const e = tables.events.from({ id, tree_id, person_id, type, custom_type, partnership_id, date, place_id, notes, detail, temple, ordinance_status, created_at, updated_at, ...live });
      const of = events.get(person_id);
      if (of === undefined) events.set(person_id, [e]);
      else of.push(e);
    }
    const treeId = person.treeId;
    const steps = (r.steps ?? []).map(([id, depth, next, privacy, is_living, has_death_fact, birth_year, full]): LineageStep => {
      const facts = { privacy, isLiving: is_living, hasDeathFact: has_death_fact === true, birthYear: birth_year };
      if (full === null) return { id, depth, next, facts, box: null };
      const [sex, notes, identifiers, merged_into_id, created_at, updated_at, name] = full;
      const row: PersonDb = { id, tree_id: treeId, sex, is_living, privacy, notes, identifiers: identifiers as PersonDb['identifiers'], birth_year, has_death_fact, merged_into_id, created_at, updated_at, ...live };
      const box: ChartBox = {
        person: tables.persons.from(row),
        name: name === null ? null : tables.names.from({ id: name[0], tree_id: name[1], person_id: id, name_type: name[2], given_name: name[3], surname: name[4], is_primary: name[5], notes: name[6], created_at: name[7], prefix: name[8], suffix: name[9], surname_prefix: name[10], ...live }),
        events: events.get(id) ?? [],
      };
      return { id, depth, next, facts, box };
    });
    const places = (r.places ?? []).map(([id, tree_id, name]) => tables.places.from({ id, tree_id, name }));
    return { person, tree, lineage: { steps, places } };
  },
});
