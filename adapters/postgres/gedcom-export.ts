import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import type {
  ExportCitation, ExportEdge, ExportEvent, ExportIndividual, ExportName, ExportPerson, ExportRepository, ExportSource, GedcomExportReads, PersonChunk,
  KeptChunk, RepositoryChunk, SourceChunk,
} from '../../core/gedcom/export-reads.js';
import type { KeptRecord } from '../../core/gedcom/types.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import type { Id } from '../../core/kernel/ids.js';
import type { CitationTargetKind } from '../../core/sources/model.js';
import type { Coordinates, EventType, IdentifierKind, NameType, PersonIdentifier, PersonPrivacy, Sex } from '../../core/people/model.js';
import { toDate } from './tables/people.js';
import { copyOut, CopyRows, copySpace, copyText, uuidArrayLiteral, uuidListLiteral, uuidLiteral } from './copy-out.js';
import { ExportEdges, type PickedEdges } from './export-edges.js';
import { LOCK as PASSES_LOCK } from './person-cards.js';
import { pgPlaces } from './people.js';
import { NO_ID, sqlOn, type Sql, type SqlObserver } from './sql.js';

// The export reads in one REPEATABLE READ transaction on one connection, set-wise (issue 27):
//
// - once: a temporary table numbers the tree's sources, another finds for every live citation the
//   record that writes it (a person, or a partnership's FAM, by the partnership's person_a).
//   Meanwhile a second connection, in a transaction of the same snapshot (pg_export_snapshot), reads
//   the tree's persons and every edge once (export-edges.ts), which numbers the persons, and so the
//   edges' ends and which persons each chunk holds: read per chunk, around each chunk's
//   persons, each edge came 2.3 times, 65-70% of the database's time;
// - per chunk of persons: one `COPY ... TO STDOUT` (copy-out.ts) answers, as tagged text rows, the
//   chunk's persons (named by their ids), their names, their events and those of the partnerships
//   they write (their places by id: the tree's places are read once, placesOf), and the citations
//   of all of those with the numbers of their sources; node reads the rows with `indexOf` into the chunk's
//   records, grouped by the record that writes them, and takes the edges around them from the edges
//   read. The next chunk is read while the current one is written.
//
// Statements run unnamed (`once`): they name temporary tables that each export creates anew, and a
// statement prepared against one export's table must not be kept for the next.

/** The tree's live sources, numbered 1.. in id order. */
const NUMBERS = 'export_sources';
const CITATIONS = 'export_citations';
const ONCE = { once: true } as const;

type Bounds = { readonly first: number; readonly count: number };

const prepare = async (db: Sql, treeId: Id): Promise<void> => {
  // Sources are numbered from 1 in id order here (persons are numbered where the edges are read,
  // export-edges.ts, which also answers the number of a person a kept line points at). The table is
  // filled before it is indexed (one sorted build, not an index insert per row), and not analyzed:
  // the statements that read it per chunk are planned for nested loops (CHUNK_PLANS).
  const tree = uuidLiteral(treeId);
  // No parallel plans: the cores are the service's and the other requests' too, and a chunk's rows
  // must come in the order of its branches (see chunkStatement). No JIT: a statement of a chunk runs
  // for milliseconds, less than compiling it would take.
  await db.rows(`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`, [], ONCE);
  await db.rows(`create temporary table ${NUMBERS} (id uuid not null, n int not null) on commit drop`, [], ONCE);
  await db.rows(
    `insert into ${NUMBERS} (id, n) select s.id, row_number() over (order by s.id) from sources s where s.tree_id = ? and s.deleted_at is null`,
    [treeId], ONCE,
  );
  await db.rows(`create unique index on ${NUMBERS} (id) include (n)`, [], ONCE);
  // Every live citation of a live source whose target is a live name, event or edge, or a person,
  // with the person whose chunk writes it (`person`) and the record it goes to (`record`): the person
  // itself, the owner of a name or an event, the child of a parent_child edge, the holder of an
  // association; a partnership (for a citation of it or of its events), written in the FAM of the
  // chunk of its person_a. Whether the owner (and, for an edge, both ends) is live is left to the
  // reader, which knows the chunk's live persons and edges.
  //
  // The events and edges are joined as the tree's, so that the planner can read them by their index
  // by tree and id where the tree is a small part of the table; a name, which has no index by tree,
  // is looked up by its id for each citation of one. Joined by id alone, the planner could only hash
  // or merge the citations with every tree's events: on a database of three 100,000-person trees,
  // 990,120 events read for one tree's 99,228 citations, 1.3 s against 0.25 s on the tree's own.
  // Where the tree is most of a table the planner still scans it whole, as it should (turning scans
  // off made the preparation of 1,000,000 persons 0.3-0.5 s slower: index scans of all of them).
  const citations = (kind: string, owner: string, join: string, live: string): string =>
    `select ${owner}, s.n as source_n, c.target_kind, c.target_id, c.page, c.detail, c.confidence, c.id, c.gedcom_extra, c.entry_date, c.notes
     from citations c join ${NUMBERS} s on s.id = c.source_id ${join}
     where c.tree_id = ${tree} and c.deleted_at is null and c.target_kind = '${kind}' ${live}`;
  await db.rows(
    `create temporary table ${CITATIONS} on commit drop as select * from (
     ${citations('person', 'c.target_id as person, c.target_id as record', '', '')}
     union all
     ${citations('name', 'n.person_id, n.person_id', 'join lateral (select n.person_id from names n where n.id = c.target_id and n.deleted_at is null offset 0) n on true', '')}
     union all
     ${citations('event', 'coalesce(e.person_id, r.person_a_id), coalesce(e.person_id, r.id)',
    `join events e on e.id = c.target_id and e.tree_id = ${tree} left join relationships r on r.id = e.partnership_id and r.tree_id = ${tree}`, 'and e.deleted_at is null')}
     union all
     ${citations('relationship', "case r.type when 'parent_child' then r.person_b_id else r.person_a_id end, case r.type when 'partnership' then r.id when 'parent_child' then r.person_b_id else r.person_a_id end",
    `join relationships r on r.id = c.target_id and r.tree_id = ${tree}`, 'and r.deleted_at is null')}
     ) c order by person, id`,
    [], ONCE,
  );
  await db.rows(`create index on ${CITATIONS} (person, id)`, [], ONCE);
};

