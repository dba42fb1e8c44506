// PersonRepository.listJson: a page of the whole person list written by PostgreSQL as the JSON the
// list route answers (adapters/http/wire-records.ts personWire), so the service passes text from
// the socket of the database to the socket of the client and holds no object per person.
//
// Why the wire shape is written here, in an adapter below the core, and not only by the HTTP codec
// (issue 27, deliverable 4): building a view and a wire object per person in Node cost 2-5 s and tens
// of MB per 100,000-person list. The core still decides who reads (member, non-member, anonymous, at
// which moment: core/people/queries/list-persons-json.ts); who of them is shown in full, redacted or
// not at all is the engine's rule as generated SQL (privacy-sql.ts, held to the engine by
// spec/contracts/privacy-filter.contract.ts); and every value below is held to the per-row path
// (core listPersons + personWire) by spec/contracts/person-list-json.contract.ts and
// spec/http/person-list-json.spec.ts. A change to personWire, personViews, vitals.ts or
// formatGedcomDate must change this file too; those specs fail until it does.
import { availableParallelism } from 'node:os';
import type { PersonRepository, SearchPageJson, SearchPageRead } from '../../core/people/ports.js';
import type { Id } from '../../core/kernel/ids.js';
import { gate, inTurn } from '../gate.js';
import type { Calendar, GenealogicalDate } from '../../core/kernel/date.js';
import { formatGedcomDate } from '../../core/kernel/gedcom-date.js';
import { vitalTypes } from '../../core/people/vitals.js';
import { fullPerson, inlined, visibilitySql, visibilityIs, type Fragment } from './privacy-sql.js';
import { oneWordSearch, rankedSearch, sameThresholdSql } from './name-search.js';
import { ownerOf } from './trees.js';
import { treeOfText } from './tables/trees.js';
import type { Role } from '../../core/trees/model.js';
import { uuids, type Sql } from './sql.js';
import { wholeField, type RawField, type RawRow } from './raw-rows.js';
import { queryWords } from '../../core/people/trigram.js';
import type { CardDemand } from './card-demand.js';

/** A text literal of ASCII `s` without quotes or backslashes (month names, escapes), checked. */
const lit = (s: string): string => {
  if (!/^[\x20-\x7e]*$/.test(s) || s.includes("'") || s.includes('\\')) throw new Error(`not a plain literal: ${s}`);
  return `'${s}'`;
};

/** Every UTF-16 unit String.prototype.trim removes, as an E'' literal for btrim: the same trim in SQL. */
const BLANKS = `E'${Array.from({ length: 0x10000 }, (_, c) => c)
  .filter((c) => String.fromCharCode(c).trim() === '')
  .map((c) => `\\u${c.toString(16).padStart(4, '0')}`)
  .join('')}'`;
const trimmed = (x: string): string => `btrim(${x}, ${BLANKS})`;

// Month names and calendar escapes taken from formatGedcomDate itself (5.5.1, as dateDisplay writes).
const cals: readonly (Calendar | undefined)[] = [undefined, 'julian', 'hebrew', 'french_r'];
const tokensOf = (calendar: Calendar | undefined, month: number): string[] =>
  formatGedcomDate({ qualifier: 'exact', ...(calendar === undefined ? {} : { calendar }), year: 2000, month } as GenealogicalDate, '5.5.1').split(' ');
const monthsOf = (calendar: Calendar | undefined): string[] =>
  Array.from({ length: 13 }, (_, i) => tokensOf(calendar, i + 1)).filter((t) => t.length >= 2).map((t) => t[t.length - 2]!);
const escapeOf = (calendar: Calendar): string => tokensOf(calendar, 1).slice(0, -2).join(' ');
const monthArray = (calendar: Calendar | undefined): string => `array[${monthsOf(calendar).map(lit).join(',')}]::text[]`;
const monthName = (cal: string, month: string): string =>
  `(case ${cal} ${cals.filter((c) => c !== undefined).map((c) => `when ${lit(c)} then ${monthArray(c)}`).join(' ')} else ${monthArray(undefined)} end)[(${month})::int]`;
const escapeSql = (cal: string): string => `(case ${cal} ${cals.flatMap((c) => (c === undefined ? [] : [`when ${lit(c)} then ${lit(escapeOf(c))}`])).join(' ')} end)`;

