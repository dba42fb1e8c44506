import type { Id } from '../../core/kernel/ids.js';
import type { FamilyEdge, FamilyRelative, PersonCounts, PublicPageReads, TreeStamp } from '../../core/people/ports.js';
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

const COUNTS = (() => {
  const v = visibilitySql('p', new Date(0));
  return `select p.tree_id, (count(*) filter (where x.v <> 'hidden'))::int as shown, (count(*) filter (where x.v = 'full'))::int as "full"
    from persons p cross join lateral (select ${v.sql} as v) x
    where p.tree_id = any(?::uuid[]) and p.deleted_at is null group by p.tree_id`;
})();

const surnameFull = visibilityIsAt('p', 'full');
/** A person's indexed surname: their first live primary name's (else first live name's) by id, trimmed of spaces. */
const SURNAMES = `with s as (
    select btrim(n.surname, ' ') as surname, count(*)::int as count
    from persons p cross join lateral (select n.surname from names n where n.person_id = p.id and n.deleted_at is null order by n.is_primary desc, n.id limit 1) n
    where p.tree_id = ?::uuid and p.deleted_at is null and ${surnameFull.sql}
    group by 1
  ),
  t as materialized (select surname, count, upper(left(surname, 1)) as letter from s where surname <> '')
  select
    (select json_agg(json_build_array(l.letter, l.surnames, l.persons) order by l.letter collate "C")
       from (select letter, count(*)::int as surnames, sum(count)::int as persons from t group by letter) l) as letters,
    (select json_agg(json_build_array(x.surname, x.count) order by lower(x.surname) collate "C", x.surname collate "C")
       from (select surname, count from t where ?::text is null or letter = ?::text
             order by lower(surname) collate "C", surname collate "C" offset ?::int limit ?::int) x) as surnames`;

const fullPerson = visibilityIsAt('p', 'full');
const FULL_PERSONS = `select p.id, p.updated_at from persons p
  where p.tree_id = ?::uuid and p.deleted_at is null and ${fullPerson.sql} and (?::uuid is null or p.id > ?::uuid)
  order by p.id offset ?::int limit ?::int`;

/** The tree's stamp (PublicPageReads.treeStamp); null when no tree has that id. */
export const treeStamp = async (db: Sql, treeId: Id): Promise<TreeStamp | null> => {
  const [r] = await db.rows<TreeDb & { seq: string | null }>(TREE_STAMP, [treeId]);
  return r === undefined ? null : stampOf(r, r.seq);
};

export const pgPublicPageReads = (db: Sql): PublicPageReads => ({
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
    const rows = await db.rows<{ tree_id: string; shown: number; full: number }>(COUNTS, [...visibilitySql('p', now).params, uuids(treeIds)]);
    for (const r of rows) counts.set(r.tree_id, { shown: r.shown, full: r.full });
    return counts;
  },

  surnames: async (treeId, now, page) => {
    const [r] = await db.rows<{ letters: [string, number, number][] | null; surnames: [string, number][] | null }>(SURNAMES, [
      treeId, ...surnameFull.params(now), page.letter, page.letter, page.offset, page.limit,
    ]);
    return {
      letters: (r?.letters ?? []).map(([letter, surnames, persons]) => ({ letter, surnames, persons })),
      surnames: (r?.surnames ?? []).map(([surname, count]) => ({ surname, count })),
    };
  },

  fullPersons: async (treeId, now, page) => {
    const after = page.after ?? null;
    const rows = await db.rows<{ id: string; updated_at: string | Date }>(FULL_PERSONS, [treeId, ...fullPerson.params(now), after, after, page.after === undefined ? (page.skip ?? 0) : 0, page.limit]);
    return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
  },
});