/**
 * The chunks of `size` persons, by the numbers the edges' read gave the persons (export-edges.ts,
 * which answers each one's id; a window over the persons here took 0.5 s of the preparation at
 * 1,000,000 persons).
 */
const boundsOf = (edges: ExportEdges, size: number): Bounds[] => {
  const chunks: Bounds[] = [];
  const total = edges.personCount;
  for (let first = 1; first <= total; first += size) {
    const last = Math.min(first + size - 1, total);
    chunks.push({ first, count: last - first + 1 });
  }
  return chunks;
};

/**
 * Every chunk statement looks up what one chunk names, by index: nested loops over the indexes cost
 * what the chunk holds. Left to itself the planner may hash or scan a whole table (of the tree, or a
 * temporary one it has no statistics of: they are not analyzed) for each chunk. `local`: for this
 * transaction only.
 */
const CHUNK_PLANS = `select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true), set_config('enable_seqscan', 'off', true),
  set_config('enable_bitmapscan', 'off', true)`;

/** A chunk's persons: their ids joined by commas (ExportEdges.personIdList), the first and the last. */
type ChunkPersons = { readonly list: string; readonly first: Id; readonly last: Id };

/**
 * One chunk's rows, tagged by their first column, in this order (UNION ALL runs its branches in
 * turn, each in its own order; no parallel plan, see prepare): `p` the persons by id; `n` their
 * names, `v` their events and `c` the citations the chunk writes (CITATIONS, by id), each by person;
 * `w` the events of the partnerships whose person_a is one of them (`owned`, ExportEdges.pick). A
 * person's names and events come in any order (the reader orders them). The edges around the persons
 * come from ExportEdges.
 *
 * The chunk's persons are named by their ids (the edges' read has them, in id order), once, as an
 * array its persons, names and events are read by: one index scan each, in the array's order. Read
 * by the range of ids [first, last] instead (an index range scan of the names and the events by
 * person, which are not indexed by tree), a chunk read the names and events of every other tree's
 * persons whose ids fall in that range, as UUID v7 ids of records made at the same moments in two
 * trees do (two imports at once, or a tree edited while another is imported): a small tree's export
 * could read a large one's rows whole. The array costs PostgreSQL about what the range did (the
 * bench's 100,000-person tree, the preparation and 50 chunks run on one connection, alternated eight
 * times: the backend's CPU, medians 1,160 against 1,125 ms an export). The citations are found by
 * range in CITATIONS, which holds the tree's alone.
 *
 * Each column has one type in every branch, so uuids and jsonb are written by COPY as they are:
 * `::text` on them (to match a text column of another branch) made each value twice, its text and
 * then a copy of it as text, about 3 of a chunk's 16 ms of PostgreSQL at 100,000 persons. After the
 * tag: the owner (uuid: the person, or the partnership for `w`); the row's id (uuid; for `c`, the
 * record that writes it, null for the person itself); a place or a citation's target (uuid); the
 * identifiers or the date (jsonb); eight text columns; the kept lines.
 */