const BIRTH = vitalTypes.slice(0, 3);

// Everything below is plain expressions over rows: concat() skips NULL arguments, which writes a key
// only when present. A vital's JSON is written where the page's vitals are picked (vitalsCte), in steps of
// derived tables fenced with `offset 0` (each step computed once per event and the statement small to
// plan; laterals per person, or subqueries per value, cost a plan node's restart per row).

/** formatPart's body (day, month name, year; the start's year with its dual year) over the date's extracted fields in `x`, as text. */
const bodySql = (x: string, end: boolean): string => {
  const [y, m, day] = end ? [`${x}.ey`, `${x}.emo`, `${x}.edy`] : [`${x}.y`, `${x}.mo`, `${x}.dy`];
  const yearText = end ? y : `(case when ${x}.dual then ${y} || '/' || lpad(((${y}::int + 1) % 100)::text, 2, '0') else ${y} end)`;
  return `concat_ws(' ', ${day}, ${monthName(`${x}.cal`, m)}, ${yearText})`;
};

/** `,"key":` and the JSON text `v`, or NULL (so concat leaves the key out) when `v` is NULL. */
const keyed = (key: string, v: string): string => `(',"${key}":' || ${v})`;

/**
 * adapters/http/wire-records.ts dateWire over the date's extracted fields in `x`: keys in its order,
 * absent ones left out. Numbers are the stored JSON's own text (->>), which is JSON.stringify's.
 */
const dateWireSql = (x: string): string =>
  `concat('{"qualifier":', coalesce(to_json(${x}.q)::text, 'null'), ${keyed('calendar', `to_json(${x}.cal)::text`)},
     case when ${x}.dual then ',"dual_year":true' end, ${keyed('year', `${x}.y`)}, ${keyed('month', `${x}.mo`)}, ${keyed('day', `${x}.dy`)},
     ${keyed('end_year', `${x}.ey`)}, ${keyed('end_month', `${x}.emo`)}, ${keyed('end_day', `${x}.edy`)}, ${keyed('text', `to_json(${x}.txt)::text`)}, '}')`;

/** A JSON string of the text `x`, or null. */
const str = (x: string): string => `coalesce(to_json(${x})::text, 'null')`;

/**
 * vitals.ts vitalEvents for the page's persons shown in full (`ids`): each one's first live own event
 * of the first birth type (`k` 'b') and of the first death type ('d') that they have, with its vital
 * as personWire writes it (`{event_id, date, date_display, place}`: vitalWire, dateWire, and
 * core/people/date.ts dateDisplay, formatGedcomDate for 5.5.1). One index scan over the page's ids.
 */
const vitalsCte = (): string => {
  const types = `array[${vitalTypes.map(lit).join(',')}]::text[]`;
  const picked = `select distinct on (e.person_id, k) e.person_id, case when e.type = any(array[${BIRTH.map(lit).join(',')}]::text[]) then 'b' else 'd' end as k,
      e.id, e.date, e.place_id
    from events e, ids where e.person_id = any(ids.a) and e.deleted_at is null and e.type = any(${types})
    order by e.person_id, k, array_position(${types}, e.type), e.id`;
  // A part's body with its calendar's escape (a Gregorian date, the most, has none: its body as it is).
  const part = (body: string) => `case when x.cal is null then ${body} when ${body} = '' then '' else ${escapeSql('x.cal')} || ' ' || ${body} end`;
  const prefixed = ([k, p]: readonly [string, string]) => `when ${lit(k)} then ${lit(p)} || v.s`;
  const out = `case v.q when 'exact' then v.s ${([['about', 'ABT '], ['estimated', 'EST '], ['calculated', 'CAL '], ['before', 'BEF '], ['after', 'AFT ']] as const).map(prefixed).join(' ')}
    when 'between' then 'BET ' || v.s || ' AND ' || v.e when 'from_to' then case when v.e = '' then 'FROM ' || v.s else 'FROM ' || v.s || ' TO ' || v.e end end`;
  const display = `case when v.q = 'text' then '(' || coalesce(v.txt, '') || ')' when v.ph = '' then ${out} else 'INT ' || ${out} || ' (' || v.ph || ')' end`;
  // Two steps: each vital's start and end (the end only for a range or period) and phrase (v), then its JSON.
  return `select v.person_id, v.k, concat('{"event_id":"', v.id, '","date":', case when v.dated then ${dateWireSql('v')} else 'null' end,
      ',"date_display":', case when v.dated then ${str(display)} else 'null' end, ',"place":', ${str('pl.name')}, '}') as j
    from (
      select x.*, ${part(bodySql('x', false))} as s, case when x.q in ('between', 'from_to') then ${part(bodySql('x', true))} end as e,
        case when x.txt is null then '' else ${trimmed('x.txt')} end as ph from (
        select x.person_id, x.k, x.id, x.place_id, x.date is not null and jsonb_typeof(x.date) <> 'null' as dated,
          x.date->>'qualifier' as q, x.date->>'calendar' as cal, x.date->>'text' as txt, x.date->'dualYear' = 'true'::jsonb as dual,
          x.date->>'year' as y, x.date->>'month' as mo, x.date->>'day' as dy, x.date->>'endYear' as ey, x.date->>'endMonth' as emo, x.date->>'endDay' as edy
        from (${picked}) x offset 0) x
      offset 0) v
    left join places pl on pl.id = v.place_id`;
};

