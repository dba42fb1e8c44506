import type { Id } from '../../core/kernel/ids.js';
import type { FamilyEdge, FamilyRelative, PersonCounts, PublicPageReads, SurnameCount, TreeStamp } from '../../core/people/ports.js';
import { atLeast, flightKey, type TreeIndex, type TreeIndexes, type Versioned } from './tree-indexes.js';
import { visibilityIsAt, visibilitySql } from './privacy-sql.js';
import { uuids, type Sql } from './sql.js';
import * as tables from './tables/index.js';
import type { EventDb, PersonDb, PlaceDb, RelationshipDb, TreeDb } from './tables/index.js';
import { ownerOf } from './trees.js';
import { profileOf, type ProfileDb } from './people.js';

// The public pages' reads (core/people/ports.ts PublicPageReads), one statement each. Who is
// counted, listed or shown is the non-member rule as SQL generated from the engine's
// (privacy-sql.ts); spec/contracts/public-page-reads.contract.ts holds them to the memory twin.

/** The stamp of a tree row `t` (as read through to_jsonb or a plain select) and its history's last change. */
const stampOf = (t: TreeDb, seq: string | number | null): TreeStamp => {
  const tree = { ...tables.trees.from(t), role: null };
  return { tree, stamp: `${tree.updatedAt.toISOString()}/${tree.deletedAt?.toISOString() ?? '-'}/${tree.visibility}/${seq ?? 0}` };
};

/**
 * The change stamp of the tree row `t`: drawn when a transaction that changed the tree's records (or
 * purged some) commits, so a later commit always has a greater one (migration 20270115090000): a
 * stamp names exactly the changes the snapshot it was read in sees, and never goes back.
 */
const lastChange = (t: string): string => `${t}.change_seq`;

const TREE_STAMP = `select t.*, ${ownerOf('t')} as owner_id, ${lastChange('t')} as seq from trees t where t.id = ?::uuid`;

const rootFull = visibilityIsAt('p', 'full');
/** The columns of an edge the page reads (FamilyEdge). */
const EDGE = 'r.id, r.type, r.person_a_id, r.person_b_id, r.qualifier, r.role, r.notes';
const kinFull = visibilityIsAt('x', 'full');

/**
 * The family of a person, in one statement. `root`: the person and the tree (with its stamp), and
 * whether the person is live and in full to a non-member; only then is anything else read. `edges`:
 * the live edges of the tree touching them (by index on either end); `sib`: the parents' other
 * parent_child edges, joined from the parents' edges (written as an IN over `edges` naming `root.id`,
 * PostgreSQL 15 and 16 ran it as a subplan for every parent edge of the tree, where 17 joins it: see
 * spec/adapters/oldest-postgres.spec.ts; an edge found twice, `rels` keeps once). `kin`: the other
 * ends, live persons of the tree, by primary key, each with whether the rule shows them in full
 * (their name is read only then). Edges and relatives are read as the page uses them (FamilyEdge,
 * FamilyRelative), as arrays of their few columns: a whole row's to_jsonb cost more than the rest of
 * the statement. `pev`: the events of the partnerships whose other partner is in full, with their
 * places. The person's own profile (the function person_profile, migration 20270117090000: set up
 * only when called) only when they are shown: the page is this one statement.
 */
const FAMILY = `with root as materialized (
    select to_jsonb(p.*) as p, to_jsonb(t.*) as t, ${ownerOf('t')} as owner_id, ${lastChange('t')} as seq, p.id, p.tree_id,
      p.deleted_at is null and (${rootFull.sql}) as shown
    from persons p join trees t on t.id = p.tree_id where p.id = ?::uuid
  ),
  edges as materialized (
    select ${EDGE} from relationships r, root
    where root.shown and (r.person_a_id = root.id or r.person_b_id = root.id) and r.deleted_at is null and r.tree_id = root.tree_id
  ),
  sib as materialized (
    select ${EDGE} from root join edges e on e.type = 'parent_child' and e.person_b_id = root.id
      join relationships r on r.person_a_id = e.person_a_id
    where r.type = 'parent_child' and r.person_b_id <> root.id and r.deleted_at is null and r.tree_id = root.tree_id
  ),
  rels as materialized (select distinct on (id) * from (select * from edges union all select * from sib) u order by id),
  kin as materialized (
    select x.id, x.privacy, x.is_living, x.has_death_fact, x.birth_year, ${kinFull.sql} as full
    from persons x, root
    where x.id in (select person_a_id from rels union select person_b_id from rels) and x.id <> root.id and x.deleted_at is null and x.tree_id = root.tree_id
  ),
  pev as materialized (
    select e.* from edges r join root on true
      join kin k on k.full and k.id = (case when r.person_a_id = root.id then r.person_b_id else r.person_a_id end)
      join events e on e.partnership_id = r.id and e.deleted_at is null
    where r.type = 'partnership'
  )
  select r.p, r.t, r.owner_id, r.seq,
    (select json_agg(json_build_array(x.id, x.type, x.person_a_id, x.person_b_id, x.qualifier, x.role, x.notes) order by x.id) from rels x) as rels,
    (select json_agg(json_build_array(k.id, k.privacy, k.is_living, k.has_death_fact, k.birth_year, case when k.full then (select json_build_array(n.given_name, n.surname) from names n
      where n.person_id = k.id and n.deleted_at is null order by n.is_primary desc, n.id limit 1) end) order by k.id) from kin k) as kin,
    (select json_agg(to_jsonb(e.*) order by e.id) from pev e) as partnership_events,
    (select json_agg(json_build_array(pl.id, pl.tree_id, pl.name) order by pl.id) from places pl where pl.id = any(array(select place_id from pev))) as places,
    case when r.shown then person_profile(r.id) end as profile
  from root r`;

