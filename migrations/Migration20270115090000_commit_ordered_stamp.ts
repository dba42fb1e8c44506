import { Migration } from '@mikro-orm/migrations';

// A tree's change stamp (adapters/postgres/public-pages.ts: the public pages' ETags and 304s) was the
// last number of its history, drawn when a change is written, not when it commits. A transaction that
// drew an earlier number and committed after a later-numbered one (an import, or a privacy change
// slower than an edit beside it) then left the stamp where it was: a cache holding a page read in
// between was told 304, and kept a page that no longer showed the tree (a person since made private).
//
// The stamp is now `trees.change_seq`, drawn when the transaction commits. Each statement that writes
// history (the triggers of migration 20261224090000, creations, changes and deletions alike, also a
// purge's) marks its trees in `tree_change_marks`, once per tree and transaction; the first mark of a
// transaction queues a constraint trigger deferred to its commit, which draws a new number for each
// marked tree (in id order: two transactions never wait on each other's trees crosswise) and removes
// the marks. The row lock that update takes is held from there to the commit, so a later commit
// draws a greater number: a stamp read in a snapshot names exactly the commits that snapshot sees.
// The marks never outlive their transaction. `trees.purged_seq` (migration 20270101090000) is
// replaced: a purge's commit moves `change_seq` as any other change does.
//
// The triggers fire ALWAYS, as the history's do (a bulk import runs with session_replication_role =
// replica).

const KINDS = [
  ['persons', 'person'], ['names', 'name'], ['events', 'event'], ['relationships', 'relationship'],
  ['sources', 'source'], ['citations', 'citation'], ['media', 'media'], ['repositories', 'repository'],
] as const;

const XACT = 'pg_current_xact_id()::text::bigint';

const deleteFunction = (table: string, kind: string, stamp: 'marks' | 'purged_seq'): string => `create or replace function "history_${table}_delete"() returns trigger language plpgsql as $$
    begin
      delete from record_changes where record_type = '${kind}' and record_id in (select id from history_old);
      ${stamp === 'marks'
        ? `insert into tree_change_marks (xact, tree_id) select distinct ${XACT}, tree_id from history_old on conflict do nothing;`
        : `update trees set purged_seq = nextval('record_changes_seq_seq') where id in (select distinct tree_id from history_old);`}
      return null;
    end $$`;

export class Migration20270115090000_commit_ordered_stamp extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "trees" add column "change_seq" bigint not null default 0`);
    // Where the stamp stood: the ETags already sent stay valid, and the stamp never goes back.
    this.addSql(`update "trees" t set "change_seq" = greatest(coalesce((select max(c.seq) from record_changes c where c.tree_id = t.id), 0), coalesce(t.purged_seq, 0))`);
    this.addSql(`alter table "trees" drop column "purged_seq"`);
    this.addSql(`create table "tree_change_marks" ("xact" bigint not null, "tree_id" uuid not null, constraint "tree_change_marks_pkey" primary key ("xact", "tree_id"))`);
    this.addSql(`create function "tree_change_mark"() returns trigger language plpgsql as $$
      begin
        insert into tree_change_marks (xact, tree_id) select distinct ${XACT}, tree_id from tree_change_new on conflict do nothing;
        return null;
      end $$`);
    this.addSql(`create trigger "record_changes_mark" after insert on "record_changes" referencing new table as tree_change_new for each statement execute function "tree_change_mark"()`);
    this.addSql(`alter table "record_changes" enable always trigger "record_changes_mark"`);
    this.addSql(`create function "tree_change_stamp"() returns trigger language plpgsql as $$
      declare
        marked record;
      begin
        for marked in select m.tree_id from tree_change_marks m where m.xact = new.xact order by m.tree_id loop
          update trees set change_seq = nextval('record_changes_seq_seq') where id = marked.tree_id;
        end loop;
        delete from tree_change_marks where xact = new.xact;
        return null;
      end $$`);
    this.addSql(`create constraint trigger "tree_change_marks_stamp" after insert on "tree_change_marks" deferrable initially deferred for each row execute function "tree_change_stamp"()`);
    this.addSql(`alter table "tree_change_marks" enable always trigger "tree_change_marks_stamp"`);
    for (const [table, kind] of KINDS) this.addSql(deleteFunction(table, kind, 'marks'));
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "trees" add column "purged_seq" bigint null`);
    this.addSql(`update "trees" set "purged_seq" = "change_seq"`);
    for (const [table, kind] of KINDS) this.addSql(deleteFunction(table, kind, 'purged_seq'));
    this.addSql(`drop trigger if exists "tree_change_marks_stamp" on "tree_change_marks"`);
    this.addSql(`drop function if exists "tree_change_stamp"()`);
    this.addSql(`drop trigger if exists "record_changes_mark" on "record_changes"`);
    this.addSql(`drop function if exists "tree_change_mark"()`);
    this.addSql(`drop table if exists "tree_change_marks"`);
    this.addSql(`alter table "trees" drop column "change_seq"`);
  }
}