/**
 * The CTE `evm` (after the CTE `ids`): the vitals of vitalsCte as one JSON object, keyed by person id
 * and `b` or `d`, built once per statement; `vitalOf` reads a page row's from it, one lookup each.
 * Joined to the page's rows as a CTE (its birth rows, then its death rows), or as a subquery grouped
 * by person, the planner put the vitals on the inner side of a nested loop whenever it expected few
 * page rows (a card step expects few persons without a card, most having one) and scanned all of them
 * for every person: 95 of the 109 ms of a 500-person card step, growing with the square of the step.
 * Used by pickCtes, whose persons come from anywhere (a card step's, a search's, a batch's). A page
 * of the whole list is estimated at its limit and joins its vitals by hash (listJson's `ev`): the
 * object cost it 10-15% more (a 100,000-person list without cards, 2.1-2.3 s against 2.0 s).
 */
const vitalsMap = `evm as materialized (select jsonb_object_agg(ev.person_id::text || ev.k, ev.j) as m from (${vitalsCte()}) ev)`;
/**
 * The page row `pg`'s vital `k` ('b' or 'd') from `evm`: its JSON text, or NULL. The object is a value
 * computed once (an InitPlan): read from the CTE on each row (a cross join), it was copied each time.
 */
const vitalOf = (k: 'b' | 'd'): string => `(select evm.m from evm) ->> (pg.id::text || '${k}')`;

const iso = (c: string): string => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** identifierWire per identifier ({kind, value, type}), written compactly as JSON.stringify does. */
const identifiersSql = `case when pg.identifiers is null or jsonb_typeof(pg.identifiers) <> 'array' or jsonb_array_length(pg.identifiers) = 0 then '[]'
  else '[' || (select string_agg(concat('{"kind":', x->'kind', ',"value":', x->'value', ',"type":', coalesce(x->'type', 'null'::jsonb), '}'), ',' order by o)
                from jsonb_array_elements(pg.identifiers) with ordinality _i(x, o)) || ']' end`;

/**
 * personWire of a person shown in full, from the page row `pg` with its primary name and its vitals' JSON
 * (and, `withNames`, its names' JSON array in `pg.names`).
 */
const fullSqlOf = (withNames: boolean): string => `concat('{"id":"', pg.id, '","tree_id":"', pg.tree_id,
    '","display_name":', to_json(coalesce(nullif(${trimmed(`pg.given_name || ' ' || pg.surname`)}, ''), 'Unknown')),
    ',"given_name":', to_json(coalesce(pg.given_name, '')), ',"surname":', to_json(coalesce(pg.surname, '')),
    ',"sex":', ${str('pg.sex')}, ',"is_living":', coalesce(pg.is_living::text, 'null'), ',"privacy":', ${str('pg.privacy')}, ',"notes":', ${str('pg.notes')},
    ',"identifiers":', ${identifiersSql}, ',"birth":', coalesce(pg.birth, 'null'), ',"death":', coalesce(pg.death, 'null'),
    ',"redacted":false,"merged_into":', coalesce('"' || pg.merged_into_id || '"', 'null'),
    ',"created_at":"', pg.created, '","updated_at":"', coalesce(pg.updated, pg.created), '"${withNames ? `,"names":', coalesce(pg.names, '[]'), '` : ''}}')`;
