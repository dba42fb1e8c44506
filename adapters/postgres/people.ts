import type { EventRepository, NameRepository, PersonProfile, PersonRepository, PlaceRepository, RelationshipRepository } from '../../core/people/ports.js';
import type { ListOptions } from '../../core/kernel/list.js';
import type { Person, Relationship } from '../../core/people/model.js';
import { uuids, type Sql } from './sql.js';
import { ownerOf } from './trees.js';
import type { Role, TreeWithRole } from '../../core/trees/model.js';
import { insertRow, insertRowIfAbsent, updateRow, updateRows } from './tables/build.js';
import { treeOfText } from './tables/trees.js';
import * as tables from './tables/index.js';
import type { EventDb, NameDb, PersonDb, PlaceDb, RelationshipDb, TreeDb } from './tables/index.js';
import { all, eventShown, shownPerson, visibilityIsAt, yearlyText, type Fragment } from './privacy-sql.js';
import { pgPersonListJson, redactedSql } from './person-list-json.js';
import type { CardDemand } from './card-demand.js';
import { searchNames } from './name-search.js';

const personMutable = ['sex', 'is_living', 'privacy', 'notes', 'identifiers', 'merged_into_id', 'updated_at', 'deleted_at', 'deletion_id'];
const nameMutable = ['name_type', 'given_name', 'surname', 'prefix', 'suffix', 'surname_prefix', 'is_primary', 'notes', 'deleted_at', 'deletion_id'];
const eventMutable = ['type', 'custom_type', 'person_id', 'partnership_id', 'date', 'place_id', 'notes', 'detail', 'cause', 'temple', 'ordinance_status', 'updated_at', 'deleted_at', 'deletion_id'];
const relationshipMutable = ['type', 'person_a_id', 'person_b_id', 'qualifier', 'role', 'notes', 'updated_at', 'deleted_at', 'deletion_id'];

// One statement per call. Sets of ids travel as one uuid[].

/** The `where` tail and parameters of a ListOptions page over alias `a`; the caller appends `order by a.id`. */
export const pageOf = (a: string, options: ListOptions): { readonly sql: string; readonly params: unknown[] } => {
  let sql = ` and ${a}.deleted_at is ${options.deleted === true ? 'not null' : 'null'}`;
  const params: unknown[] = [];
  if (options.after !== undefined) {
    sql += ` and ${a}.id > ?`;
    params.push(options.after);
  }
  return { sql, params };
};

/** The `limit` tail of a ListOptions page, bound like every value. */
export const limitOf = (options: ListOptions): Fragment =>
  options.limit === undefined ? { sql: '', params: [] } : { sql: ' limit ?::int', params: [Math.max(0, Math.floor(options.limit))] };

/** The non-member's condition of a live listing (` and ...`), or nothing for a member or a deleted listing. */
export const shownOf = (options: ListOptions, shown: (now: Date) => Fragment): Fragment => {
  const a = options.audience;
  if (a === undefined || a.member || options.deleted === true) return { sql: '', params: [] };
  const f = shown(a.now);
  return { sql: ` and ${f.sql}`, params: f.params };
};

/**
 * A person's profile (PersonRepository.profile: their live names, own live events and those events'
 * places) as one JSON column `profile`, for the person whose id is the SQL expression `person`, only
 * where the SQL condition `when` holds (null otherwise). From the function person_profile (migration
 * 20270117090000), whose statements PostgreSQL sets up only when it is called, where sub-selects in
 * the calling statement were set up on every run, taken or not.
 */
const profileColumn = (person: string, when = 'true'): string => `case when ${when} then person_profile(${person}) end as profile`;

export type ProfileDb = { names: NameDb[]; events: EventDb[]; places: PlaceDb[] };
export const profileOf = (r: ProfileDb): PersonProfile => ({ names: r.names.map(tables.names.from), events: r.events.map(tables.events.from), places: r.places.map(tables.places.from) });

