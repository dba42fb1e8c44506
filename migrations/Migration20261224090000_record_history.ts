import { Migration } from '@mikro-orm/migrations';

// History of every record (issue 29). A change is named by its place in the order (`seq`; the API
// shows it as a UUID made from it: adapters/postgres/history.ts), so a row carries no id of its own:
// an import writes hundreds of thousands, and a random id's index is the dearest part of each. Each write of a person, name, event, relationship, source,
// citation or media row stores the fields it changed, before and after, in `record_changes`, which
// belongs to the tree (purged with it, and with the record: a hard delete of a record removes its
// history). The rows are written by statement-level triggers over the transition tables, so every
// write path (API, cleanup, proposals, merge, GEDCOM and account imports, restore, COPY batches)
// is recorded set-wise, with no statement of the service's own; they fire ALWAYS, also under the
// bulk import's `session_replication_role = replica`. A bulk write (a GEDCOM or account import,
// `genealogy.history = lean` for its transaction) records its creations without their fields: the
// record as created is its later state less its later changes, and an import's rows would otherwise
// double the tree's size on disk. Who wrote and why (`changesets`) comes from
// the audit entries of the same transaction: the trigger on `audit_entries` keeps one row per
// transaction with its actor and origin. `audit_entries` keeps ids only from now on: what it held
// of the records (names, notes, titles, emails, file names) moves to `record_changes` (for trees
// that still exist) and is removed from the log.
//
// The SQL below is this migration's own (written out once, never imported from the live code, so
// that the migration stays what it was when it ran). `imports` lists GEDCOM imports, each with its
// transaction, so that one can be undone.

/** The tables with history, the kind a change names, and the columns its fields leave out. */
const KINDS = [
  { table: 'persons', kind: 'person', skip: ['birth_year', 'has_death_fact'] },
  { table: 'names', kind: 'name', skip: ['person_id'] },
  { table: 'events', kind: 'event', skip: ['person_id', 'partnership_id', 'place_id'] },
  { table: 'relationships', kind: 'relationship', skip: [] },
  { table: 'sources', kind: 'source', skip: [] },
  { table: 'citations', kind: 'citation', skip: [] },
  { table: 'media', kind: 'media', skip: ['storage_key', 'created_by', 'checksum', 'size', 'content_type'] },
] as const;