const fullSql = fullSqlOf(false);

/** nameWire of the name row `n`, keys in its order (prefixes and notes '' when null, as tables.names.from reads them). */
const nameSql = `concat('{"id":"', n.id, '","person_id":"', n.person_id, '","name_type":', ${str('n.name_type')},
    ',"given_name":', ${str('n.given_name')}, ',"surname":', ${str('n.surname')}, ',"prefix":', to_json(coalesce(n.prefix, '')),
    ',"suffix":', to_json(coalesce(n.suffix, '')), ',"surname_prefix":', to_json(coalesce(n.surname_prefix, '')),
    ',"is_primary":', coalesce(n.is_primary::text, 'null'), ',"notes":', to_json(coalesce(n.notes, '')), '}')`;

/** personWire of a redacted person: ids, `Living person`, `redacted: true`, every other field null. */
export const redactedSql = `concat('{"id":"', pg.id, '","tree_id":"', pg.tree_id, '","display_name":"Living person","given_name":null,"surname":null,"sex":null,'
    '"is_living":null,"privacy":null,"notes":null,"identifiers":null,"birth":null,"death":null,"redacted":true,"merged_into":null,"created_at":null,"updated_at":null}')`;

/** Persons per piece of a page's JSON (PersonListJson.json): each string about 60 kB, whatever the page's size. */
const PIECE = 100;

/**
 * The list's object of a person shown in full, from their kept card `card` (person-cards.ts): the card
 * is fullSqlOf(true)'s text, which is fullSqlOf(false)'s with `,"names":[...]` before its closing
 * brace, and that key is the first text `,"names":[` in it (inside a JSON string every quote is
 * escaped, and no key before it is named so). split_part finds it in bytes: `left` and `strpos`
 * count characters, which cost the list five times as much. NULL without a card.
 */
const listItemOfCard = (card: string): string => `split_part(${card}, ',"names":[', 1) || '}'`;

/** The statement for one audience kind and whether the page starts after a person. */
const statement = (member: boolean, after: boolean): string => {
  const vis = member ? `'full'::text` : visibilitySql('p', new Date(0)).sql;
  const shown = member ? '' : ` and ${visibilityIs('p', new Date(0), 'hidden', true).sql}`;
  // The page's rows (pg) with their kept cards (person-cards.ts) cut to the list's object
  // (listItemOfCard); for those shown in full without one (ids) their own columns (un), their primary
  // names (nm: primary first, then by id, as primaryNames picks) and their vitals' JSON (ev), each read
  // set-wise over the page's ids; then each person's JSON (j), joined in id order: the card's object,
  // else written here. On the 100,000-person bench tree with every card kept the owner's whole list
  // took 0.76-0.78 s of PostgreSQL against 1.78 s written live, the same bytes. The page's rows keep
  // only the id, the tree, the visibility and the card's object: with every person's notes,
  // identifiers and two times written out beside it (for the few without a card), a 1,000-person page
  // cost 10-12.5 ms of PostgreSQL against 7.8-10.5 ms (spec/adapters/list-plans.spec.ts).
  return `with pg as materialized ( -- persons.listJson
      select p.id, p.tree_id, ${vis} as v, ${listItemOfCard('c.card')} as item
      from persons p left join person_cards c on c.tree_id = p.tree_id and c.person_id = p.id${after ? ' and c.person_id > ?::uuid' : ''}
      where p.tree_id = ?::uuid and p.deleted_at is null${after ? ' and p.id > ?::uuid' : ''}${shown}
      order by p.id limit ?::int),
    ids as (select array_agg(id) as a from pg where v = 'full' and item is null),
    un as (select p.id, p.sex, p.is_living, p.privacy, p.notes, p.identifiers, p.merged_into_id,
        ${iso('p.created_at')} as created, case when p.updated_at <> p.created_at then ${iso('p.updated_at')} end as updated
      from persons p, ids where p.id = any(ids.a)),
    nm as (select distinct on (n.person_id) n.person_id, n.given_name, n.surname from names n, ids
      where n.person_id = any(ids.a) and n.deleted_at is null order by n.person_id, n.is_primary desc, n.id),
    ev as (${vitalsCte()}),
    pv as (
      select pg.id, pg.tree_id, pg.v, pg.item, un.sex, un.is_living, un.privacy, un.notes, un.identifiers, un.merged_into_id, un.created, un.updated,
        nm.given_name, nm.surname, b.j as birth, d.j as death
      from pg left join un on un.id = pg.id left join nm on nm.person_id = pg.id
        left join ev b on b.person_id = pg.id and b.k = 'b' left join ev d on d.person_id = pg.id and d.k = 'd'),
    j as (
      select pg.id, case when pg.v = 'full' then coalesce(pg.item, ${fullSql}) else ${redactedSql} end as t
      from pv pg)
    select string_agg(t, ',' order by id) as json, count(*)::int as count, (array_agg(id order by id desc))[1] as last,
      (select a.id from persons a where a.tree_id = ?::uuid and a.deleted_at is null and a.id > (select pg.id from pg order by pg.id desc limit 1)${member ? '' : ` and ${visibilityIs('a', new Date(0), 'hidden', true).sql}`}
        order by a.id offset ?::int limit 1) as ahead,
      (select coalesce(cardinality(ids.a), 0) from ids) as uncarded
    from (select j.id, j.t, (row_number() over (order by j.id) - 1) / ${PIECE} as piece from j) x group by piece order by piece`;
};