/** The person and their tree's stamp (a conditional request's first read). */
const PERSON_STAMP = `select to_jsonb(p.*) as p, to_jsonb(t.*) as t, ${ownerOf('t')} as owner_id, ${lastChange('t')} as seq
  from persons p join trees t on t.id = p.tree_id where p.id = ?::uuid`;

/** The person, their tree's stamp and their kept page (migration 20270119090000), in one snapshot. */
const KEPT_PAGE = `select to_jsonb(p.*) as p, to_jsonb(t.*) as t, ${ownerOf('t')} as owner_id, ${lastChange('t')} as seq, k.key, k.body
  from persons p join trees t on t.id = p.tree_id left join person_pages k on k.person_id = p.id where p.id = ?::uuid`;

type FamilyDb = {
  p: PersonDb; t: TreeDb; owner_id: string | null; seq: string | null;
  rels: [string, RelationshipDb['type'], string, string, RelationshipDb['qualifier'], string | null, string][] | null;
  kin: [string, PersonDb['privacy'], boolean | null, boolean | null, number | null, [string, string] | null][] | null; partnership_events: EventDb[] | null; places: [string, string, string][] | null;
  profile: ProfileDb | null;
};

/**
 * A tree row `tr`'s version of what its records show (TreeIndexes): its change_seq, drawn at the
 * commit of every change of its records (a purge's too), so a later change has a greater one.
 */
const VERSION = `coalesce(${lastChange('tr')}, 0)::text`;

/** The trees' versions, by id (a row each, by key): whether what TreeIndexes keeps of them holds. */
const VERSIONS = `select tr.id, ${VERSION} as version from trees tr where tr.id = any(?::uuid[])`;

/** The trees' counts of persons a non-member reads (not hidden, and in full), with their versions, in one snapshot. */
const COUNTS = (() => {
  const v = visibilitySql('p', new Date(0));
  return `select tr.id, ${VERSION} as version, c.shown, c."full" from trees tr cross join lateral (
      select (count(*) filter (where x.v <> 'hidden'))::int as shown, (count(*) filter (where x.v = 'full'))::int as "full"
      from persons p cross join lateral (select ${v.sql} as v) x
      where p.tree_id = tr.id and p.deleted_at is null) c
    where tr.id = any(?::uuid[])`;
})();

const surnameFull = visibilityIsAt('p', 'full');
/**
 * A tree's whole surname index (every surname with its count and letter, the letters with theirs),
 * with its version, in one snapshot: the primary surnames (a person's first live primary name's,
 * else first live name's, by id, trimmed of spaces) of the persons in full.
 */
const INDEX = `with s as (
    select btrim(n.surname, ' ') as surname, count(*)::int as count
    from persons p cross join lateral (select n.surname from names n where n.person_id = p.id and n.deleted_at is null order by n.is_primary desc, n.id limit 1) n
    where p.tree_id = ?::uuid and p.deleted_at is null and ${surnameFull.sql}
    group by 1
  ),
  t as materialized (select surname, count, upper(left(surname, 1)) as letter from s where surname <> '')
  select ${VERSION} as version,
    (select json_agg(json_build_array(l.letter, l.surnames, l.persons) order by l.letter collate "C")
       from (select letter, count(*)::int as surnames, sum(count)::int as persons from t group by letter) l) as letters,
    (select json_agg(json_build_array(x.surname, x.count, x.letter) order by lower(x.surname) collate "C", x.surname collate "C") from t x) as surnames
  from trees tr where tr.id = ?::uuid`;

