import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import type { GedcomExportReads, PersonChunk, SourceChunk } from '../../core/gedcom/export-reads.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Relationship, Sex } from '../../core/people/model.js';
import * as tables from './tables/index.js';
import type { CitationDb, EventDb, NameDb, PersonDb, RelationshipDb, SourceDb } from './tables/index.js';
import { sqlOn, uuids, type Sql, type SqlObserver } from './sql.js';

// The export reads in one REPEATABLE READ transaction on one connection: a temporary table numbers
// the tree's persons, partnerships and sources once (PostgreSQL holds that map, not node), then
// five statements per chunk of persons, each bounded by the chunk: the persons (a keyset page), the
// edges around them with the numbers and sexes of their ends, their names, their events (and those
// of the partnerships they write) with place names, and the citations of all of those with the
// numbers of their sources. The next chunk is read while the current one is written.
//
// Statements run unnamed (`once`): they name a temporary table that each export creates anew, and a
// statement prepared against one export's table must not be kept for the next.

const NUMBERS = 'export_numbers';
const ONCE = { once: true } as const;
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000';

const prepare = async (db: Sql, treeId: Id): Promise<void> => {
  await db.rows(`create temporary table ${NUMBERS} (id uuid primary key, n int not null, sex text) on commit drop`, [], ONCE);
  // Persons, partnerships and sources are numbered separately, each from 1 in id order.
  await db.rows(
    `insert into ${NUMBERS} (id, n, sex)
     select p.id, row_number() over (order by p.id), p.sex from persons p where p.tree_id = ? and p.deleted_at is null
     union all
     select r.id, row_number() over (order by r.id), null from relationships r
       join persons a on a.id = r.person_a_id join persons b on b.id = r.person_b_id
     where r.tree_id = ? and r.type = 'partnership' and r.deleted_at is null and a.deleted_at is null and b.deleted_at is null
     union all
     select s.id, row_number() over (order by s.id), null from sources s where s.tree_id = ? and s.deleted_at is null`,
    [treeId, treeId, treeId], ONCE,
  );
  await db.rows(`analyze ${NUMBERS}`, [], ONCE);
  // Every statement from here on looks up what one chunk names, by index. Left to itself the planner
  // hashes the whole tree's edges (and numbers) for each chunk, as it cannot tell how few rows an
  // array parameter brings: 170 ms a chunk at 20,000 persons, growing with the tree. Nested loops
  // over the indexes cost what the chunk holds. `local`: for this transaction only.
  await db.rows(`select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`, [], ONCE);
};

/** Number and sex of an end outside the chunk's range (null inside it, and for an end that is not live). */
type EdgeRow = RelationshipDb & { a_n: number | null; a_sex: Sex | null; b_n: number | null; b_sex: Sex | null; r_n: number | null };

// Around the chunk: the parent edges of its persons and of their children (up), every partnership
// whose person_a is one of those parents (a superset of the partnerships between two of them: one of
// the two is person_a), every partnership of a chunk person, and the associations a chunk person
// holds (answered apart from the family edges). The chunk is a range of ids [lo, hi] of the tree
// (its live persons are exactly the tree's live persons in that range), so its own edges are read by
// index range scans, not one probe per person. Rows come once per branch that finds them (deduplicated
// by the caller). Both ends must be live persons of the tree: an end outside the range is looked up
// in the numbers (none: not live), an end inside it is checked by the caller against the chunk.
const EDGES = `
  with down as materialized (
    select r.person_b_id as id from relationships r
    where r.tree_id = ? and r.person_a_id between ? and ? and r.type = 'parent_child' and r.deleted_at is null
  ),
  up as materialized (
    select r.* from relationships r
    where r.tree_id = ? and r.person_b_id between ? and ? and r.type = 'parent_child' and r.deleted_at is null
    union all
    select r.* from down d join relationships r on r.person_b_id = d.id
    where d.id not between ? and ? and r.type = 'parent_child' and r.deleted_at is null
  ),
  parents as materialized (select distinct person_a_id as id from up),
  picked as (
    select * from up
    union all
    select r.* from parents p join relationships r on r.person_a_id = p.id where r.type = 'partnership' and r.deleted_at is null
    union all
    select r.* from relationships r
    where r.tree_id = ? and r.person_a_id between ? and ? and r.type in ('partnership', 'association') and r.deleted_at is null
    union all
    select r.* from relationships r
    where r.tree_id = ? and r.person_b_id between ? and ? and r.type = 'partnership' and r.deleted_at is null
  )
  select r.*, a.n as a_n, a.sex as a_sex, b.n as b_n, b.sex as b_sex,
    case when r.type = 'partnership' then (select x.n from ${NUMBERS} x where x.id = r.id) end as r_n
  from picked r
    left join lateral (select n, sex from ${NUMBERS} where id = r.person_a_id and r.person_a_id not between ? and ?) a on true
    left join lateral (select n, sex from ${NUMBERS} where id = r.person_b_id and r.person_b_id not between ? and ?) b on true`;