/** The person `p` with the tree `t` (its owner derived) and the role `m` of the user bound first. */
const withTreeColumns = `to_jsonb(p.*) as p, to_jsonb(t.*) as t, ${ownerOf('t')} as owner_id, m.role`;
const withTreeFrom = 'from persons p join trees t on t.id = p.tree_id left join memberships m on m.tree_id = t.id and m.user_id = ?::uuid';
type WithTreeDb = { p: PersonDb; t: TreeDb; owner_id: string | null; role: Role | null };
const withTreeOf = (r: WithTreeDb): { readonly person: Person; readonly tree: TreeWithRole } =>
  ({ person: tables.persons.from(r.p), tree: { ...tables.trees.from({ ...r.t, owner_id: r.owner_id }), role: r.role } });

const profileSql = `select ${profileColumn('?::uuid')}`;
const withTreeSql = `select ${withTreeColumns} ${withTreeFrom} where p.id = ?::uuid`;

// PersonRepository.read: withTree and profile in one statement, written once. The profile's
// aggregates run only when the reader is shown the person in full (a member by role, or the
// non-member rule's SQL, generated from the engine's); the condition is computed once, laterally.
const readFull = visibilityIsAt('p', 'full');
const readSql = `select ${withTreeColumns}, ${profileColumn('p.id', 'g.shown')} ${withTreeFrom}
  cross join lateral (select p.deleted_at is null and ((?::boolean and m.role is not null) or ${readFull.sql}) as shown) g
  where p.id = ?::uuid`;

// PersonRepository.readJson: one short statement. The text when the row is enough (a redacted
// person's, or a kept card: person-cards.ts), else, for a person shown in full without a card, the
// row and the profile as `read` brings them (profileColumn); such a read asks for the tree's cards
// (card-demand.ts). Short on purpose: PostgreSQL sets up every node of a plan before it runs, used
// or not, so the live JSON writer of a batch (pickJson), or the profile's sub-selects, would cost a
// card's reader more than the card saves.
// The rule's constants are literals in the text (yearlyText), not parameters: the service would
// serialize them at every read.
const readUncarded = '(p.deleted_at is null and x.v = \'full\' and c.card is null)';
const readJsonSql = yearlyText((rule) => `select to_jsonb(t.*)::text as t, ${ownerOf('t')} as owner_id, m.role, p.tree_id, p.deleted_at is not null as deleted,
    (?::boolean and m.role is not null) as member,
    case when p.deleted_at is not null then null when x.v = 'redacted' then ${redactedSql.replaceAll('pg.', 'p.')} when x.v = 'full' then c.card end as json,
    case when ${readUncarded} then to_jsonb(p.*) end as p, ${profileColumn('p.id', readUncarded)}
  from persons p join trees t on t.id = p.tree_id left join memberships m on m.tree_id = t.id and m.user_id = ?::uuid
    left join person_cards c on c.person_id = p.id
    cross join lateral (select (case when (?::boolean and m.role is not null) then 'full'::text else ${rule('p')} end) as v) x
  where p.id = ?::uuid -- persons.readJson`);