/**
 * The CTEs of pickJson (`pg`, `ids`, `nl`, `evm`, `pv`) over `source`, a query of (id, ord) rows: those
 * persons (live, of the tree: its id the first parameter after `vis`'s) in `ord` order, each with
 * their kept card (person-cards.ts) when they have one, else (when shown in full) with
 * their names (primary first, then by id), their primary name and their vitals, as the page of
 * listJson is written, with `names`. `vis` is a person row `p`'s visibility, `shown` the condition
 * (` and ...`) that leaves hidden ones out.
 */
export const pickCtes = (source: string, vis: string, shown: string): string => `pg as materialized ( -- persons.pickJson
      select p.id, p.tree_id, p.sex, p.is_living, p.privacy, p.notes, p.identifiers, p.merged_into_id, p.has_death_fact, p.birth_year, ${vis} as v,
        ${iso('p.created_at')} as created, case when p.updated_at <> p.created_at then ${iso('p.updated_at')} end as updated, o.ord, c.card
      from ${source} o
      join persons p on p.id = o.id
      left join person_cards c on c.person_id = p.id
      where p.tree_id = ?::uuid and p.deleted_at is null${shown}),
    ids as (select array_agg(id) as a from pg where v = 'full' and card is null),
    nl as (select n.person_id, (array_agg(n.given_name order by n.is_primary desc, n.id))[1] as given_name,
        (array_agg(n.surname order by n.is_primary desc, n.id))[1] as surname,
        '[' || string_agg(${nameSql}, ',' order by n.is_primary desc, n.id) || ']' as names
      from names n, ids where n.person_id = any(ids.a) and n.deleted_at is null group by n.person_id),
    ${vitalsMap},
    pv as (
      select pg.*, nl.given_name, nl.surname, nl.names, ${vitalOf('b')} as birth, ${vitalOf('d')} as death
      from pg left join nl on nl.person_id = pg.id)`;

/** A person of pickCtes' `pv` (`pg`) shown in full, as a member reads them (with `names`): their kept card, else written now. */
export const fullCardSql = `coalesce(pg.card, ${fullSqlOf(true)})`;

/** The persons of pickCtes as one text: their objects in order, joined by commas (NULL for none). */
const pickedJson = `select string_agg(case when pg.v = 'full' then ${fullCardSql} else ${redactedSql} end, ',' order by pg.ord) from pv pg`;

/** The statement of pickJson for one audience kind: the persons of the ids' array in its order (the first place of each). */
const pickStatement = (member: boolean): string => {
  const vis = member ? `'full'::text` : visibilitySql('p', new Date(0)).sql;
  const shown = member ? '' : ` and ${visibilityIs('p', new Date(0), 'hidden', true).sql}`;
  return `with ${pickCtes('(select o.id, min(o.ord) as ord from unnest(?::uuid[]) with ordinality o(id, ord) group by o.id)', vis, shown)}
    select (${pickedJson}) as json`;
};

