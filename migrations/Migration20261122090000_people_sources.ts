import { Migration } from '@mikro-orm/migrations';

// People (persons, names, places, relationships, events) and sources (sources, citations), generated
// by the schema generator (getUpdateSchemaSQL) from adapters/postgres/entities.ts, whose expression
// and partial indexes carry their own SQL. Every table cascades from its tree.
export class Migration20261122090000_people_sources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sources" ("id" uuid not null, "tree_id" uuid not null, "title" text not null, "author" text not null, "publication" text not null, "notes" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "sources_pkey" primary key ("id"))`);
    this.addSql(`create index "sources_tree_id_id_index" on "sources" ("tree_id", "id")`);
    this.addSql(`create table "places" ("id" uuid not null, "tree_id" uuid not null, "name" text not null, constraint "places_pkey" primary key ("id"))`);
    this.addSql(`create unique index "places_tree_id_name_unique" on "places" ("tree_id", lower(btrim(name)))`);
    this.addSql(`create table "persons" ("id" uuid not null, "tree_id" uuid not null, "sex" text null, "is_living" boolean null, "privacy" text not null default 'default', "notes" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "persons_pkey" primary key ("id"))`);
    this.addSql(`create index "persons_tree_id_id_index" on "persons" ("tree_id", "id")`);
    this.addSql(`create table "relationships" ("id" uuid not null, "tree_id" uuid not null, "type" text not null, "person_a_id" uuid not null, "person_b_id" uuid not null, "qualifier" text null, "notes" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "relationships_pkey" primary key ("id"))`);
    this.addSql(`create index "relationships_person_a_id_index" on "relationships" ("person_a_id")`);
    this.addSql(`create index "relationships_person_b_id_index" on "relationships" ("person_b_id")`);
    this.addSql(`create index "relationships_tree_id_id_index" on "relationships" ("tree_id", "id")`);
    this.addSql(`create unique index "relationships_live_partnership_unique" on "relationships" ("tree_id", least(person_a_id, person_b_id), greatest(person_a_id, person_b_id)) where type = 'partnership' and deleted_at is null`);
    this.addSql(`create unique index "relationships_live_parent_child_unique" on "relationships" ("tree_id", "person_a_id", "person_b_id") where type = 'parent_child' and deleted_at is null`);
    this.addSql(`create table "names" ("id" uuid not null, "tree_id" uuid not null, "person_id" uuid not null, "name_type" text not null, "given_name" text not null, "surname" text not null, "is_primary" boolean not null, "created_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "names_pkey" primary key ("id"))`);
    this.addSql(`create index "names_person_id_index" on "names" ("person_id")`);
    this.addSql(`create index "names_search_trgm_index" on "names" using gin ((lower(given_name || ' ' || surname)) gin_trgm_ops)`);
    this.addSql(`create table "events" ("id" uuid not null, "tree_id" uuid not null, "type" text not null, "custom_type" text null, "person_id" uuid null, "partnership_id" uuid null, "date" jsonb null, "place_id" uuid null, "notes" text not null, "detail" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "events_pkey" primary key ("id"), constraint events_one_subject_check check (num_nonnulls(person_id, partnership_id) = 1))`);
    this.addSql(`create index "events_person_id_index" on "events" ("person_id")`);
    this.addSql(`create index "events_partnership_id_index" on "events" ("partnership_id")`);
    this.addSql(`create index "events_tree_id_id_index" on "events" ("tree_id", "id")`);
    this.addSql(`create table "citations" ("id" uuid not null, "tree_id" uuid not null, "source_id" uuid not null, "target_kind" text not null, "target_id" uuid not null, "page" text not null, "detail" text not null, "confidence" smallint null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "deletion_id" uuid null, constraint "citations_pkey" primary key ("id"))`);
    this.addSql(`create index "citations_source_id_index" on "citations" ("source_id")`);
    this.addSql(`create index "citations_target_id_index" on "citations" ("target_id")`);
    this.addSql(`create index "citations_tree_id_id_index" on "citations" ("tree_id", "id")`);
    this.addSql(`alter table "sources" add constraint "sources_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "places" add constraint "places_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "persons" add constraint "persons_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "relationships" add constraint "relationships_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "relationships" add constraint "relationships_person_a_id_foreign" foreign key ("person_a_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "relationships" add constraint "relationships_person_b_id_foreign" foreign key ("person_b_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "names" add constraint "names_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "names" add constraint "names_person_id_foreign" foreign key ("person_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "events" add constraint "events_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "events" add constraint "events_person_id_foreign" foreign key ("person_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "events" add constraint "events_partnership_id_foreign" foreign key ("partnership_id") references "relationships" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "events" add constraint "events_place_id_foreign" foreign key ("place_id") references "places" ("id") on update cascade on delete set null`);
    this.addSql(`alter table "citations" add constraint "citations_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "citations" add constraint "citations_source_id_foreign" foreign key ("source_id") references "sources" ("id") on update cascade on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "citations" cascade`);
    this.addSql(`drop table if exists "sources" cascade`);
    this.addSql(`drop table if exists "events" cascade`);
    this.addSql(`drop table if exists "names" cascade`);
    this.addSql(`drop table if exists "relationships" cascade`);
    this.addSql(`drop table if exists "places" cascade`);
    this.addSql(`drop table if exists "persons" cascade`);
  }
}