export const pgPersons = (db: Sql, demand: CardDemand): PersonRepository => ({
  readJson: async (personId, userId, reading) => {
    const [r] = await db.rows<{ t: string; owner_id: string | null; role: Role | null; tree_id: string; deleted: boolean; member: boolean; json: string | null; p: PersonDb | null; profile: ProfileDb | null }>(
      readJsonSql(reading.now), [reading.byRole, userId, reading.byRole, personId],
    );
    if (r === undefined) return null;
    if (r.p !== null) demand.miss(r.tree_id);
    return {
      tree: treeOfText(r.t, r.owner_id, r.role),
      treeId: r.tree_id,
      deleted: r.deleted,
      member: r.member,
      json: r.json,
      full: r.p === null || r.profile === null ? null : { person: tables.persons.from(r.p), profile: profileOf(r.profile) },
    };
  },
  byId: async (id) => {
    const [r] = await db.rows<PersonDb>('select * from persons where id = ?', [id]);
    return r ? tables.persons.from(r) : null;
  },
  byIds: async (treeId, ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PersonDb>(
      'select * from persons where tree_id = ? and id = any(?::uuid[]) and deleted_at is null order by id',
      [treeId, uuids(ids)],
    );
    return rows.map(tables.persons.from);
  },
  inTree: async (treeId, ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PersonDb>('select * from persons where tree_id = ? and id = any(?::uuid[]) order by id', [treeId, uuids(ids)]);
    return rows.map(tables.persons.from);
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('p', options);
    const shown = shownOf(options, (now) => shownPerson('p', now));
    const rows = await db.rows<PersonDb>(
      `select p.* from persons p where p.tree_id = ?${page.sql}${shown.sql} order by p.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...shown.params, ...limitOf(options).params],
    );
    return rows.map(tables.persons.from);
  },
  ...pgPersonListJson(db, demand),
  // One statement: person_profile's object (its three aggregates each by an index on person_id, places by primary key).
  profile: async (personId) => {
    const [r] = await db.rows<{ profile: ProfileDb }>(profileSql, [personId]);
    return profileOf(r!.profile);
  },
  withTree: async (personId, userId) => {
    const [r] = await db.rows<WithTreeDb>(withTreeSql, [userId, personId]);
    return r ? withTreeOf(r) : null;
  },
  read: async (personId, userId, reading) => {
    const [r] = await db.rows<WithTreeDb & { profile: ProfileDb | null }>(readSql, [userId, reading.byRole, ...readFull.params(reading.now), personId]);
    if (r === undefined) return null;
    return { ...withTreeOf(r), profile: r.profile === null ? null : profileOf(r.profile) };
  },
  // One statement for a page of persons: each row's profile aggregates run only for a person the
  // audience is shown in full (a member, or the non-member rule's SQL), as in `read`.
  readMany: async (treeId, ids, audience) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<{ p: PersonDb; profile: ProfileDb | null }>(
      `select to_jsonb(p.*) as p, ${profileColumn('p.id', 'g.shown')}
       from persons p cross join lateral (select ${audience.member ? 'true' : readFull.sql} as shown) g
       where p.tree_id = ?::uuid and p.id = any(?::uuid[]) and p.deleted_at is null order by p.id`,
      [...(audience.member ? [] : readFull.params(audience.now)), treeId, uuids(ids)],
    );
    return rows.map(({ p, profile }) => ({ person: tables.persons.from(p), profile: profile === null ? null : profileOf(profile) }));
  },
  insert: (p) => insertRow(db, tables.persons, p),
  update: (p) => updateRow(db, tables.persons, personMutable, p),
  updateMany: (persons) => updateRows(db, tables.persons, personMutable, persons),
  // These three columns read only the fields of KeptFacts.
  keepLifeFacts: (facts) => updateRows(db, tables.persons, ['birth_year', 'has_death_fact'], facts as readonly Person[]),
  withoutKeptFacts: async (limit) =>
    (await db.rows<{ id: string }>('select id from persons where has_death_fact is null order by id limit ?::int', [limit])).map((r) => r.id),
  // `union` (not `union all`) visits each person once, so rejoining lines and cycles terminate.
  descendants: async (treeId, rootId) => {
    const rows = await db.rows<{ id: string }>(
      `with recursive d(id) as (
         select ?::uuid
         union
         select r.person_b_id from d
           join relationships r on r.person_a_id = d.id and r.type = 'parent_child' and r.deleted_at is null and r.tree_id = ?
           join persons c on c.id = r.person_b_id and c.deleted_at is null
       )
       select id from d where id <> ?::uuid order by id`,
      [rootId, treeId, rootId],
    );
    return rows.map((r) => r.id);
  },
});

export const pgNames = (db: Sql): NameRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<NameDb>('select * from names where id = ?', [id]);
    return r ? tables.names.from(r) : null;
  },
  listByPersons: async (personIds) => {
    if (personIds.length === 0) return [];
    const rows = await db.rows<NameDb>(
      'select * from names where person_id = any(?::uuid[]) and deleted_at is null order by is_primary desc, id',
      [uuids(personIds)],
    );
    return rows.map(tables.names.from);
  },
  listByTree: async (treeId) => {
    const rows = await db.rows<NameDb>(
      `select n.* from names n join persons p on p.id = n.person_id
       where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
       order by n.person_id, n.is_primary desc, n.id`,
      [treeId],
    );
    return rows.map(tables.names.from);
  },
  insert: (n) => insertRow(db, tables.names, n),
  update: (n) => updateRow(db, tables.names, nameMutable, n),
  updateMany: (names) => updateRows(db, tables.names, nameMutable, names),
  search: searchNames(db),
});

export const pgPlaces = (db: Sql): PlaceRepository => ({
  // The text is stored trimmed. Two statements: the select runs with a fresh snapshot, so it sees a row a concurrent
  // transaction committed while this insert waited on it.
  ensure: async (treeId, raw, newId) => {
    const name = raw.trim();
    await insertRowIfAbsent(db, tables.places, { id: newId, treeId, name, latitude: null, longitude: null }, '(tree_id, lower(btrim(name)))');
    const [r] = await db.rows<PlaceDb>('select * from places where tree_id = ? and lower(btrim(name)) = lower(btrim(?))', [
      treeId,
      name,
    ]);
    if (!r) throw new Error(`place ${JSON.stringify(name)} neither inserted nor found`);
    return tables.places.from(r);
  },
  byIds: async (ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PlaceDb>('select * from places where id = any(?::uuid[]) order by id', [uuids(ids)]);
    return rows.map(tables.places.from);
  },
  listByTree: async (treeId) => (await db.rows<PlaceDb>('select * from places where tree_id = ? order by id', [treeId])).map(tables.places.from),
  setCoordinates: async (placeId, { latitude, longitude }) => {
    await db.run('update places set latitude = ?, longitude = ? where id = ? and latitude is null', [latitude, longitude, placeId]);
  },
});

export const pgEvents = (db: Sql): EventRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<EventDb>('select * from events e where id = ?', [id]);
    return r ? tables.events.from(r) : null;
  },
  // Live listing: the subject must be live too. Deleted listing: every soft-deleted event.
  listByTree: async (treeId, options) => {
    const page = pageOf('e', options);
    const subjectLive = options.deleted === true ? '' : ' and p.deleted_at is null and r.deleted_at is null';
    const a = options.audience;
    const shown = a === undefined || a.member || options.deleted === true ? null : eventShown('e', a.now);
    const rows = await db.rows<EventDb>(
      `select e.* from events e
         left join persons p on p.id = e.person_id
         left join relationships r on r.id = e.partnership_id${shown === null ? '' : shown.joins}
       where e.tree_id = ?${page.sql}${subjectLive}${shown === null ? '' : ` and ${shown.where.sql}`}
       order by e.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...(shown === null ? [] : shown.where.params), ...limitOf(options).params],
    );
    return rows.map(tables.events.from);
  },
  listByPersons: async (personIds) => {
    if (personIds.length === 0) return [];
    const ids = uuids(personIds);
    const rows = await db.rows<EventDb>(
      // A union of index-friendly selects: with OR the planner could use neither the person_id nor
      // the partnership_id index and scanned every event of every tree (bench: 35 ms of a 39 ms read).
      `select e.* from events e
       where e.deleted_at is null and e.person_id = any(?::uuid[])
       union
       select e.* from events e
       join relationships r on r.id = e.partnership_id
       where e.deleted_at is null and r.type = 'partnership' and r.deleted_at is null and r.person_a_id = any(?::uuid[])
       union
       select e.* from events e
       join relationships r on r.id = e.partnership_id
       where e.deleted_at is null and r.type = 'partnership' and r.deleted_at is null and r.person_b_id = any(?::uuid[])
       order by id`,
      [ids, ids, ids],
    );
    return rows.map(tables.events.from);
  },
  ownOfTypes: async (personIds, types) => {
    if (personIds.length === 0 || types.length === 0) return [];
    const rows = await db.rows<EventDb>(
      'select * from events where person_id = any(?::uuid[]) and type = any(?::text[]) and deleted_at is null order by id',
      [uuids(personIds), [...types]],
    );
    return rows.map(tables.events.from);
  },
  insert: (e) => insertRow(db, tables.events, e),
  update: (e) => updateRow(db, tables.events, eventMutable, e),
});

