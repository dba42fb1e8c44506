import { Migration } from '@mikro-orm/migrations';

// Duplicates and merge (issue 15): a person merged into another keeps a reference to it
// (`merged_into`); pairs a member said are not duplicates are remembered for good
// (`duplicate_dismissals`, one row per unordered pair, the smaller id first); and each merge records
// what it moved (`person_merges`, keyed by the merge's deletion id) so restoring the merged person
// undoes the merge.
export class Migration20261210090000_duplicates_merge extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "persons" add column "merged_into_id" uuid null`);
    this.addSql(`alter table "persons" add constraint "persons_merged_into_id_foreign" foreign key ("merged_into_id") references "persons" ("id") on update cascade on delete set null`);

    this.addSql(`create table "duplicate_dismissals" ("id" uuid not null, "tree_id" uuid not null, "person_a_id" uuid not null, "person_b_id" uuid not null, "dismissed_by" uuid null, "created_at" timestamptz not null, constraint "duplicate_dismissals_pkey" primary key ("id"))`);
    this.addSql(`create index "duplicate_dismissals_tree_id_id_index" on "duplicate_dismissals" ("tree_id", "id")`);
    this.addSql(`create index "duplicate_dismissals_person_b_id_index" on "duplicate_dismissals" ("person_b_id")`);
    this.addSql(`create unique index "duplicate_dismissals_pair_unique" on "duplicate_dismissals" ("person_a_id", "person_b_id")`);
    this.addSql(`alter table "duplicate_dismissals" add constraint "duplicate_dismissals_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "duplicate_dismissals" add constraint "duplicate_dismissals_person_a_id_foreign" foreign key ("person_a_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "duplicate_dismissals" add constraint "duplicate_dismissals_person_b_id_foreign" foreign key ("person_b_id") references "persons" ("id") on update cascade on delete cascade`);

    this.addSql(`create table "person_merges" ("id" uuid not null, "tree_id" uuid not null, "kept_id" uuid not null, "other_id" uuid not null, "moved" jsonb not null, "created_at" timestamptz not null, constraint "person_merges_pkey" primary key ("id"))`);
    this.addSql(`create index "person_merges_kept_id_index" on "person_merges" ("kept_id")`);
    this.addSql(`create index "person_merges_other_id_index" on "person_merges" ("other_id")`);
    this.addSql(`alter table "person_merges" add constraint "person_merges_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "person_merges" add constraint "person_merges_kept_id_foreign" foreign key ("kept_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "person_merges" add constraint "person_merges_other_id_foreign" foreign key ("other_id") references "persons" ("id") on update cascade on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "person_merges" cascade`);
    this.addSql(`drop table if exists "duplicate_dismissals" cascade`);
    this.addSql(`alter table "persons" drop constraint "persons_merged_into_id_foreign"`);
    this.addSql(`alter table "persons" drop column "merged_into_id"`);
  }
}