/**
 * The CTE `tr` of searchPage's statements (`label` names the statement in logs): the tree as JSON, its
 * owner, the reader's role and whether that makes them a member (by role, when the surface counts
 * roles). Parameters: by role, the user, the tree.
 */
const treeWithRole = (label: string): string => `tr as materialized ( -- ${label}
      select to_jsonb(t.*)::text as t, ${ownerOf('t')} as owner_id, m.role, (?::boolean and m.role is not null) as member
      from trees t left join memberships m on m.tree_id = t.id and m.user_id = ?::uuid where t.id = ?::uuid)`;

/** The answer of a statement over `tr` and the found persons with their cards in order (`fc`): t, owner_id, role, json, found, uncarded, last. */
const CARD_PAGE = `select (select tr.t from tr) as t, (select tr.owner_id from tr) as owner_id, (select tr.role from tr) as role,
      (select string_agg(fc.card, ',' order by fc.ord) from fc) as json, (select count(*)::int from fc) as found,
      (select count(*)::int from fc where fc.card is null) as uncarded, (select fc.id from fc order by fc.ord desc limit 1) as last`;

/**
 * The statement of searchPage: the tree with the reader's role (tr), whether that makes them a member
 * (by role, when the surface counts roles), the search's page for that audience (found: the ranked
 * search's rows in order, at most `limit`), and the found persons as pickJson writes them, in one.
 */
const searchPageStatement = (ranked: string): string => {
  const member = '(select tr.member from tr)';
  const vis = `(case when ${member} then 'full'::text else ${visibilitySql('p', new Date(0)).sql} end)`;
  const shown = ` and (${member} or ${visibilityIs('p', new Date(0), 'hidden', true).sql})`;
  return `with ${treeWithRole('persons.searchPage')},
    found as materialized (select r.person_id as id, row_number() over () as ord from (${ranked}) r limit ?::int),
    ${pickCtes('found', vis, shown)}
    select (select tr.t from tr) as t, (select tr.owner_id from tr) as owner_id, (select tr.role from tr) as role, (${pickedJson}) as json,
      (select count(*)::int from found) as found, (select f.id from found f order by f.ord desc limit 1) as last`;
};

/**
 * The statement of searchPage in its common case (oneWordSearch: one query word, the connection's
 * threshold) when every found person has a kept card: the tree with the reader's role (tr), the found
 * persons with their cards in order (fc), in one short statement without the writer of persons
 * without a card. A found person is shown in full to this reader (a member's search finds every
 * person, a non-member's only those the engine shows in full: foundRule), so their text is their
 * card. Its answer holds only when `k` <= 1, `same` and `uncarded` = 0; else searchPage asks
 * searchPageStatement, whose answer is exact in every case.
 */
const cardSearchStatement = (ctes: string, walk: string): string => `with ${treeWithRole('persons.searchPage (cards)')},
    ${ctes},
    fc as materialized (select r.person_id as id, r.card, row_number() over () as ord from (${walk}) r limit ?::int)
    ${CARD_PAGE}, (select qw.k from qw) as k, ${sameThresholdSql} as same`;
const cardSearches = new WeakMap<object, string>();

/**
 * The statement of searchPage for the ranked search (several query words, or another threshold) when
 * every found person has a kept card: the tree with the reader's role (tr) and the found persons
 * with their cards in order (fc), without the writer of persons without a card, whose plan nodes
 * PostgreSQL would set up at every run (see cardSearchStatement). A found person is shown in full to
 * this reader (foundRule), so their text is their card, as searchPageStatement writes it. Its answer
 * holds only when `uncarded` = 0; else searchPage asks searchPageStatement.
 */
const rankedCardStatement = (ranked: string): string => `with ${treeWithRole('persons.searchPage (ranked, cards)')},
    fc as materialized (
      select f.id, c.card, f.ord
      from (select r.person_id as id, row_number() over () as ord from (${ranked}) r limit ?::int) f
      left join lateral (select c.card from person_cards c where c.person_id = f.id) c on true)
    ${CARD_PAGE}`;
