import type { JsonValue } from '../../core/kernel/audit.js';
import { newId } from '../../core/kernel/ids.js';
import { changeIdOf, seqOfChangeId, type ChangeAction, type ChangeOrigin, type FieldChange, type RecordChange, type RecordKind } from '../../core/history/model.js';
import type { HistoryPage, HistoryStore, RecordState } from '../../core/history/ports.js';
import type { ImportLog, ImportRecord } from '../../core/gedcom/ports.js';
import { date, dateOrNull, ts, type Sql } from './sql.js';
import { parsed } from './tables/table.js';
import * as tables from './tables/index.js';
import { pgPlaces } from './people.js';

// The history the triggers of migration 20261224090000 write (record_changes), read with the actor
// and origin of each change's transaction (changesets, or the row's own for changes moved from the
// audit log), and the writes a restore makes. The fields of a record are named as the triggers name
// them: its stored columns but the ones below, and an event's place by its name.

type KindTable = { readonly table: string; readonly columns: readonly string[]; readonly skip: readonly string[]; readonly updatedAt: boolean };

const COMMON_SKIP = ['id', 'tree_id', 'created_at', 'updated_at', 'deleted_at', 'deletion_id', 'created_seq', 'created_xact'];

const columnsOf = (t: { readonly columns: readonly (readonly [string, ...unknown[]])[] }): string[] => t.columns.map((c) => c[0]);

const KINDS: Readonly<Record<RecordKind, KindTable>> = {
  person: { table: 'persons', columns: columnsOf(tables.persons), skip: ['birth_year', 'has_death_fact'], updatedAt: true },
  name: { table: 'names', columns: columnsOf(tables.names), skip: ['person_id'], updatedAt: false },
  event: { table: 'events', columns: columnsOf(tables.events), skip: ['person_id', 'partnership_id', 'place_id'], updatedAt: true },
  relationship: { table: 'relationships', columns: columnsOf(tables.relationships), skip: [], updatedAt: true },
  source: { table: 'sources', columns: columnsOf(tables.sources), skip: [], updatedAt: true },
  citation: { table: 'citations', columns: columnsOf(tables.citations), skip: [], updatedAt: true },
  repository: { table: 'repositories', columns: columnsOf(tables.repositories), skip: ['gedcom_extra'], updatedAt: true },
  media: { table: 'media', columns: columnsOf(tables.media), skip: ['storage_key', 'created_by', 'checksum', 'size', 'content_type'], updatedAt: true },
};

/** The fields a restore may write: what history shows of the kind (and `place` for an event). */
const writable = (kind: RecordKind): Set<string> => {
  const k = KINDS[kind];
  const fields = k.columns.filter((c) => !COMMON_SKIP.includes(c) && !k.skip.includes(c));
  return new Set(kind === 'event' ? [...fields, 'place'] : fields);
};

const skipArray = (kind: RecordKind): string => `array[${[...COMMON_SKIP, ...KINDS[kind].skip].map((c) => `'${c}'`).join(', ')}]::text[]`;

/** The select of `state`: the record's fields as history names them, and the persons it shows under. */
const stateSql = (kind: RecordKind): string => {
  const t = KINDS[kind].table;
  const fields = kind === 'event' ? `((to_jsonb(r) || jsonb_build_object('place', (select pl.name from places pl where pl.id = r.place_id))) - ${skipArray(kind)})` : `(to_jsonb(r) - ${skipArray(kind)})`;
  const persons =
    kind === 'person' ? 'array[r.id]'
    : kind === 'name' ? 'array[r.person_id]'
    : kind === 'relationship' ? 'array[r.person_a_id, r.person_b_id]'
    : kind === 'event' ? `array_remove(array[r.person_id, x.person_a_id, x.person_b_id], null)`
    : 'array[]::uuid[]';
  const join = kind === 'event' ? 'left join relationships x on x.id = r.partnership_id' : '';
  return `select r.tree_id, r.deleted_at, r.deletion_id, ${persons} as persons, ${fields} as fields from ${t} r ${join} where r.id = ?`;
};

type ChangeDb = {
  seq: string; tree_id: string; record_type: RecordKind; record_id: string; action: ChangeAction; changes: FieldChange[] | string;
  at: string | Date; who: string | null; why: ChangeOrigin | null; who_email: string | null;
};

const toChange = (r: ChangeDb): RecordChange => ({
  id: changeIdOf(String(r.seq)),
  seq: String(r.seq),
  treeId: r.tree_id,
  recordType: r.record_type,
  recordId: r.record_id,
  action: r.action,
  origin: r.why ?? 'api',
  actor: { id: r.who, display: r.who_email },
  at: date(r.at),
  changes: parsed(r.changes),
});