const chunkStatement = (treeId: Id, persons: ChunkPersons, owned: readonly Id[]): string => {
  const t = uuidLiteral(treeId);
  const range = `between ${uuidLiteral(persons.first)} and ${uuidLiteral(persons.last)}`;
  // The place by its id (the reader has the tree's places: placesOf); the last text column is unused.
  const event = 'e.id, e.place_id, e.date, e.type, e.custom_type, e.notes, e.detail, e.temple, e.ordinance_status, e.cause, null';
  return `copy (
  with chunk as materialized (select unnest(${uuidListLiteral(persons.list)}) as id)
  (select 'p', p.id, null::uuid, null::uuid, p.identifiers, p.sex, p.privacy, p.notes, null, null, null, null, null, p.gedcom_extra
   from persons p where p.id = any(array(select id from chunk)) and p.tree_id = ${t} and p.deleted_at is null order by p.id)
  union all
  (select 'n', n.person_id, n.id, null::uuid, null::jsonb, n.name_type, n.given_name, n.surname, n.is_primary::text, n.notes, n.prefix, n.suffix, n.surname_prefix, n.gedcom_extra
   from names n where n.person_id = any(array(select id from chunk)) and n.tree_id = ${t} and n.deleted_at is null order by n.person_id)
  union all
  (select 'v', e.person_id, ${event}, e.gedcom_extra
   from events e where e.person_id = any(array(select id from chunk)) and e.tree_id = ${t} and e.deleted_at is null order by e.person_id)
  union all
  (select 'c', c.person, nullif(c.record, c.person), c.target_id, null::jsonb, c.source_n::text, c.target_kind, c.page, c.detail,
     c.confidence::text, nullif(c.entry_date, ''), nullif(c.notes, ''), null, c.gedcom_extra
   from ${CITATIONS} c where c.person ${range} order by c.person, c.id)
  union all
  (select 'w', e.partnership_id, ${event}, e.gedcom_extra
   from events e where e.partnership_id = any(${uuidArrayLiteral(owned)}) and e.tree_id = ${t} and e.deleted_at is null)
) to stdout`;
};

const NO_IDENTIFIERS: readonly PersonIdentifier[] = [];
const NO_EDGES: readonly ExportEdge[] = [];

/** The stored jsonb identifiers, as text. */
const identifiersOf = (text: string): readonly PersonIdentifier[] => {
  if (text === '[]' || text === '') return NO_IDENTIFIERS;
  return (JSON.parse(text) as { kind: IdentifierKind; value: string; type?: string | null }[]).map((x) => ({ kind: x.kind, value: x.value, type: x.type ?? null }));
};

type Partnership = { events: ExportEvent[]; citations: ExportCitation[] };

const DIGIT_0 = 48;

const isKey = (s: string, at: number, length: number, name: string): boolean => length === name.length && s.startsWith(name, at);

/**
 * A stored date (jsonb, as PostgreSQL writes it: `{"day": 29, "year": 1712, "qualifier": "exact"}`,
 * keys sorted by length) as toDate reads it, without building the document first: the export reads
 * one per event. A date holding a backslash (an escape in a phrase) is left to toDate.
 */
const dateOf = (s: string): GenealogicalDate | null => {
  if (s.includes('\\') || s.charCodeAt(0) !== 123) return toDate(s);
  const out: { -readonly [K in keyof GenealogicalDate]: GenealogicalDate[K] } = { qualifier: undefined as never };
  const last = s.length - 1;
  let i = 1;
  while (i < last) {
    // `"key": value`, then `, ` or the closing brace.
    const keyEnd = s.indexOf('"', i + 1);
    const keyLength = keyEnd - i - 1;
    let v = keyEnd + 3;
    let value: string | number | boolean | null;
    const c = s.charCodeAt(v);
    if (c === 34) {
      const end = s.indexOf('"', v + 1);
      value = s.slice(v + 1, end);
      v = end + 1;
    } else if (c === 116 || c === 102 || c === 110) {
      value = c === 116 ? true : c === 102 ? false : null;
      v += c === 102 ? 5 : 4;
    } else {
      let n = 0;
      let negative = false;
      if (c === 45) {
        negative = true;
        v++;
      }
      let d = s.charCodeAt(v) - DIGIT_0;
      while (d >= 0 && d <= 9) {
        n = n * 10 + d;
        d = s.charCodeAt(++v) - DIGIT_0;
      }
      if (d + DIGIT_0 === 46 || d + DIGIT_0 === 101 || d + DIGIT_0 === 69) return toDate(s); // not a whole number
      value = negative ? -n : n;
    }
    if (isKey(s, i + 1, keyLength, 'qualifier')) out.qualifier = value as GenealogicalDate['qualifier'];
    else if (value !== null) {
      if (isKey(s, i + 1, keyLength, 'year')) out.year = value as number;
      else if (isKey(s, i + 1, keyLength, 'month')) out.month = value as number;
      else if (isKey(s, i + 1, keyLength, 'day')) out.day = value as number;
      else if (isKey(s, i + 1, keyLength, 'text')) out.text = value as string;
      else if (isKey(s, i + 1, keyLength, 'endYear')) out.endYear = value as number;
      else if (isKey(s, i + 1, keyLength, 'endMonth')) out.endMonth = value as number;
      else if (isKey(s, i + 1, keyLength, 'endDay')) out.endDay = value as number;
      else if (isKey(s, i + 1, keyLength, 'calendar')) out.calendar = value as GenealogicalDate['calendar'];
      else if (isKey(s, i + 1, keyLength, 'dualYear')) out.dualYear = value as boolean;
    }
    i = v + 2;
  }
  return out as GenealogicalDate;
};