const rankedCardSearches = new Map<string, string>();

// The four statements, written once; a non-member's parameters change with the year only.
const texts = new Map<string, string>();
const textOf = (member: boolean, after: boolean): string => {
  const key = `${member}:${after}`;
  let s = texts.get(key);
  if (s === undefined) texts.set(key, (s = statement(member, after)));
  return s;
};
let year = NaN;
let yearParams: readonly (readonly unknown[])[] = [[], []];
/** A non-member's parameters at `now`: the visibility column's, then the filter's. */
const nonMemberParams = (now: Date): readonly (readonly unknown[])[] => {
  if (now.getUTCFullYear() !== year) {
    yearParams = [visibilitySql('p', now).params, visibilityIs('p', now, 'hidden', true).params];
    year = now.getUTCFullYear();
  }
  return yearParams;
};

const picks = new Map<boolean, string>();
const pickTextOf = (member: boolean): string => {
  let s = picks.get(member);
  if (s === undefined) picks.set(member, (s = pickStatement(member)));
  return s;
};

/** A field of a raw row as text (null for NULL). */
const fieldText = (b: RawField | undefined): string | null => (b == null ? null : wholeField(b).toString('utf8'));

const searchPages = new Map<string, string>();
let foundYear = NaN;
let foundFragment: Fragment = { sql: '', params: [] };
/**
 * A non-member's condition on a found person's row at `now`, unless the reader is a member by role
 * (decided in the statement); written once a year, with the rule's constants as literals (inlined),
 * and the same object all year (the statements made from it are kept by it).
 */
const foundRule = (now: Date): Fragment => {
  if (now.getUTCFullYear() !== foundYear) {
    const fullRule = fullPerson('pr', now);
    foundFragment = inlined({ sql: ` and ((select tr.member from tr) or ${fullRule.sql})`, params: fullRule.params });
    foundYear = now.getUTCFullYear();
  }
  return foundFragment;
};


/** One name search's page (PersonRepository.searchPage), once its turn has come. */
const searchPage = async (
  db: Sql, demand: CardDemand, treeId: Id, query: string, threshold: number, page: SearchPageRead,
): Promise<SearchPageJson> => {
  const now = page.reading.now;
  const limit = Math.max(0, Math.floor(page.limit));
  // The answer's row as bytes (db.bytes): the page's JSON (about 1 kB a person) is sent as it came,
  // never made a string and written back to bytes; the few other fields are read here.
  const tree = (r: RawRow | undefined) => {
    const t = fieldText(r?.[0]);
    return t === null ? null : treeOfText(t, fieldText(r?.[1]), fieldText(r?.[2]) as Role | null);
  };
  const answer = (r: RawRow | undefined, last: number) => {
    const found = Number(fieldText(r?.[4]) ?? 0);
    const json = r?.[3];
    return { tree: tree(r), json: json == null ? '' : wholeField(json), found, lastId: found > 0 && found === page.limit ? fieldText(r?.[last]) : null };
  };
  if (queryWords(query).length <= 1 && !demand.recent(treeId)) {
    // The common case first, in its short statement; its answer stands when it says it holds. Not
    // while the tree's reads meet persons without cards (their statement would not hold).
    const one = oneWordSearch(treeId, query, threshold, page.limit, page.after, foundRule(now));
    // By the texts' object (oneWordSearch keeps one per shape), not by their 4 kB of text.
    let text = cardSearches.get(one.texts);
    if (text === undefined) cardSearches.set(one.texts, (text = cardSearchStatement(one.ctes.sql, one.walk.sql)));
    // t, owner_id, role, json, found, uncarded, last, k, same
    const [r] = await db.bytes(text, [page.reading.byRole, page.userId, treeId, ...one.ctes.params, ...one.walk.params, limit, threshold]);
    const uncarded = Number(fieldText(r?.[5]) ?? 0);
    if (uncarded > 0) demand.miss(treeId);
    if (r === undefined || r[0] === null || (Number(fieldText(r[7])) <= 1 && fieldText(r[8]) === 't' && uncarded === 0)) return answer(r, 6);
  }
  const ranked = rankedSearch(treeId, query, threshold, page.limit, page.after, foundRule(now));
  if (!demand.recent(treeId)) {
    // The found persons' cards, when each has one (the common case once a tree's cards are kept).
    let text = rankedCardSearches.get(ranked.sql);
    if (text === undefined) rankedCardSearches.set(ranked.sql, (text = rankedCardStatement(ranked.sql)));
    // t, owner_id, role, json, found, uncarded, last
    const [r] = await db.bytes(text, [page.reading.byRole, page.userId, treeId, ...ranked.params, limit], { generic: true });
    const uncarded = Number(fieldText(r?.[5]) ?? 0);
    if (uncarded > 0) demand.miss(treeId);
    else return answer(r, 6);
  }
  let text = searchPages.get(ranked.sql);
  if (text === undefined) searchPages.set(ranked.sql, (text = searchPageStatement(ranked.sql)));
  const [vis = [], shown = []] = nonMemberParams(now);
  // t, owner_id, role, json, found, last. On its generic plan (sql.ts GENERIC): planned for its
  // values, this statement took 4.3 ms to plan, and statistics such as an import leaves kept
  // PostgreSQL from ever settling on its generic plan.
  const [r] = await db.bytes(text, [page.reading.byRole, page.userId, treeId, ...ranked.params, limit, ...vis, treeId, ...shown], { generic: true });
  return answer(r, 5);
};