const readChunk = async (db: Sql, treeId: Id, after: Id, first: number, size: number): Promise<PersonChunk | null> => {
  const personRows = await db.rows<PersonDb>(
    'select p.* from persons p where p.tree_id = ? and p.deleted_at is null and p.id > ? order by p.id limit ?::int',
    [treeId, after, size], ONCE,
  );
  if (personRows.length === 0) return null;
  const persons = personRows.map(tables.persons.from);
  const lo = persons[0]!.id;
  const hi = persons.at(-1)!.id;
  const people = new Map<Id, { readonly n: number; readonly sex: Sex | null }>(persons.map((p, i) => [p.id, { n: first + i, sex: p.sex }]));
  // A row of the range whose person is not live (deleted) is not the chunk's.
  const inChunk = (id: Id | null): boolean => id !== null && id >= lo && id <= hi && people.has(id);
  const range = [treeId, lo, hi];
  const edgeRows = await db.rows<EdgeRow>(EDGES, [...range, ...range, lo, hi, ...range, ...range, lo, hi, lo, hi], ONCE);
  const partnerships = new Map<Id, number>();
  const owned: Id[] = [];
  const childEdges: Id[] = [];
  const relationships: Relationship[] = [];
  const associations: Relationship[] = [];
  const seen = new Set<Id>();
  const live = (id: Id, n: number | null): boolean => (n === null ? inChunk(id) : true);
  for (const r of edgeRows) {
    if (seen.has(r.id) || !live(r.person_a_id, r.a_n) || !live(r.person_b_id, r.b_n)) continue;
    seen.add(r.id);
    (r.type === 'association' ? associations : relationships).push(tables.relationships.from(r));
    if (!people.has(r.person_a_id)) people.set(r.person_a_id, { n: Number(r.a_n), sex: r.a_sex });
    if (!people.has(r.person_b_id)) people.set(r.person_b_id, { n: Number(r.b_n), sex: r.b_sex });
    if (r.type === 'partnership' && r.r_n !== null) partnerships.set(r.id, Number(r.r_n));
    if (r.type === 'partnership' && inChunk(r.person_a_id)) owned.push(r.id);
    if (r.type === 'parent_child' && inChunk(r.person_b_id)) childEdges.push(r.id);
  }
  const names = (await db.rows<NameDb>(
    'select n.* from names n where n.tree_id = ? and n.person_id between ? and ? and n.deleted_at is null order by n.person_id, n.is_primary desc, n.id',
    range, ONCE,
  )).flatMap((r) => (inChunk(r.person_id) ? [tables.names.from(r)] : []));
  const eventRows = await db.rows<EventDb & { place_name: string | null }>(
    `select e.*, pl.name as place_name from events e left join places pl on pl.id = e.place_id
     where e.deleted_at is null and ((e.tree_id = ? and e.person_id between ? and ?) or e.partnership_id = any(?::uuid[])) order by e.id`,
    [...range, uuids(owned)], ONCE,
  );
  const events = eventRows.flatMap((r) => (r.person_id === null || inChunk(r.person_id) ? [{ ...tables.events.from(r), place: r.place_name }] : []));
  const targets = [...persons.map((p) => p.id), ...names.map((n) => n.id), ...events.map((e) => e.id), ...childEdges, ...owned, ...associations.map((r) => r.id)];
  const citationRows = await db.rows<CitationDb & { source_n: number }>(
    `select c.*, x.n as source_n from citations c join ${NUMBERS} x on x.id = c.source_id
     where c.target_id = any(?::uuid[]) and c.deleted_at is null order by c.id`,
    [targets], ONCE,
  );
  return {
    kind: 'persons', first, persons, names, events, relationships, associations, people, partnerships,
    citations: citationRows.map(tables.citations.from), sources: new Map(citationRows.map((r) => [r.source_id, Number(r.source_n)])),
  };
};

const readSources = async (db: Sql, treeId: Id, after: Id, first: number, size: number): Promise<SourceChunk | null> => {
  const rows = await db.rows<SourceDb>(
    'select s.* from sources s where s.tree_id = ? and s.deleted_at is null and s.id > ? order by s.id limit ?::int', [treeId, after, size], ONCE,
  );
  return rows.length === 0 ? null : { kind: 'sources', first, sources: rows.map(tables.sources.from) };
};

/** Reads chunk after chunk, one ahead of the consumer: `read` answers null past the last. */
async function* ahead<C extends { readonly first: number }>(
  read: (after: Id, first: number) => Promise<C | null>, count: (c: C) => number, lastId: (c: C) => Id, size: number,
): AsyncGenerator<C> {
  let next: Promise<C | null> | null = read(BEFORE_ALL, 1);
  try {
    while (next !== null) {
      const c: C | null = await next;
      next = null;
      if (c === null) return;
      if (count(c) === size) {
        next = read(lastId(c), c.first + size);
        // Handled here so a failure while the consumer holds `c` is not an unhandled rejection; `await` above still throws it.
        next.catch(() => undefined);
      }
      yield c;
    }
  } finally {
    // Abandoned while a read was under way: let it finish before the transaction ends.
    await next?.catch(() => undefined);
  }
}

export const pgGedcomExport = (em: () => EntityManager, observe: SqlObserver = {}): GedcomExportReads => ({
  chunks: async function* (treeId, size) {
    const step = Math.max(1, Math.floor(size));
    const t = em().fork();
    await t.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ });
    try {
      const db = sqlOn(() => t, observe);
      await prepare(db, treeId);
      yield* ahead((after, first) => readChunk(db, treeId, after, first, step), (c) => c.persons.length, (c) => c.persons.at(-1)!.id, step);
      yield* ahead((after, first) => readSources(db, treeId, after, first, step), (c) => c.sources.length, (c) => c.sources.at(-1)!.id, step);
    } finally {
      // Nothing was written but the temporary table, which goes with the transaction.
      await t.rollback().catch(() => undefined);
    }
  },
});