/** The kept lines (extensions.ts) in a row's last field, after `skip` fields that are null in this row's kind. */
const keptField = (rows: CopyRows, skip: number): string | null => {
  for (let i = 0; i < skip; i++) rows.skip();
  return rows.field();
};

/** A place as an event writes it: its name, and its coordinates when it has them. */
type ExportPlace = { readonly name: string; readonly coordinates: Coordinates | null };
/** The tree's places by id (placesOf). */
type Places = ReadonlyMap<string, ExportPlace>;

/**
 * The tree's places, by id, read once for the export: a chunk's events name their place by id, so
 * no chunk statement joins the places. Joined there (by a probe of the places' primary key for each
 * event, or a memoized one), they were 2.7-6 of a chunk's 18-22 ms of PostgreSQL at 100,000 persons
 * (which of the two, the planner chose by its estimate of a chunk's events, which is often far off
 * for a range of UUID v7 ids). A place is a tree's own (places are made per tree, by name: people.ts
 * pgPlaces `ensure`, and the import's), so an event names one of these; were it another tree's, the
 * event would be written without one, as an export writes nothing of another tree.
 */
const placesOf = async (db: Sql, treeId: Id): Promise<Places> => {
  const places = new Map<string, ExportPlace>();
  for (const p of await pgPlaces(db).listByTree(treeId)) {
    places.set(p.id, { name: p.name, coordinates: p.latitude === null || p.longitude === null ? null : { latitude: p.latitude, longitude: p.longitude } });
  }
  return places;
};

/** An event row's fields after its owner's id, and its kept lines. */
const keptEventOf = (rows: CopyRows, places: Places): ExportEvent => {
  const id = rows.text();
  const placeId = rows.field();
  const date = rows.field();
  const type = rows.text() as EventType;
  const customType = rows.field();
  const notes = rows.text();
  const detail = rows.text();
  const temple = rows.field();
  const ordinanceStatus = rows.field();
  const cause = rows.text();
  rows.skip();
  const gedcomExtra = rows.field();
  // The optional fields are added to the one object (not spread into a copy of it: an export reads
  // one per event), where there are any, as the memory adapter's events have them.
  const place = placeId === null ? undefined : places.get(placeId);
  const event: { -readonly [K in keyof ExportEvent]: ExportEvent[K] } = {
    id, type, customType, date: date === null ? null : dateOf(date), place: place?.name ?? null, notes, detail, cause, temple, ordinanceStatus,
  };
  if (place?.coordinates) event.coordinates = place.coordinates;
  if (gedcomExtra !== null) event.gedcomExtra = gedcomExtra;
  return event;
};