const COMMON_SKIP = ['id', 'tree_id', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'];

/** The fields of row `r` of `table` as history shows them: an event's place by its name. */
const fieldsOf = (k: (typeof KINDS)[number], r: string): string => {
  const skip = [...COMMON_SKIP, ...k.skip].map((c) => `'${c}'`).join(', ');
  const base = k.table === 'events' ? `(to_jsonb(${r}) || jsonb_build_object('place', (select pl.name from places pl where pl.id = ${r}.place_id)))` : `to_jsonb(${r})`;
  return `(${base} - array[${skip}]::text[])`;
};

/** The persons whose history shows a change of row `r`: the person, a name's or event's person, an edge's two ends, a partnership event's partners. */
const personsOf = (k: (typeof KINDS)[number], r: string): { readonly a: string; readonly b: string } => {
  if (k.table === 'persons') return { a: `${r}.id`, b: 'null::uuid' };
  if (k.table === 'names') return { a: `${r}.person_id`, b: 'null::uuid' };
  if (k.table === 'relationships') return { a: `${r}.person_a_id`, b: `${r}.person_b_id` };
  // An event's partnership is joined once (eventJoin), not looked up once for each end.
  if (k.table === 'events') return { a: `coalesce(${r}.person_id, x.person_a_id)`, b: 'x.person_b_id' };
  return { a: 'null::uuid', b: 'null::uuid' };
};

const XACT = 'pg_current_xact_id()::text::bigint';

/** The partnership of an event row `r` (for its two partners' histories). */
const eventJoin = (k: (typeof KINDS)[number], r: string): string => (k.table === 'events' ? `left join relationships x on x.id = ${r}.partnership_id` : '');

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** The audit detail keys whose string values are codes (core/kernel/audit-details.ts AUDIT_ENUM_KEYS when this ran). */
const AUDIT_ENUM_KEYS = [
  'type', 'name_type', 'qualifier', 'role', 'from', 'to', 'visibility', 'sex', 'privacy', 'origin', 'status', 'code',
  'target_kind', 'content_type', 'default_action', 'tool', 'cutoff', 'provider', 'model', 'tool_calls', 'ai_member_provider', 'ai_recommender_provider',
];
const ENUM_KEYS = `array[${AUDIT_ENUM_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`;

const insertFunction = (k: (typeof KINDS)[number]): string => {
  const p = personsOf(k, 'n');
  return `create function "history_${k.table}_insert"() returns trigger language plpgsql as $$
    begin
      insert into record_changes (tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at)
        select n.tree_id, '${k.kind}', n.id, ${p.a}, ${p.b}, 'create',
          case when current_setting('genealogy.history', true) = 'lean' then '[]'::jsonb
          else coalesce((select jsonb_agg(jsonb_build_object('field', f.key, 'before', null, 'after', f.value) order by f.key)
                         from jsonb_each(${fieldsOf(k, 'n')}) f
                         where f.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)), '[]'::jsonb) end,
          ${XACT}, now()
        from history_new n ${eventJoin(k, 'n')};
      return null;
    end $$`;
};

const updateFunction = (k: (typeof KINDS)[number]): string => {
  const p = personsOf(k, 'n');
  return `create function "history_${k.table}_update"() returns trigger language plpgsql as $$
    begin
      insert into record_changes (tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at)
        select n.tree_id, '${k.kind}', n.id, ${p.a}, ${p.b},
          case when o.deleted_at is null and n.deleted_at is not null then 'delete'
               when o.deleted_at is not null and n.deleted_at is null then 'undelete'
               else 'update' end,
          d.changes, ${XACT}, now()
        from history_old o join history_new n on n.id = o.id ${eventJoin(k, 'n')}
        cross join lateral (
          select coalesce(jsonb_agg(jsonb_build_object('field', key, 'before', j.ob -> key, 'after', j.nb -> key) order by key), '[]'::jsonb) as changes
          from (select ${fieldsOf(k, 'o')} as ob, ${fieldsOf(k, 'n')} as nb) j, jsonb_object_keys(j.ob || j.nb) key
          where (j.ob -> key) is distinct from (j.nb -> key)
        ) d
        where o.deleted_at is distinct from n.deleted_at or d.changes <> '[]'::jsonb;
      return null;
    end $$`;
};

const deleteFunction = (k: (typeof KINDS)[number]): string => `create function "history_${k.table}_delete"() returns trigger language plpgsql as $$
    begin
      delete from record_changes where record_type = '${k.kind}' and record_id in (select id from history_old);
      return null;
    end $$`;

export class Migration20261224090000_record_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "record_changes" ("seq" bigserial primary key, "tree_id" uuid not null, "record_type" text not null, "record_id" uuid not null, "person_id" uuid null, "other_person_id" uuid null, "action" text not null, "changes" jsonb not null, "xact" bigint null, "at" timestamptz not null, "actor_id" uuid null, "origin" text null)`);
    this.addSql(`alter table "record_changes" add constraint "record_changes_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`create index "record_changes_record_id_seq_index" on "record_changes" ("record_id", "seq")`);
    this.addSql(`create index "record_changes_person_id_seq_index" on "record_changes" ("person_id", "seq") where person_id is not null`);
    this.addSql(`create index "record_changes_other_person_id_seq_index" on "record_changes" ("other_person_id", "seq") where other_person_id is not null`);
    this.addSql(`create index "record_changes_tree_id_seq_index" on "record_changes" ("tree_id", "seq")`);
    this.addSql(`create table "changesets" ("xact" bigint not null, "actor_id" uuid null, "origin" text not null, "at" timestamptz not null, constraint "changesets_pkey" primary key ("xact"))`);
    // GEDCOM imports, so that one can be listed and undone: the changes of its transaction are what it did.
    this.addSql(`create table "imports" ("id" uuid not null, "tree_id" uuid not null, "actor_id" uuid null, "file_name" text not null, "counts" jsonb not null, "xact" bigint not null, "created_at" timestamptz not null, "undone_at" timestamptz null, constraint "imports_pkey" primary key ("id"))`);
    this.addSql(`alter table "imports" add constraint "imports_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`create index "imports_tree_id_id_index" on "imports" ("tree_id", "id")`);

    // The origin an audit action gives its transaction, and which wins when a transaction has several
    // (a proposal apply runs the commands it holds, each auditing itself).
    // A proposal's operations run one transaction each, their entries tagged with `proposal_id`.
    this.addSql(`create function "history_origin"(action text, details jsonb) returns text language sql immutable as $$
      select case
        when action in ('record.restore', 'import.undo') then 'restore'
        when action = 'proposal.apply' or (details -> 'proposal_id') is not null then 'proposal'
        when action = 'cleanup.apply' then 'cleanup'
        when action = 'person.merge' then 'merge'
        when action = 'gedcom.import' then 'gedcom_import'
        when action in ('account.import', 'tree.import') then 'account_import'
        else 'api' end $$`);
    this.addSql(`create function "history_origin_rank"(origin text) returns int language sql immutable as $$
      select case origin when 'restore' then 6 when 'proposal' then 5 when 'cleanup' then 4 when 'merge' then 3
        when 'gedcom_import' then 2 when 'account_import' then 1 else 0 end $$`);
    this.addSql(`create function "history_changeset"() returns trigger language plpgsql as $$
      begin
        insert into changesets (xact, actor_id, origin, at)
          select ${XACT}, (array_agg(a.actor_id) filter (where a.actor_id is not null))[1],
                 (array_agg(history_origin(a.action, a.details) order by history_origin_rank(history_origin(a.action, a.details)) desc))[1], now()
          from history_audit a
          having count(*) > 0
        on conflict (xact) do update set
          actor_id = coalesce(changesets.actor_id, excluded.actor_id),
          origin = case when history_origin_rank(excluded.origin) > history_origin_rank(changesets.origin) then excluded.origin else changesets.origin end;
        return null;
      end $$`);
    this.addSql(`create trigger "audit_entries_changeset" after insert on "audit_entries" referencing new table as history_audit for each statement execute function "history_changeset"()`);
    this.addSql(`alter table "audit_entries" enable always trigger "audit_entries_changeset"`);

    for (const k of KINDS) {
      this.addSql(insertFunction(k));
      this.addSql(updateFunction(k));
      this.addSql(deleteFunction(k));
      this.addSql(`create trigger "${k.table}_history_insert" after insert on "${k.table}" referencing new table as history_new for each statement execute function "history_${k.table}_insert"()`);
      this.addSql(`create trigger "${k.table}_history_update" after update on "${k.table}" referencing old table as history_old new table as history_new for each statement execute function "history_${k.table}_update"()`);
      this.addSql(`create trigger "${k.table}_history_delete" after delete on "${k.table}" referencing old table as history_old for each statement execute function "history_${k.table}_delete"()`);
      for (const op of ['insert', 'update', 'delete']) this.addSql(`alter table "${k.table}" enable always trigger "${k.table}_history_${op}"`);
    }

    // What an audit entry keeps (core/kernel/audit-details.ts, keptAuditDetails, as it was when this
    // ran): numbers, flags, null; UUIDs and lists of them; strings and lists of strings under
    // enum-like keys; objects of numbers (counts). Never a name, note, title, email or place. An
    // association's role is free text: a relationship entry's `role` is not kept.
    this.addSql(`create function "history_audit_kept"(action text, key text, value jsonb) returns boolean language sql immutable as $$
      select case
        when action like 'relationship.%' and key = 'role' then false
        else case jsonb_typeof(value)
          when 'number' then true when 'boolean' then true when 'null' then true
          when 'string' then key = any(${ENUM_KEYS}) or (value #>> '{}') ~* '${UUID}'
          when 'array' then not exists (select 1 from jsonb_array_elements(value) e
                                        where jsonb_typeof(e) <> 'string' or (not key = any(${ENUM_KEYS}) and (e #>> '{}') !~* '${UUID}'))
          when 'object' then not exists (select 1 from jsonb_each(value) f where jsonb_typeof(f.value) <> 'number')
          else false end end $$`);
    // What the audit log held of the records moves here (trees that still exist; before values
    // unknown), then the log keeps ids, numbers, flags and enum-like values only.
    this.addSql(`insert into record_changes (tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at, actor_id, origin)
      select a.tree_id, a.entity_type, a.entity_id,
        case a.entity_type when 'person' then a.entity_id else (case when a.details ->> 'person_id' ~ '^[0-9a-f-]{36}$' then (a.details ->> 'person_id')::uuid end) end,
        null, case split_part(a.action, '.', 2) when 'create' then 'create' when 'delete' then 'delete' else 'update' end,
        (select jsonb_agg(jsonb_build_object('field', f.key, 'before', null, 'after', f.value) order by f.key)
           from jsonb_each(a.details) f where not history_audit_kept(a.action, f.key, f.value)),
        null, a.created_at, a.actor_id, 'api'
      from audit_entries a
      where a.tree_id is not null and exists (select 1 from trees t where t.id = a.tree_id)
        and a.entity_type in ('person', 'name', 'event', 'relationship', 'source', 'citation', 'media')
        and exists (select 1 from jsonb_each(a.details) f where not history_audit_kept(a.action, f.key, f.value))
      order by a.id`);
    this.addSql(`update audit_entries a set details = coalesce((select jsonb_object_agg(f.key, f.value) from jsonb_each(a.details) f where history_audit_kept(a.action, f.key, f.value)), '{}'::jsonb)
      where exists (select 1 from jsonb_each(a.details) f where not history_audit_kept(a.action, f.key, f.value))`);
    this.addSql(`drop function "history_audit_kept"(text, text, jsonb)`);
  }

  override async down(): Promise<void> {
    for (const k of KINDS) {
      for (const op of ['insert', 'update', 'delete']) {
        this.addSql(`drop trigger if exists "${k.table}_history_${op}" on "${k.table}"`);
        this.addSql(`drop function if exists "history_${k.table}_${op}"()`);
      }
    }
    this.addSql(`drop trigger if exists "audit_entries_changeset" on "audit_entries"`);
    this.addSql(`drop function if exists "history_changeset"()`);
    this.addSql(`drop function if exists "history_origin_rank"(text)`);
    this.addSql(`drop function if exists "history_origin"(text, jsonb)`);
    this.addSql(`drop table if exists "imports" cascade`);
    this.addSql(`drop table if exists "changesets" cascade`);
    this.addSql(`drop table if exists "record_changes" cascade`);
  }
}
