import type {
  EventRepository, ListOptions, NameRepository, PersonRepository, PlaceRepository, RelationshipRepository,
} from '../../core/people/ports.js';
import type {
  EventType, GenealogicalDate, LifeEvent, Name, NameType, ParentChildQualifier, Person, PersonPrivacy, Place,
  Relationship, RelationshipType, Sex,
} from '../../core/people/model.js';
import { date, dateOrNull, ts, tsOrNull, uuids, type Sql } from './sql.js';
import { nameColumns, personColumns, pick, updateColumns } from './bulk.js';

const personUpdate = pick(personColumns, ['id', 'sex', 'is_living', 'privacy', 'notes', 'updated_at', 'deleted_at', 'deletion_id']);
const nameUpdate = pick(nameColumns, ['id', 'name_type', 'given_name', 'surname', 'is_primary', 'deleted_at', 'deletion_id']);

// One statement per call (names.search: two, in one transaction). Sets of ids travel as one uuid[].

type DeletionDb = { deleted_at: string | null; deletion_id: string | null };

const deletionOf = (r: DeletionDb) => ({ deletedAt: dateOrNull(r.deleted_at), deletionId: r.deletion_id });

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

export const limitOf = (options: ListOptions): string =>
  options.limit === undefined ? '' : ` limit ${Math.max(0, Math.floor(options.limit))}`;

type PersonDb = DeletionDb & {
  id: string;
  tree_id: string;
  sex: Sex | null;
  is_living: boolean | null;
  privacy: PersonPrivacy;
  notes: string;
  created_at: string;
  updated_at: string;
};

const toPerson = (r: PersonDb): Person => ({
  id: r.id,
  treeId: r.tree_id,
  sex: r.sex,
  isLiving: r.is_living,
  privacy: r.privacy,
  notes: r.notes,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  ...deletionOf(r),
});

export const pgPersons = (db: Sql): PersonRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<PersonDb>('select * from persons where id = ?', [id]);
    return r ? toPerson(r) : null;
  },
  byIds: async (treeId, ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PersonDb>(
      'select * from persons where tree_id = ? and id = any(?::uuid[]) and deleted_at is null order by id',
      [treeId, uuids(ids)],
    );
    return rows.map(toPerson);
  },
  inTree: async (treeId, ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PersonDb>('select * from persons where tree_id = ? and id = any(?::uuid[]) order by id', [treeId, uuids(ids)]);
    return rows.map(toPerson);
  },
  listByTree: async (treeId, options) => {
    const page = pageOf('p', options);
    const rows = await db.rows<PersonDb>(
      `select p.* from persons p where p.tree_id = ?${page.sql} order by p.id${limitOf(options)}`,
      [treeId, ...page.params],
    );
    return rows.map(toPerson);
  },
  insert: async (p) => {
    await db.run(
      `insert into persons (id, tree_id, sex, is_living, privacy, notes, created_at, updated_at, deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [p.id, p.treeId, p.sex, p.isLiving, p.privacy, p.notes, ts(p.createdAt), ts(p.updatedAt), tsOrNull(p.deletedAt), p.deletionId],
    );
  },
  update: async (p) => {
    await db.run(
      `update persons set sex = ?, is_living = ?, privacy = ?, notes = ?, updated_at = ?::timestamptz,
         deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [p.sex, p.isLiving, p.privacy, p.notes, ts(p.updatedAt), tsOrNull(p.deletedAt), p.deletionId, p.id],
    );
  },
  updateMany: (persons) => updateColumns(db, 'persons', personUpdate, persons),
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

export type NameDb = DeletionDb & {
  id: string;
  tree_id: string;
  person_id: string;
  name_type: NameType;
  given_name: string;
  surname: string;
  is_primary: boolean;
  created_at: string;
};

export const toName = (r: NameDb): Name => ({
  id: r.id,
  treeId: r.tree_id,
  personId: r.person_id,
  nameType: r.name_type,
  givenName: r.given_name,
  surname: r.surname,
  isPrimary: r.is_primary,
  createdAt: date(r.created_at),
  ...deletionOf(r),
});

// Exactly the indexed expression (names_search_trgm_index), so the planner can use the GIN index.
const searchable = `lower(n.given_name || ' ' || n.surname)`;