/** A history row's columns, in the order every statement below selects them. */
const COLS = 'seq, tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at, actor_id, origin';

const ALL_KINDS = Object.keys(KINDS) as RecordKind[];

/**
 * The creations the rows of `kind` carry (a bulk write's: migration 20270122090000) as history rows
 * (COLS, without fields, as such a creation was recorded), of the rows `r` where `where` holds; then
 * `tail` (an order and a limit). Their persons are the record's as the triggers name them: the
 * person, a name's or event's person, an edge's two ends, a partnership event's partners.
 */
const carried = (kind: RecordKind, where: string, tail = ''): string => {
  const [a, b] =
    kind === 'person' ? ['r.id', 'null::uuid']
    : kind === 'name' ? ['r.person_id', 'null::uuid']
    : kind === 'relationship' ? ['r.person_a_id', 'r.person_b_id']
    : kind === 'event' ? ['coalesce(r.person_id, x.person_a_id)', 'x.person_b_id']
    : ['null::uuid', 'null::uuid'];
  const join = kind === 'event' ? 'left join relationships x on x.id = r.partnership_id' : '';
  return `select r.created_seq as seq, r.tree_id, '${kind}'::text as record_type, r.id as record_id, ${a} as person_id, ${b} as other_person_id,
      'create'::text as action, '[]'::jsonb as changes, r.created_xact as xact, r.created_at as at, null::uuid as actor_id, null::text as origin
    from ${KINDS[kind].table} r ${join} where r.created_seq is not null and ${where} ${tail}`;
};

/** Each change with who wrote it and why: the row's own (moved from the audit log) or its transaction's. */
const withWho = (inner: string): string =>
  `select h.seq, h.tree_id, h.record_type, h.record_id, h.action, h.changes, h.at,
          coalesce(h.actor_id, c.actor_id) as who, coalesce(h.origin, c.origin) as why,
          case when u.deleted_at is null then u.email end as who_email
   from (${inner}) h
   left join changesets c on c.xact = h.xact
   left join users u on u.id = coalesce(h.actor_id, c.actor_id)
   order by h.seq desc`;

/** Newer than any change: the first page. */
const FIRST = '9223372036854775807';

const pageOf = (page: HistoryPage): { readonly before: string; readonly limit: number } => ({ before: page.before ?? FIRST, limit: page.limit });