const fullPerson = visibilityIsAt('p', 'full');
const FULL_PERSONS = `select p.id, p.updated_at from persons p
  where p.tree_id = ?::uuid and p.deleted_at is null and ${fullPerson.sql} and (?::uuid is null or p.id > ?::uuid)
  order by p.id offset ?::int limit ?::int`;

/** The tree's stamp (PublicPageReads.treeStamp); null when no tree has that id. */
export const treeStamp = async (db: Sql, treeId: Id): Promise<TreeStamp | null> => {
  const [r] = await db.rows<TreeDb & { seq: string | null }>(TREE_STAMP, [treeId]);
  return r === undefined ? null : stampOf(r, r.seq);
};

/** The trees' versions (VERSIONS), by id. */
const versionsOf = async (db: Sql, treeIds: readonly Id[]): Promise<ReadonlyMap<Id, string>> =>
  new Map((await db.rows<{ id: string; version: string }>(VERSIONS, [uuids(treeIds)])).map((r) => [r.id, r.version]));

/** The tree's whole surname index for a non-member at `now`, with its version, read (and kept, when `indexes`); null for an unknown tree. */
const readIndex = async (db: Sql, indexes: TreeIndexes | undefined, treeId: Id, now: Date): Promise<Versioned<TreeIndex> | null> => {
  const year = now.getUTCFullYear();
  const [r] = await db.rows<{ version: string; letters: [string, number, number][] | null; surnames: [string, number, string][] | null }>(
    INDEX, [treeId, ...surnameFull.params(now), treeId],
  );
  if (r === undefined) return null;
  const surnames: SurnameCount[] = [];
  const byLetter = new Map<string, SurnameCount[]>();
  for (const [surname, count, letter] of r.surnames ?? []) {
    const s = { surname, count };
    surnames.push(s);
    const of = byLetter.get(letter);
    if (of === undefined) byLetter.set(letter, [s]);
    else of.push(s);
  }
  const index: Versioned<TreeIndex> = { version: r.version, year, value: { letters: (r.letters ?? []).map(([letter, n, persons]) => ({ letter, surnames: n, persons })), surnames, byLetter } };
  indexes?.keepIndex(treeId, index);
  return index;
};

/**
 * The tree's surname index for a non-member at `now`: the one kept (TreeIndexes) while the tree's
 * version is the one it was read at (one row read, by key), else the read in flight when it is of
 * that version or newer, else read (and kept); null for an unknown tree. With nothing kept and
 * nothing in flight, the version is not read first.
 */
const surnameIndex = async (db: Sql, indexes: TreeIndexes | undefined, treeId: Id, now: Date): Promise<TreeIndex | null> => {
  if (indexes === undefined) return (await readIndex(db, indexes, treeId, now))?.value ?? null;
  const year = now.getUTCFullYear();
  const key = flightKey(treeId, year);
  let current: string | undefined;
  if (indexes.index(treeId, year) !== undefined || indexes.indexReads.has(key)) {
    current = (await versionsOf(db, [treeId])).get(treeId);
    if (current === undefined) return null;
  }
  return (await indexes.indexReads.share(key, current, () => indexes.index(treeId, year), () => readIndex(db, indexes, treeId, now)))?.value ?? null;
};

/**
 * `indexes`: where the trees' surname indexes and counts are kept by version (tree-indexes.ts); none
 * inside a unit of work, whose reads may see its own changes before their version is drawn.
 */