/**
 * Name searches whose statements run at once in this process: two per core; the others wait their
 * turn, first come first served. A search is the dearest common read (0.5 ms of PostgreSQL's CPU on
 * the 100,000-person bench tree, run alone), and ten of them at once on 2 cores (the pool's 10
 * connections) made PostgreSQL's backends contend: under 32 clients each cost 575-807 us of its CPU,
 * four at once 476-590 us, and the service answered more searches a second (see docs/PERFORMANCE.md,
 * "Searches take turns"). A gate in the service, not a smaller pool: waiting for a pooled connection
 * costs the service more per request than this queue (the pool of 5 measured slower for reads).
 */
export const SEARCHES_AT_ONCE = 2 * Math.max(1, availableParallelism());
export const searches = gate(SEARCHES_AT_ONCE);

export const pgPersonListJson = (db: Sql, demand: CardDemand): Pick<PersonRepository, 'listJson' | 'pickJson' | 'searchPage'> => ({
  searchPage: (treeId, query, threshold, page) => inTurn(searches, () => searchPage(db, demand, treeId, query, threshold, page)),
  pickJson: async (treeId, ids, audience) => {
    if (ids.length === 0) return '';
    const [vis = [], shown = []] = audience.member ? [] : nonMemberParams(audience.now);
    const [r] = await db.rows<{ json: string | null }>(pickTextOf(audience.member), [...vis, uuids(ids), treeId, ...shown]);
    return r?.json ?? '';
  },
  listJson: async (treeId, page) => {
    const a = page.audience;
    const [vis = [], shown = []] = a.member ? [] : nonMemberParams(a.now);
    const limit = Math.max(0, Math.floor(page.limit));
    const after = page.after === undefined ? [] : [page.after];
    const params = [...vis, ...after, treeId, ...after, ...shown, limit, treeId, ...shown, Math.max(0, limit - 1)];
    // As bytes: the pages of a whole list are passed to the socket as they come (raw-rows.ts). On
    // its generic plan: left to itself, PostgreSQL planned every page for its values (2.7 ms of its
    // 20 ms on a 1,000-person page of the 100,000-person bench tree; spec/adapters/list-plans.spec.ts).
    const rows = await db.bytes(textOf(a.member, page.after !== undefined), params, { generic: true });
    const text = (b: RawField | undefined): string | null => (b == null ? null : wholeField(b).toString('latin1'));
    const count = rows.reduce((n, r) => n + Number(text(r[1])), 0);
    // Persons shown in full without a card were written live: the schedule is asked to keep the tree's cards soon.
    if (rows.length > 0 && Number(text(rows[0]![4])) > 0) demand.miss(treeId);
    const full = count > 0 && count === page.limit;
    // A page's piece as it came: one view of the socket's data, or the views of its parts (raw-rows.ts VIEWS_FROM).
    return { json: rows.map((r) => r[0]!), count, lastId: full ? text(rows[rows.length - 1]![2]) : null, ahead: full ? text(rows[0]![3]) : null };
  },
});