export const pgHistory = (db: Sql): HistoryStore => ({
  forRecord: async (kind, id, page) => {
    const { before, limit } = pageOf(page);
    // A person's: two ordered index scans (its own rows and its names', events' and edges' carry
    // person_id; an edge and a partnership event also other_person_id), each stopping at the page;
    // and the creations its rows, its names', events' and edges' rows carry (a person's few, by
    // their person columns' indexes).
    const seqBelow = 'r.created_seq < ?::bigint';
    const sql =
      kind === 'person'
        ? withWho(`(select ${COLS} from record_changes where person_id = ? and seq < ?::bigint order by seq desc limit ?)
                   union all
                   (select ${COLS} from record_changes where other_person_id = ? and seq < ?::bigint order by seq desc limit ?)
                   union all (${carried('person', `r.id = ?::uuid and ${seqBelow}`)})
                   union all (${carried('name', `r.person_id = ?::uuid and ${seqBelow}`)})
                   union all (${carried('event', `r.person_id = ?::uuid and ${seqBelow}`)})
                   union all (${carried('event', `r.person_id is null and r.partnership_id in (select y.id from relationships y where y.person_a_id = ?::uuid or y.person_b_id = ?::uuid) and ${seqBelow}`)})
                   union all (${carried('relationship', `(r.person_a_id = ?::uuid or r.person_b_id = ?::uuid) and ${seqBelow}`)})`) + ' limit ?'
        : withWho(`(select ${COLS} from record_changes where record_id = ? and record_type = ? and seq < ?::bigint order by seq desc limit ?)
                   union all (${carried(kind, `r.id = ?::uuid and ${seqBelow}`)})`) + ' limit ?';
    const params = kind === 'person'
      ? [id, before, limit, id, before, limit, id, before, id, before, id, before, id, id, before, id, id, before, limit]
      : [id, kind, before, limit, id, before, limit];
    return (await db.rows<ChangeDb>(sql, params)).map(toChange);
  },
  forTree: async (treeId, filter, page) => {
    const { before, limit } = pageOf(page);
    // The tree's history rows and the creations its rows carry, each an ordered index scan that
    // stops at the page, merged; both filtered alike, over their own columns.
    const filtered = (tree: string, seq: string, at: string, actor: string): { readonly sql: string; readonly params: unknown[] } => {
      const params: unknown[] = [treeId, before];
      let sql = `${tree} = ?::uuid and ${seq} < ?::bigint`;
      if (filter.since !== undefined) {
        sql += ` and ${at} >= ?::timestamptz`;
        params.push(ts(filter.since));
      }
      if (filter.actorId !== undefined) {
        sql += ` and ${actor} = ?::uuid`;
        params.push(filter.actorId);
      }
      return { sql, params };
    };
    const own = filtered('h.tree_id', 'h.seq', 'h.at', 'coalesce(h.actor_id, (select c.actor_id from changesets c where c.xact = h.xact))');
    const rows = filtered('r.tree_id', 'r.created_seq', 'r.created_at', '(select c.actor_id from changesets c where c.xact = r.created_xact)');
    const kinds = filter.kind === undefined ? ALL_KINDS : [filter.kind];
    const parts = [
      `(select ${COLS.split(', ').map((c) => `h.${c}`).join(', ')} from record_changes h where ${own.sql}${filter.kind === undefined ? '' : ' and h.record_type = ?'} order by h.seq desc limit ?)`,
      ...kinds.map((k) => `(${carried(k, rows.sql, 'order by r.created_seq desc limit ?')})`),
    ];
    const params = [...own.params, ...(filter.kind === undefined ? [] : [filter.kind]), limit, ...kinds.flatMap(() => [...rows.params, limit]), limit];
    return (await db.rows<ChangeDb>(withWho(parts.join(' union all ')) + ' limit ?', params)).map(toChange);
  },
  change: async (id, treeId) => {
    const seq = seqOfChangeId(id);
    if (seq === null) return null;
    const carriedBy = ALL_KINDS.map((k) => `(${carried(k, 'r.tree_id = ?::uuid and r.created_seq = ?::bigint')})`).join(' union all ');
    const [r] = await db.rows<ChangeDb>(withWho(`(select ${COLS} from record_changes where seq = ?::bigint and tree_id = ?::uuid) union all ${carriedBy}`), [seq, treeId, ...ALL_KINDS.flatMap(() => [treeId, seq])]);
    return r === undefined ? null : toChange(r);
  },
  state: async (kind, id) => {
    const [r] = await db.rows<{ tree_id: string; deleted_at: string | null; deletion_id: string | null; persons: string[]; fields: Record<string, JsonValue> | string }>(stateSql(kind), [id]);
    if (r === undefined) return null;
    const state: RecordState = { treeId: r.tree_id, persons: r.persons, fields: parsed(r.fields), deletedAt: dateOrNull(r.deleted_at), deletionId: r.deletion_id };
    return state;
  },
  writeFields: async (kind, id, fields) => {
    const allowed = writable(kind);
    const unknown = Object.keys(fields).filter((f) => !allowed.has(f));
    if (unknown.length > 0) throw new Error(`history: ${kind} has no field ${unknown.join(', ')}`);
    const values: Record<string, JsonValue> = { ...fields };
    if (kind === 'event' && 'place' in values) {
      const place = values['place'];
      delete values['place'];
      if (typeof place === 'string' && place.trim() !== '') {
        const [e] = await db.rows<{ tree_id: string }>('select tree_id from events where id = ?', [id]);
        if (e === undefined) return;
        values['place_id'] = (await pgPlaces(db).ensure(e.tree_id, place, newId())).id;
      } else values['place_id'] = null;
    }
    const columns = Object.keys(values);
    const k = KINDS[kind];
    const sets = [...columns.map((c) => `"${c}" = x."${c}"`), ...(k.updatedAt ? ['updated_at = now()'] : [])];
    if (sets.length === 0) return;
    await db.run(`update ${k.table} t set ${sets.join(', ')} from jsonb_populate_record(null::${k.table}, ?::jsonb) x where t.id = ?`, [JSON.stringify(values), id]);
  },
  deleteCreatedBy: async (importId, o) => {
    const kinds = Object.keys(KINDS) as RecordKind[];
    // A deleted person hides its names and events, as a person's deletion does (they stay as they
    // are, and come back with it); those the import added to persons that stay are deleted.
    const withPerson: Partial<Record<RecordKind, string>> = {
      name: `and person_id not in (select record_id from go where record_type = 'person')`,
      event: `and (person_id is null or person_id not in (select record_id from go where record_type = 'person'))
              and (partnership_id is null or partnership_id not in (select record_id from go where record_type = 'relationship'))`,
    };
    const updates = kinds.map((k) => `d_${k} as (update ${KINDS[k].table} set deleted_at = ?::timestamptz, deletion_id = ?::uuid
        where id in (select record_id from go where record_type = '${k}') and deleted_at is null ${withPerson[k] ?? ''} returning 1)`);
    const [r] = await db.rows<Record<string, string | number> & { left_: { kind: RecordKind; id: string }[] | string }>(
      `with imp as (select xact, tree_id from imports where id = ?),
       mine as (select h.record_type, h.record_id, h.seq from record_changes h join imp on h.xact = imp.xact and h.tree_id = imp.tree_id where h.action = 'create'
                union all
                ${ALL_KINDS.map((k) => `select '${k}'::text, r.id, r.created_seq from ${KINDS[k].table} r, imp where r.tree_id = imp.tree_id and r.created_seq is not null and r.created_xact = imp.xact`).join(' union all ')}),
       later as (select m.record_type, m.record_id from mine m
                 where exists (select 1 from record_changes l, imp where l.record_id = m.record_id and l.seq > m.seq and l.xact is distinct from imp.xact)),
       go as (select record_type, record_id from mine where ?::boolean or record_id not in (select record_id from later)),
       ${updates.join(', ')}
       select ${kinds.map((k) => `(select count(*) from d_${k}) as "${k}"`).join(', ')},
         case when ?::boolean then '[]'::json else (select coalesce(json_agg(json_build_object('kind', record_type, 'id', record_id)), '[]'::json) from (select * from later limit 1000) x) end as left_`,
      [importId, o.force, ...kinds.flatMap(() => [ts(o.at), o.deletionId]), o.force],
    );
    const deleted = Object.fromEntries(kinds.map((k) => [k, Number(r?.[k] ?? 0)])) as { [K in RecordKind]: number };
    return { deleted, left: r === undefined ? [] : parsed(r.left_) };
  },
  otherChangesOf: async (importId) =>
    (await db.rows<ChangeDb>(withWho(`select h.* from record_changes h join imports i on i.xact = h.xact and i.tree_id = h.tree_id where i.id = ? and h.action <> 'create'`), [importId])).map(toChange),
  setDeleted: async (kind, id, deletion) => {
    await db.run(`update ${KINDS[kind].table} set deleted_at = ?::timestamptz, deletion_id = ?::uuid where id = ?`, [deletion === null ? null : ts(deletion.at), deletion?.id ?? null, id]);
  },
});