export const pgRelationships = (db: Sql): RelationshipRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<RelationshipDb>('select * from relationships where id = ?', [id]);
    return r ? tables.relationships.from(r) : null;
  },
  findEdge: async (treeId, type, a, b) => {
    const pair = type === 'partnership'
      ? '((person_a_id = ? and person_b_id = ?) or (person_a_id = ? and person_b_id = ?))'
      : '(person_a_id = ? and person_b_id = ?)';
    const [r] = await db.rows<RelationshipDb>(
      `select * from relationships where tree_id = ? and type = ? and deleted_at is null and ${pair} order by id limit 1`,
      type === 'partnership' ? [treeId, type, a, b, b, a] : [treeId, type, a, b],
    );
    return r ? tables.relationships.from(r) : null;
  },
  // Up from `personId` through live parent_child edges; `union` keeps each ancestor once, so the walk
  // ends on a tree's existing cycle too, and `exists` stops at the first sight of the candidate.
  isAncestor: async (treeId, candidate, personId) => {
    if (candidate === personId) return true;
    const [r] = await db.rows<{ found: boolean }>(
      `with recursive up(id) as (
         select person_a_id from relationships where tree_id = ? and type = 'parent_child' and deleted_at is null and person_b_id = ?
         union
         select r.person_a_id from up join relationships r on r.person_b_id = up.id and r.tree_id = ? and r.type = 'parent_child' and r.deleted_at is null
       )
       select exists (select 1 from up where id = ?) as found`,
      [treeId, personId, treeId, candidate],
    );
    return r?.found === true;
  },
  // Live listing: both ends must be live persons (and, for a non-member, not hidden). Deleted listing:
  // every soft-deleted edge. The ends are joined by primary key, row by row.
  listByTree: async (treeId, options) => {
    const page = pageOf('r', options);
    const endsLive = options.deleted === true ? '' : ' and a.deleted_at is null and b.deleted_at is null';
    const shown = shownOf(options, (now) => all(' and ', [shownPerson('a', now), shownPerson('b', now)]));
    const rows = await db.rows<RelationshipDb>(
      `select r.* from relationships r
         join persons a on a.id = r.person_a_id
         join persons b on b.id = r.person_b_id
       where r.tree_id = ?${page.sql}${endsLive}${shown.sql} order by r.id${limitOf(options).sql}`,
      [treeId, ...page.params, ...shown.params, ...limitOf(options).params],
    );
    return rows.map(tables.relationships.from);
  },
  listByPersons: async (personIds) => {
    if (personIds.length === 0) return [];
    const ids = uuids(personIds);
    const rows = await db.rows<RelationshipDb>(
      `select * from relationships where deleted_at is null and person_a_id = any(?::uuid[])
       union
       select * from relationships where deleted_at is null and person_b_id = any(?::uuid[])
       order by id`,
      [ids, ids],
    );
    return rows.map(tables.relationships.from);
  },
  // `union all` of two index scans, with the tree in the SQL: no sort, no full rows (measured on the
  // 100,000-person tree: half the time of listByPersons per search level).
  endsTouching: async (treeId, personIds) => {
    if (personIds.length === 0) return [];
    const ids = uuids(personIds);
    const rows = await db.rows<{ type: Relationship['type']; a: string; b: string }>(
      `select type, person_a_id as a, person_b_id as b from relationships where tree_id = ? and deleted_at is null and person_a_id = any(?::uuid[])
       union all
       select type, person_a_id as a, person_b_id as b from relationships where tree_id = ? and deleted_at is null and person_b_id = any(?::uuid[])`,
      [treeId, ids, treeId, ids],
    );
    return rows.map((r) => ({ type: r.type, personAId: r.a, personBId: r.b }));
  },
  insert: (r) => insertRow(db, tables.relationships, r),
  // Two JSON lists as one: the first without its ']', a comma, the second without its '['.
  appendKept: async (id, entries) => {
    await db.run(
      `update relationships set gedcom_extra = case when gedcom_extra is null or gedcom_extra = '[]' then ?::text else left(gedcom_extra, -1) || ',' || substr(?::text, 2) end where id = ?::uuid`,
      [entries, entries, id],
    );
  },
  update: (r) => updateRow(db, tables.relationships, relationshipMutable, r),
});