export const pgNames = (db: Sql): NameRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<NameDb>('select * from names where id = ?', [id]);
    return r ? toName(r) : null;
  },
  listByPersons: async (personIds) => {
    if (personIds.length === 0) return [];
    const rows = await db.rows<NameDb>(
      'select * from names where person_id = any(?::uuid[]) and deleted_at is null order by is_primary desc, id',
      [uuids(personIds)],
    );
    return rows.map(toName);
  },
  listByTree: async (treeId) => {
    const rows = await db.rows<NameDb>(
      `select n.* from names n join persons p on p.id = n.person_id
       where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
       order by n.person_id, n.is_primary desc, n.id`,
      [treeId],
    );
    return rows.map(toName);
  },
  insert: async (n) => {
    await db.run(
      `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at, deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?)`,
      [n.id, n.treeId, n.personId, n.nameType, n.givenName, n.surname, n.isPrimary, ts(n.createdAt), tsOrNull(n.deletedAt), n.deletionId],
    );
  },
  update: async (n) => {
    await db.run(
      `update names set name_type = ?, given_name = ?, surname = ?, is_primary = ?, deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [n.nameType, n.givenName, n.surname, n.isPrimary, tsOrNull(n.deletedAt), n.deletionId, n.id],
    );
  },
  updateMany: (names) => updateColumns(db, 'names', nameUpdate, names),
  // `%` is similarity >= pg_trgm.similarity_threshold and is what the GIN index answers; the
  // threshold is set for this transaction only. A threshold <= 0 admits names sharing no trigram,
  // which the index cannot find, so that case scans.
  search: async (treeId, query, threshold) =>
    db.tx(async (t) => {
      const useIndex = threshold > 0;
      if (useIndex) await t.rows(`select set_config('pg_trgm.similarity_threshold', ?, true)`, [String(threshold)]);
      const rows = await t.rows<{ person_id: string; score: number | string }>(
        `select n.person_id, max(similarity(${searchable}, lower(?))) as score
         from names n join persons p on p.id = n.person_id
         where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null
           ${useIndex ? `and ${searchable} % lower(?)` : ''}
         group by n.person_id
         having max(similarity(${searchable}, lower(?))) >= ?
         order by score desc, n.person_id`,
        useIndex ? [query, treeId, query, query, threshold] : [query, treeId, query, threshold],
      );
      return rows.map((r) => ({ personId: r.person_id, score: Number(r.score) }));
    }),
});

export type PlaceDb = { id: string; tree_id: string; name: string };

export const toPlace = (r: PlaceDb): Place => ({ id: r.id, treeId: r.tree_id, name: r.name });

export const pgPlaces = (db: Sql): PlaceRepository => ({
  // The text is stored trimmed. Two statements: the select runs with a fresh snapshot, so it sees a row a concurrent
  // transaction committed while this insert waited on it.
  ensure: async (treeId, raw, newId) => {
    const name = raw.trim();
    await db.run(
      `insert into places (id, tree_id, name) values (?, ?, ?) on conflict (tree_id, lower(btrim(name))) do nothing`,
      [newId, treeId, name],
    );
    const [r] = await db.rows<PlaceDb>('select * from places where tree_id = ? and lower(btrim(name)) = lower(btrim(?))', [
      treeId,
      name,
    ]);
    if (!r) throw new Error(`place ${JSON.stringify(name)} neither inserted nor found`);
    return toPlace(r);
  },
  byIds: async (ids) => {
    if (ids.length === 0) return [];
    const rows = await db.rows<PlaceDb>('select * from places where id = any(?::uuid[]) order by id', [uuids(ids)]);
    return rows.map(toPlace);
  },
  listByTree: async (treeId) => (await db.rows<PlaceDb>('select * from places where tree_id = ? order by id', [treeId])).map(toPlace),
});

export type EventDb = DeletionDb & {
  id: string;
  tree_id: string;
  type: EventType;
  custom_type: string | null;
  person_id: string | null;
  partnership_id: string | null;
  date: Record<string, unknown> | string | null;
  place_id: string | null;
  notes: string;
  detail: string;
  created_at: string;
  updated_at: string;
};

const dateKeys = ['calendar', 'dualYear', 'year', 'month', 'day', 'endYear', 'endMonth', 'endDay', 'text'] as const;

/** The stored jsonb back to a GenealogicalDate: absent (or null) keys stay absent. */
export const toDate = (v: EventDb['date']): GenealogicalDate | null => {
  if (v === null) return null;
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  const out: Record<string, unknown> = { qualifier: o['qualifier'] };
  for (const k of dateKeys) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out as GenealogicalDate;
};

/** JSON.stringify drops undefined keys, so the stored document has only the keys present. */
const fromDate = (d: GenealogicalDate | null): string | null => (d === null ? null : JSON.stringify(d));

export const toEvent = (r: EventDb): LifeEvent => ({
  id: r.id,
  treeId: r.tree_id,
  type: r.type,
  customType: r.custom_type,
  personId: r.person_id,
  partnershipId: r.partnership_id,
  date: toDate(r.date),
  placeId: r.place_id,
  notes: r.notes,
  detail: r.detail,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  ...deletionOf(r),
});

export const pgEvents = (db: Sql): EventRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<EventDb>('select * from events where id = ?', [id]);
    return r ? toEvent(r) : null;
  },
  // Live listing: the subject must be live too. Deleted listing: every soft-deleted event.
  listByTree: async (treeId, options) => {
    const page = pageOf('e', options);
    const subjectLive = options.deleted === true ? '' : ' and p.deleted_at is null and r.deleted_at is null';
    const rows = await db.rows<EventDb>(
      `select e.* from events e
         left join persons p on p.id = e.person_id
         left join relationships r on r.id = e.partnership_id
       where e.tree_id = ?${page.sql}${subjectLive}
       order by e.id${limitOf(options)}`,
      [treeId, ...page.params],
    );
    return rows.map(toEvent);
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
    return rows.map(toEvent);
  },
  insert: async (e) => {
    await db.run(
      `insert into events (id, tree_id, type, custom_type, person_id, partnership_id, date, place_id, notes, detail,
         created_at, updated_at, deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [e.id, e.treeId, e.type, e.customType, e.personId, e.partnershipId, fromDate(e.date), e.placeId, e.notes, e.detail,
        ts(e.createdAt), ts(e.updatedAt), tsOrNull(e.deletedAt), e.deletionId],
    );
  },
  update: async (e) => {
    await db.run(
      `update events set type = ?, custom_type = ?, person_id = ?, partnership_id = ?, date = ?::jsonb, place_id = ?,
         notes = ?, detail = ?, updated_at = ?::timestamptz, deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [e.type, e.customType, e.personId, e.partnershipId, fromDate(e.date), e.placeId, e.notes, e.detail,
        ts(e.updatedAt), tsOrNull(e.deletedAt), e.deletionId, e.id],
    );
  },
});

type RelationshipDb = DeletionDb & {
  id: string;
  tree_id: string;
  type: RelationshipType;
  person_a_id: string;
  person_b_id: string;
  qualifier: ParentChildQualifier | null;
  notes: string;
  created_at: string;
  updated_at: string;
};

const toRelationship = (r: RelationshipDb): Relationship => ({
  id: r.id,
  treeId: r.tree_id,
  type: r.type,
  personAId: r.person_a_id,
  personBId: r.person_b_id,
  qualifier: r.qualifier,
  notes: r.notes,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  ...deletionOf(r),
});

export const pgRelationships = (db: Sql): RelationshipRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<RelationshipDb>('select * from relationships where id = ?', [id]);
    return r ? toRelationship(r) : null;
  },
  findEdge: async (treeId, type, a, b) => {
    const pair = type === 'partnership'
      ? '((person_a_id = ? and person_b_id = ?) or (person_a_id = ? and person_b_id = ?))'
      : '(person_a_id = ? and person_b_id = ?)';
    const [r] = await db.rows<RelationshipDb>(
      `select * from relationships where tree_id = ? and type = ? and deleted_at is null and ${pair} order by id limit 1`,
      type === 'partnership' ? [treeId, type, a, b, b, a] : [treeId, type, a, b],
    );
    return r ? toRelationship(r) : null;
  },
  // Live listing: both ends must be live persons. Deleted listing: every soft-deleted edge.
  listByTree: async (treeId, options) => {
    const page = pageOf('r', options);
    const endsLive = options.deleted === true
      ? ''
      : ` and exists (select 1 from persons a where a.id = r.person_a_id and a.deleted_at is null)
          and exists (select 1 from persons b where b.id = r.person_b_id and b.deleted_at is null)`;
    const rows = await db.rows<RelationshipDb>(
      `select r.* from relationships r where r.tree_id = ?${page.sql}${endsLive} order by r.id${limitOf(options)}`,
      [treeId, ...page.params],
    );
    return rows.map(toRelationship);
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
    return rows.map(toRelationship);
  },
  // `union all` of two index scans, with the tree in the SQL: no sort, no full rows (measured on the
  // 100,000-person tree: half the time of listByPersons per search level).
  endsTouching: async (treeId, personIds) => {
    if (personIds.length === 0) return [];
    const ids = uuids(personIds);
    const rows = await db.rows<{ type: RelationshipType; a: string; b: string }>(
      `select type, person_a_id as a, person_b_id as b from relationships where tree_id = ? and deleted_at is null and person_a_id = any(?::uuid[])
       union all
       select type, person_a_id as a, person_b_id as b from relationships where tree_id = ? and deleted_at is null and person_b_id = any(?::uuid[])`,
      [treeId, ids, treeId, ids],
    );
    return rows.map((r) => ({ type: r.type, personAId: r.a, personBId: r.b }));
  },
  insert: async (r) => {
    await db.run(
      `insert into relationships (id, tree_id, type, person_a_id, person_b_id, qualifier, notes, created_at, updated_at,
         deleted_at, deletion_id)
       values (?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)`,
      [r.id, r.treeId, r.type, r.personAId, r.personBId, r.qualifier, r.notes, ts(r.createdAt), ts(r.updatedAt),
        tsOrNull(r.deletedAt), r.deletionId],
    );
  },
  update: async (r) => {
    await db.run(
      `update relationships set type = ?, person_a_id = ?, person_b_id = ?, qualifier = ?, notes = ?,
         updated_at = ?::timestamptz, deleted_at = ?::timestamptz, deletion_id = ?
       where id = ?`,
      [r.type, r.personAId, r.personBId, r.qualifier, r.notes, ts(r.updatedAt), tsOrNull(r.deletedAt), r.deletionId, r.id],
    );
  },
});