type ImportDb = { id: string; tree_id: string; actor_id: string | null; file_name: string; counts: ImportRecord['counts'] | string; created_at: string | Date; undone_at: string | Date | null; who_email?: string | null };

const toImport = (r: ImportDb): ImportRecord => ({
  id: r.id, treeId: r.tree_id, actorId: r.actor_id, fileName: r.file_name, counts: parsed(r.counts), createdAt: date(r.created_at), undoneAt: dateOrNull(r.undone_at),
});

/** An import's columns but what it kept (export reads that: gedcom-export.ts). */
const IMPORT_COLUMNS = 'i.id, i.tree_id, i.actor_id, i.file_name, i.counts, i.created_at, i.undone_at';

/** The imports of each tree, each tied to its transaction (`xact`), whose changes are what it did. */
export const pgImports = (db: Sql): ImportLog => ({
  record: async (e) => {
    await db.run(
      `insert into imports (id, tree_id, actor_id, file_name, counts, xact, created_at, undone_at, kept)
       values (?, ?, ?, ?, ?::jsonb, pg_current_xact_id()::text::bigint, ?::timestamptz, null, ?::jsonb)`,
      [e.id, e.treeId, e.actorId, e.fileName, JSON.stringify(e.counts), ts(e.createdAt), e.kept === undefined ? null : JSON.stringify(e.kept)],
    );
  },
  list: async (treeId, page) => {
    const rows = await db.rows<ImportDb>(
      `select ${IMPORT_COLUMNS}, case when u.deleted_at is null then u.email end as who_email from imports i left join users u on u.id = i.actor_id
       where i.tree_id = ? and i.id < ?::uuid order by i.id desc limit ?`,
      [treeId, page.after ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff', page.limit],
    );
    return rows.map((r) => ({ ...toImport(r), actorDisplay: r.who_email ?? null }));
  },
  byId: async (id) => {
    const [r] = await db.rows<ImportDb>(`select ${IMPORT_COLUMNS} from imports i where i.id = ?`, [id]);
    return r === undefined ? null : toImport(r);
  },
  markUndone: async (id, at) => {
    await db.run('update imports set undone_at = ?::timestamptz where id = ?', [ts(at), id]);
  },
});