export const pgPublicPageReads = (db: Sql, indexes?: TreeIndexes): PublicPageReads => ({
  treeStamp: (treeId) => treeStamp(db, treeId),

  family: async (personId, now) => {
    const [r] = await db.rows<FamilyDb>(FAMILY, [...rootFull.params(now), personId, ...kinFull.params(now)]);
    if (r === undefined) return null;
    const stamped = stampOf({ ...r.t, owner_id: r.owner_id }, r.seq);
    return {
      ...stamped,
      person: tables.persons.from(r.p),
      relationships: (r.rels ?? []).map(([id, type, personAId, personBId, qualifier, role, notes]): FamilyEdge => ({ id, type, personAId, personBId, qualifier, role, notes })),
      relatives: (r.kin ?? []).map(([id, privacy, isLiving, hasDeathFact, birthYear, n]): FamilyRelative => ({
        person: { id, deletedAt: null, privacy, isLiving, hasDeathFact: hasDeathFact === true, birthYear },
        name: n === null ? null : { givenName: n[0], surname: n[1] },
      })),
      partnershipEvents: (r.partnership_events ?? []).map((e) => tables.events.from(e)),
      places: (r.places ?? []).map(([id, tree_id, name]): ReturnType<typeof tables.places.from> => tables.places.from({ id, tree_id, name } satisfies PlaceDb)),
      profile: r.profile === null ? null : profileOf(r.profile),
    };
  },

  personStamp: async (personId) => {
    const [r] = await db.rows<{ p: PersonDb; t: TreeDb; owner_id: string | null; seq: string | null }>(PERSON_STAMP, [personId]);
    return r === undefined ? null : { ...stampOf({ ...r.t, owner_id: r.owner_id }, r.seq), person: tables.persons.from(r.p) };
  },

  keptPage: async (personId) => {
    const [r] = await db.rows<{ p: PersonDb; t: TreeDb; owner_id: string | null; seq: string | null; key: string | null; body: string | null }>(KEPT_PAGE, [personId]);
    if (r === undefined) return null;
    return { ...stampOf({ ...r.t, owner_id: r.owner_id }, r.seq), person: tables.persons.from(r.p), kept: r.key === null || r.body === null ? null : { key: r.key, body: r.body } };
  },

  personCounts: async (treeIds, now) => {
    const counts = new Map<Id, PersonCounts>(treeIds.map((id) => [id, { shown: 0, full: 0 }]));
    if (treeIds.length === 0) return counts;
    const year = now.getUTCFullYear();
    /** Counts `ids` in one statement (keeping each): a read in flight per tree. */
    const count = (ids: readonly Id[]): Promise<unknown> => {
      const read = (async () => {
        const rows = await db.rows<{ id: string; version: string; shown: number; full: number }>(COUNTS, [...visibilitySql('p', now).params, uuids(ids)]);
        return new Map(rows.map((r): [Id, Versioned<PersonCounts>] => [r.id, { version: r.version, year, value: { shown: r.shown, full: r.full } }]));
      })();
      return Promise.all(ids.map(async (id) => {
        const r = await (indexes === undefined ? read.then((m) => m.get(id) ?? null) : indexes.countReads.start(flightKey(id, year), read.then((m) => m.get(id) ?? null)));
        if (r === null) return;
        indexes?.keepCounts(id, r);
        counts.set(id, r.value);
      }));
    };
    if (indexes === undefined) {
      await count([...counts.keys()]);
      return counts;
    }
    // The trees with counts kept or being read: their versions say whether those hold.
    const asked = [...counts.keys()].filter((id) => indexes.counts(id, year) !== undefined || indexes.countReads.has(flightKey(id, year)));
    const versions = asked.length === 0 ? new Map<Id, string>() : await versionsOf(db, asked);
    /** What is kept of the tree now (a read may have ended meanwhile) when it is of the version read or newer. */
    const holding = (id: Id): Versioned<PersonCounts> | undefined => {
      const k = indexes.counts(id, year);
      const current = versions.get(id);
      return k !== undefined && current !== undefined && atLeast(k.version, current) ? k : undefined;
    };
    const joining: Id[] = [];
    const own: Id[] = [];
    for (const id of counts.keys()) {
      const k = holding(id);
      if (k !== undefined) counts.set(id, k.value);
      else if (versions.has(id) && indexes.countReads.has(flightKey(id, year))) joining.push(id);
      else if (versions.has(id) || !asked.includes(id)) own.push(id);
      // else: asked, and no such tree: none of its persons is counted.
    }
    const reads: Promise<unknown>[] = own.length === 0 ? [] : [count(own)];
    const missed: Id[] = [];
    await Promise.all([...reads, ...joining.map(async (id) => {
      const r = (await indexes.countReads.join(flightKey(id, year), versions.get(id))) ?? holding(id) ?? null;
      if (r === null) missed.push(id);
      else counts.set(id, r.value);
    })]);
    if (missed.length > 0) await count(missed);
    return counts;
  },

  surnames: async (treeId, now, page) => {
    const index = await surnameIndex(db, indexes, treeId, now);
    if (index === null) return { letters: [], surnames: [] };
    const of = page.letter === null ? index.surnames : (index.byLetter.get(page.letter) ?? []);
    return { letters: index.letters, surnames: of.slice(page.offset, page.offset + page.limit) };
  },

  fullPersons: async (treeId, now, page) => {
    const after = page.after ?? null;
    const rows = await db.rows<{ id: string; updated_at: string | Date }>(FULL_PERSONS, [treeId, ...fullPerson.params(now), after, after, page.after === undefined ? (page.skip ?? 0) : 0, page.limit]);
    return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
  },
});

