import { Migration } from '@mikro-orm/migrations';

// Repositories and what sources hold besides their title (issue 28: GEDCOM REPO records, SOUR.REPO
// with CALN, SOUR.ABBR and SOUR.DATA were lost on import). A repository belongs to a tree like a
// source (soft-deleted, purged with the tree). A source names its repositories, with call numbers, in
// `repository_links` (a list on the source: the links are part of the source, written and read with
// it, so a source's history shows them); the recorded events of SOUR.DATA.EVEN are a list too.
// Existing sources have none of these. A repository keeps the lines of its REPO record the import
// did not map (PHON, EMAIL, WWW, ...) verbatim in `gedcom_extra`, as other imported rows do.

// A repository's history (migration 20261224090000's record_changes): its writes are recorded by the
// same statement triggers as a source's, with the kind `repository` and no person; `gedcom_extra` is
// left out of its fields, as the API does not show it. The trigger functions are written out here
// (this migration's own SQL, as that migration wrote them for the other tables).
const FIELDS = (r: string): string => `(to_jsonb(${r}) - array['id', 'tree_id', 'created_at', 'updated_at', 'deleted_at', 'deletion_id', 'gedcom_extra']::text[])`;
const XACT = 'pg_current_xact_id()::text::bigint';

const HISTORY_FUNCTIONS = [
  `create function "history_repositories_insert"() returns trigger language plpgsql as $$
    begin
      insert into record_changes (tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at)
        select n.tree_id, 'repository', n.id, null::uuid, null::uuid, 'create',
          case when current_setting('genealogy.history', true) = 'lean' then '[]'::jsonb
          else coalesce((select jsonb_agg(jsonb_build_object('field', f.key, 'before', null, 'after', f.value) order by f.key)
                         from jsonb_each(${FIELDS('n')}) f
                         where f.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)), '[]'::jsonb) end,
          ${XACT}, now()
        from history_new n;
      return null;
    end $$`,
  `create function "history_repositories_update"() returns trigger language plpgsql as $$
    begin
      insert into record_changes (tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at)
        select n.tree_id, 'repository', n.id, null::uuid, null::uuid,
          case when o.deleted_at is null and n.deleted_at is not null then 'delete'
               when o.deleted_at is not null and n.deleted_at is null then 'undelete'
               else 'update' end,
          d.changes, ${XACT}, now()
        from history_old o join history_new n on n.id = o.id
        cross join lateral (
          select coalesce(jsonb_agg(jsonb_build_object('field', key, 'before', j.ob -> key, 'after', j.nb -> key) order by key), '[]'::jsonb) as changes
          from (select ${FIELDS('o')} as ob, ${FIELDS('n')} as nb) j, jsonb_object_keys(j.ob || j.nb) key
          where (j.ob -> key) is distinct from (j.nb -> key)
        ) d
        where o.deleted_at is distinct from n.deleted_at or d.changes <> '[]'::jsonb;
      return null;
    end $$`,
  `create function "history_repositories_delete"() returns trigger language plpgsql as $$
    begin
      delete from record_changes where record_type = 'repository' and record_id in (select id from history_old);
      return null;
    end $$`,
];

export class Migration20261229090000_repositories extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "repositories" ("id" uuid not null, "tree_id" uuid not null, "name" text not null, "address" text not null default '', "notes" text not null default '', "gedcom_extra" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "repositories_pkey" primary key ("id"))`);
    this.addSql(`create index "repositories_tree_id_id_index" on "repositories" ("tree_id", "id")`);
    this.addSql(`alter table "repositories" add constraint "repositories_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    for (const f of HISTORY_FUNCTIONS) this.addSql(f);
    this.addSql(`create trigger "repositories_history_insert" after insert on "repositories" referencing new table as history_new for each statement execute function "history_repositories_insert"()`);
    this.addSql(`create trigger "repositories_history_update" after update on "repositories" referencing old table as history_old new table as history_new for each statement execute function "history_repositories_update"()`);
    this.addSql(`create trigger "repositories_history_delete" after delete on "repositories" referencing old table as history_old for each statement execute function "history_repositories_delete"()`);
    for (const op of ['insert', 'update', 'delete']) this.addSql(`alter table "repositories" enable always trigger "repositories_history_${op}"`);
    this.addSql(`alter table "sources" add column "abbreviation" text not null default '', add column "recorded_events" jsonb not null default '[]', add column "agency" text not null default '', add column "data_notes" text not null default '', add column "repository_links" jsonb not null default '[]'`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sources" drop column "abbreviation", drop column "recorded_events", drop column "agency", drop column "data_notes", drop column "repository_links"`);
    this.addSql(`delete from record_changes where record_type = 'repository'`);
    this.addSql(`drop table if exists "repositories" cascade`);
    for (const op of ['insert', 'update', 'delete']) this.addSql(`drop function if exists "history_repositories_${op}"()`);
  }
}