const byId = (a: { readonly id: Id }, b: { readonly id: Id }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The primary name first, then by id. */
const byPrimary = (a: ExportName, b: ExportName): number => (a.isPrimary === b.isPrimary ? byId(a, b) : a.isPrimary ? -1 : 1);

/** Sorts `list` in place unless it is in order already (the rows of one owner mostly come in order, or alone). */
const ordered = <T>(list: T[], compare: (a: T, b: T) => number): T[] => {
  for (let i = 1; i < list.length; i++) {
    if (compare(list[i - 1]!, list[i]!) > 0) return list.sort(compare);
  }
  return list;
};

/**
 * A section of a chunk's rows ordered by person (names, events, citations): `at(id)` answers whether
 * its current row is the person's (its person field read), passing the rows of persons before it
 * (a deleted person's), and leaving a later person's row for later.
 */
class Section {
  private more: boolean;
  constructor(readonly rows: CopyRows) {
    this.more = rows.next();
  }

  at(id: Id): boolean {
    while (this.more) {
      this.rows.skip(); // the tag
      const order = this.rows.compareField(id);
      if (order === 0) {
        this.rows.skip();
        return true;
      }
      if (order > 0) {
        this.rows.restart();
        return false;
      }
      this.more = this.rows.next();
    }
    return false;
  }

  /** Done with the current row. */
  done(): void {
    this.more = this.rows.next();
  }
}

const TAGS = ['p', 'n', 'v', 'c', 'w'] as const;

/**
 * The chunk from its COPY output (see chunkStatement for the rows) and the edges around its persons
 * (ExportEdges), read as it is iterated: each person with its names, events and citations when
 * `individuals` comes to it (so they are garbage once its record is written), the partnerships'
 * events when it ends. Persons are named by their numbers (PersonKey). A citation's `sourceId` is
 * its source's number.
 */
export const chunkOf = (bytes: Buffer, first: number, count: number, edges: PickedEdges, places: Places): PersonChunk => {
  const source = copyText(bytes);
  // Where each section begins and ends: rows are tagged, the sections come in TAGS order.
  const starts = new Map<string, number>();
  let from = 0;
  for (const tag of TAGS) {
    const at = CopyRows.section(source, tag, from);
    if (at >= 0) starts.set(tag, (from = at));
  }
  const rowsOf = (tag: (typeof TAGS)[number]): CopyRows => {
    const start = starts.get(tag);
    if (start === undefined) return new CopyRows(source, 0, 0);
    const later = TAGS.slice(TAGS.indexOf(tag) + 1).map((t) => starts.get(t)).find((x) => x !== undefined);
    return new CopyRows(source, start, later ?? source.length);
  };

  const { relationships, people, partnerships, associations, ids: edgeIds } = edges;
  const partnershipRecords = new Map<Id, Partnership>(edges.owned.map((id) => [id, { events: [], citations: [] }]));
  const sources = new Map<string, number>();

  function* individuals(): Generator<ExportIndividual> {
    const persons = rowsOf('p');
    const names = new Section(rowsOf('n'));
    const events = new Section(rowsOf('v'));
    const cited = new Section(rowsOf('c'));
    let n = first;
    while (persons.next()) {
      persons.skip();
      const id = persons.text();
      persons.skip();
      persons.skip();
      const identifiers = identifiersOf(persons.text());
      const sex = persons.field() as Sex | null;
      const person: ExportPerson = { id, sex, privacy: persons.text() as PersonPrivacy, notes: persons.text(), identifiers };
      const personExtra = keptField(persons, 5);
      const own: ExportName[] = [];
      for (; names.at(id); names.done()) {
        const r = names.rows;
        const nameId = r.text();
        r.skip();
        r.skip();
        const name: ExportName = {
          id: nameId, nameType: r.text() as NameType, givenName: r.text(), surname: r.text(), isPrimary: r.text() === 'true', notes: r.text(),
          prefix: r.text(), suffix: r.text(), surnamePrefix: r.text(),
        };
        const gedcomExtra = r.field();
        own.push(gedcomExtra === null ? name : { ...name, gedcomExtra });
      }
      const happened: ExportEvent[] = [];
      for (; events.at(id); events.done()) happened.push(keptEventOf(events.rows, places));
      // Its citations, and those of the partnerships whose FAM it writes. Written only where the record
      // is: the person, or a partnership the chunk writes; and an edge's only when the chunk took it
      // (live, between live persons).
      const citations: ExportCitation[] = [];
      for (; cited.at(id); cited.done()) {
        const r = cited.rows;
        // The record that writes it: null for the person itself, else a partnership.
        const other = r.field();
        const record = other === null ? citations : partnershipRecords.get(other)?.citations;
        const target = r.text();
        r.skip();
        const sourceId = r.text();
        const kind = r.text() as CitationTargetKind;
        if (record === undefined || (kind === 'relationship' && !edgeIds.has(target)) || (kind === 'person' && record !== citations)) continue;
        const page = r.text();
        const detail = r.text();
        const confidence = r.field();
        const entryDate = r.field();
        const notes = r.field();
        const gedcomExtra = keptField(r, 1);
        // The optional fields are added to the one object, as an event's are (keptEventOf): spread in
        // from objects made for them, a citation cost three objects more and a copy.
        const citation: { -readonly [K in keyof ExportCitation]: ExportCitation[K] } = {
          sourceId, target: { kind, id: target }, page, detail, confidence: confidence === null ? null : +confidence,
        };
        if (entryDate !== null) citation.entryDate = entryDate;
        if (notes !== null) citation.notes = notes;
        if (gedcomExtra !== null) citation.gedcomExtra = gedcomExtra;
        record.push(citation);
        if (!sources.has(sourceId)) sources.set(sourceId, +sourceId);
      }
      const key = String(n++);
      yield {
        person: personExtra === null ? person : { ...person, gedcomExtra: personExtra }, names: ordered(own, byPrimary), events: ordered(happened, byId), citations,
        associations: associations.get(key) ?? NO_EDGES,
      };
    }
    // The chunk's statement read the persons the edges' read numbered there (both read one snapshot);
    // were one missing, every number after it would be wrong, silently.
    if (n !== first + count) throw new Error(`export: ${n - first} persons in the chunk of persons ${first} to ${first + count - 1}`);
    // The events of the partnerships whose FAM the chunk writes.
    const family = rowsOf('w');
    while (family.next()) {
      family.skip();
      partnershipRecords.get(family.text())?.events.push(keptEventOf(family, places));
    }
    for (const p of partnershipRecords.values()) ordered(p.events, byId);
  }

  return { kind: 'persons', first, count, individuals: individuals(), relationships, people, partnerships, partnershipRecords, sources };
};

// A source's links to live repositories by the repositories' numbers (1.. in id order), in the link's order.
const REPOSITORY_NUMBERS = `with rn as materialized (select id, row_number() over (order by id)::int as n from repositories where tree_id = ? and deleted_at is null)`;
const REPOSITORY_LINKS = `case when s.repository_links = '[]'::jsonb then null else
       (select json_agg(json_build_object('repository', rn.n, 'callNumber', l.v ->> 'call_number') order by l.o)
        from jsonb_array_elements(s.repository_links) with ordinality l(v, o) join rn on rn.id = (l.v ->> 'repository_id')::uuid) end`;

const readSources = async (db: Sql, pointersIn: Pointers, treeId: Id, after: Id | null, first: number, size: number): Promise<SourceChunk | null> => {
  const rows = await db.rows<ExportSource & { repositoryLinks: ExportSource['repositoryLinks'] | null }>(
    `${REPOSITORY_NUMBERS}
     select s.id, s.title, s.author, s.publication, s.notes, s.abbreviation, s.recorded_events as "recordedEvents", s.agency, s.data_notes as "dataNotes",
       ${REPOSITORY_LINKS} as "repositoryLinks", s.gedcom_extra as "gedcomExtra"
     from sources s
     where s.tree_id = ? and s.deleted_at is null and s.id > coalesce(?::uuid, '${NO_ID}') order by s.id limit ?::int`,
    [treeId, treeId, after, size], ONCE,
  );
  const sources = rows.map(({ repositoryLinks, gedcomExtra, ...s }) => ({
    ...s, ...(repositoryLinks === null || repositoryLinks === undefined ? {} : { repositoryLinks }), ...(gedcomExtra === null || gedcomExtra === undefined ? {} : { gedcomExtra }),
  }));
  if (sources.length === 0) return null;
  const pointers = await pointersIn(sources.map((x) => x.gedcomExtra ?? '').join(''));
  return { kind: 'sources', first, sources, ...(pointers === null ? {} : { pointers }) };
};

const readRepositories = async (db: Sql, pointersIn: Pointers, treeId: Id, after: Id | null, first: number, size: number): Promise<RepositoryChunk | null> => {
  const rows = await db.rows<ExportRepository & { gedcomExtra: string | null }>(
    `select r.id, r.name, r.address, r.notes, r.gedcom_extra as "gedcomExtra" from repositories r
     where r.tree_id = ? and r.deleted_at is null and r.id > coalesce(?::uuid, '${NO_ID}') order by r.id limit ?::int`,
    [treeId, after, size], ONCE,
  );
  if (rows.length === 0) return null;
  const pointers = await pointersIn(rows.map((r) => r.gedcomExtra ?? '').join(''));
  return {
    kind: 'repositories', first, repositories: rows.map(({ gedcomExtra, ...r }) => (gedcomExtra === null ? r : { ...r, gedcomExtra })),
    ...(pointers === null ? {} : { pointers }),
  };
};

/** Reads chunk after chunk, one ahead of the consumer: `read` answers null past the last. */
async function* ahead<C>(read: (i: number, previous: C | null) => Promise<C | null>, more: (c: C, i: number) => boolean): AsyncGenerator<C> {
  let i = 0;
  let next: Promise<C | null> | null = read(0, null);
  try {
    while (next !== null) {
      const c: C | null = await next;
      next = null;
      if (c === null) return;
      i += 1;
      if (more(c, i)) {
        next = read(i, c);
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

const HASH = 0x23;
const AT = 0x40;
const QUOTE = 0x22;

/**
 * Whether a chunk's COPY text holds a kept line's pointer (`"@#`, extensions.ts): its `#` bytes are
 * found by memchr, where `includes('"@#')` stops at every quote (the dates' JSON is full of them):
 * 0.3 against 10.8 ms for 50 chunks' worth of event rows, by hand.
 */
const holdsPointer = (bytes: Buffer): boolean => {
  for (let at = bytes.indexOf(HASH); at >= 0; at = bytes.indexOf(HASH, at + 1)) if (at >= 2 && bytes[at - 1] === AT && bytes[at - 2] === QUOTE) return true;
  return false;
};

/** pointersOf for one export. */
type Pointers = (text: string) => Promise<ReadonlyMap<Id, string> | null>;

/**
 * The export's cross-references of the rows kept lines in `text` point at (`@#I<id>@` a person,
 * `@#S..` a source, `@#F..` a partnership: extensions.ts), by id; null when it points at none.
 */
const pointersOf = async (db: Sql, edges: ExportEdges, text: string): Promise<ReadonlyMap<Id, string> | null> => {
  const ids = new Set<string>();
  for (const m of text.matchAll(/"@#[ISF]([0-9a-f-]{36})@"/g)) ids.add(m[1]!);
  if (ids.size === 0) return null;
  const out = new Map<Id, string>();
  // A partnership's number and a person's are the edges' (export-edges.ts).
  for (const id of ids) {
    const partnership = edges.partnershipNumber(id);
    if (partnership !== undefined) {
      out.set(id, `@F${partnership}@`);
      continue;
    }
    const person = edges.personNumber(id);
    if (person !== undefined) out.set(id, `@I${person}@`);
  }
  // A source's is in the numbers.
  const others = [...ids].filter((id) => !out.has(id));
  if (others.length === 0) return out;
  const rows = await db.rows<{ id: Id; n: number }>(`select id::text as id, n from ${NUMBERS} where id = any(?::uuid[])`, [others], ONCE);
  for (const r of rows) out.set(r.id, `@S${r.n}@`);
  return out;
};

/**
 * The snapshot of the export's transaction, for a second connection to read in (SET TRANSACTION
 * SNAPSHOT takes no bind parameter: the identifier PostgreSQL gave is checked before it is used).
 *
 * The same statement takes the tree's shared advisory lock of the background passes until the
 * export's transaction ends, as a change of the tree does: a pass that fills the tree's person cards
 * or keeps its pages (person-cards.ts, kept-pages.ts) tries for it without waiting, finds the tree
 * busy and comes back later, instead of sharing the cores with an export someone waits for (after an
 * import, the fill of 100,000 cards took 12 s and ran under the exports). It waits at most for the
 * pass's step under way; changes of the tree take the shared lock too, so nothing else waits on it.
 */
const exportedSnapshot = async (db: Sql, treeId: Id): Promise<string> => {
  const [row] = await db.rows<{ snapshot: string }>(
    `select pg_advisory_xact_lock_shared(?::int, hashtext(?::text))::text as passes, pg_export_snapshot() as snapshot`, [PASSES_LOCK, treeId], ONCE,
  );
  const snapshot = row?.snapshot ?? '';
  if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error('export: an unexpected snapshot identifier');
  return snapshot;
};

/**
 * The tree's persons and edges are read whole (export-edges.ts): each branch in id order by an index
 * of the tree, or, where the planner would rather scan the table, sorted in memory (32 MB, not on
 * disk); no parallel plan, so that the branches come in turn (the persons before the edges), and no
 * JIT (prepare sets both on the export's own connection too). `local`: for this transaction only.
 */
const EDGE_PLANS = `select set_config('work_mem', '32MB', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;
/** EDGE_PLANS undone, for the chunks' statements when the edges were read on the export's own connection. */
const EDGE_PLANS_UNDONE = `select set_config('work_mem', (select reset_val from pg_settings where name = 'work_mem'), true)`;

/**
 * The tree's edges (export-edges.ts), read on a pooled connection of their own, in a transaction of
 * `snapshot`, which then ends. `began` is true once that transaction has the snapshot; `abandon`
 * tells it, if it has not begun yet, to end at once without reading (the export reads the edges
 * itself: the pool had no connection to spare), and `edges` is then null.
 */
const readEdgesAside = (em: () => EntityManager, treeId: Id, snapshot: string, observe: SqlObserver) => {
  let began = false;
  let abandoned = false;
  const edges = (async (): Promise<ExportEdges | null> => {
    const side = em().fork();
    await side.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ });
    try {
      if (abandoned) return null;
      const db = sqlOn(() => side, observe);
      await db.rows(`set transaction snapshot '${snapshot}'`, [], ONCE);
      if (abandoned) return null;
      began = true;
      await db.rows(EDGE_PLANS, [], ONCE);
      return await ExportEdges.read(side, treeId, copySpace(), observe);
    } finally {
      await side.rollback().catch(() => undefined);
    }
  })();
  return {
    edges,
    began: (): boolean => began,
    abandon: (): void => {
      abandoned = true;
    },
  };
};

/** The records the tree's imports (not undone) kept whole, oldest import first, with the rows they point at; null when none. */
const readKept = async (db: Sql, pointersIn: Pointers, treeId: Id): Promise<KeptChunk | null> => {
  const rows = await db.rows<{ kept: string | { records: KeptRecord[] } }>(
    `select kept from imports where tree_id = ? and undone_at is null and kept is not null order by created_at, id`, [treeId], ONCE,
  );
  const records = rows.flatMap((r) => (typeof r.kept === 'string' ? (JSON.parse(r.kept) as { records: KeptRecord[] }) : r.kept).records);
  if (records.length === 0) return null;
  const pointers = await pointersIn(JSON.stringify(records));
  return { kind: 'kept', records, pointers: pointers ?? new Map() };
};

export const pgGedcomExport = (em: () => EntityManager, observe: SqlObserver = {}): GedcomExportReads => ({
  keptIndex: async (treeId) => {
    const rows = await sqlOn(em, observe).rows<{ tags: string[] | null; records: { xref: string | null; tag: string; seven: boolean }[] | null }>(
      `select array(select jsonb_array_elements_text(i.kept -> 'tags')) as tags,
         (select json_agg(json_build_object('xref', r ->> 'xref', 'tag', r -> 'node' ->> 0, 'seven', coalesce((r ->> 'seven')::boolean, false)))
          from jsonb_array_elements(i.kept -> 'records') r) as records
       from imports i where i.tree_id = ? and i.undone_at is null and i.kept is not null order by i.created_at, i.id`, [treeId],
    );
    return { tags: [...new Set(rows.flatMap((r) => r.tags ?? []))].sort(), records: rows.flatMap((r) => r.records ?? []) };
  },
  chunks: async function* (treeId, size) {
    const step = Math.max(1, Math.floor(size));
    const t = em().fork();
    await t.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ });
    try {
      const db = sqlOn(() => t, observe);
      // The edges are read on a second connection, in a transaction of this one's snapshot, while this
      // one numbers the sources and finds the citations: the two take a core each.
      const snapshot = await exportedSnapshot(db, treeId);
      const aside = readEdgesAside(em, treeId, snapshot, observe);
      // Handled here so a failure of the preparation below is not followed by an unhandled rejection; `await` below still throws it.
      aside.edges.catch(() => undefined);
      try {
        await prepare(db, treeId);
      } catch (e) {
        aside.abandon();
        // Not left reading past the end of this transaction (the snapshot is this transaction's).
        if (aside.began()) await aside.edges.catch(() => undefined);
        throw e;
      }
      // A pool with no connection to spare by now (two exports at once on a pool of 2 would each hold one
      // and wait for another until the pool gave up): the edges are read here, after the preparation.
      const readAside = aside.began() ? await aside.edges : null;
      let edges: ExportEdges;
      if (readAside !== null) edges = readAside;
      else {
        aside.abandon();
        await db.rows(EDGE_PLANS, [], ONCE);
        edges = await ExportEdges.read(t, treeId, copySpace(), observe);
        await db.rows(EDGE_PLANS_UNDONE, [], ONCE);
      }
      edges.index();
      const places = await placesOf(db, treeId);
      const bounds = boundsOf(edges, step);
      await db.rows(CHUNK_PLANS, [], ONCE);
      const pointersIn: Pointers = (text) => pointersOf(db, edges, text);
      // Each chunk's bytes are read into one buffer: chunkOf copies them out (as its text) before the next chunk is read.
      const space = copySpace();
      if (bounds.length > 0) yield* ahead<PersonChunk>(
        async (i) => {
          const { first, count } = bounds[i]!;
          const picked = edges.pick(first, count);
          const persons = { list: edges.personIdList(first, count), first: edges.personId(first), last: edges.personId(first + count - 1) };
          const bytes = await copyOut(t, chunkStatement(treeId, persons, picked.owned), space, observe);
          const chunk = chunkOf(bytes, first, count, picked, places);
          // Kept lines pointing at rows (rare): one look-up of those rows' numbers, before the next chunk's bytes take the buffer.
          const kept = picked.relationships.concat(...picked.associations.values()).flatMap((r) => r.gedcomExtra?.includes('"@#') === true ? [r.gedcomExtra] : []);
          const pointers = holdsPointer(bytes) || kept.length > 0 ? await pointersIn(copyText(bytes) + kept.join('')) : null;
          return pointers === null ? chunk : { ...chunk, pointers };
        },
        (_, i) => i < bounds.length,
      );
      yield* ahead<SourceChunk>(
        (i, previous) => readSources(db, pointersIn, treeId, previous?.sources.at(-1)!.id ?? null, i * step + 1, step),
        (c) => c.sources.length === step,
      );
      yield* ahead<RepositoryChunk>(
        (i, previous) => readRepositories(db, pointersIn, treeId, previous?.repositories.at(-1)!.id ?? null, i * step + 1, step),
        (c) => c.repositories.length === step,
      );
      const kept = await readKept(db, pointersIn, treeId);
      if (kept !== null) yield kept;
    } finally {
      // Nothing was written but the temporary tables, which go with the transaction.
      await t.rollback().catch(() => undefined);
    }
  },
});
