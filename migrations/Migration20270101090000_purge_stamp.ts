import { Migration } from '@mikro-orm/migrations';

// A tree's change stamp (adapters/postgres/public-pages.ts, the public pages' ETags) is the last
// change of its history; a purge deletes the purged records' changes, which could bring the stamp
// back to an earlier one whose pages still showed the purged records (a cache holding such a page
// would then be told 304 and keep showing what was erased). Each history delete trigger now also
// draws a fresh number from the history's own sequence into `trees.purged_seq` of the trees that
// lost changes, and the stamp takes the greater of the two: it only ever moves forward.

const KINDS = [
  ['persons', 'person'], ['names', 'name'], ['events', 'event'], ['relationships', 'relationship'],
  ['sources', 'source'], ['citations', 'citation'], ['media', 'media'], ['repositories', 'repository'],
] as const;

const deleteFunction = (table: string, kind: string, stamp: boolean): string => `create or replace function "history_${table}_delete"() returns trigger language plpgsql as $$
    begin
      delete from record_changes where record_type = '${kind}' and record_id in (select id from history_old);${stamp ? `
      update trees set purged_seq = nextval('record_changes_seq_seq') where id in (select distinct tree_id from history_old);` : ''}
      return null;
    end $$`;

export class Migration20270101090000_purge_stamp extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "trees" add column "purged_seq" bigint null`);
    for (const [table, kind] of KINDS) this.addSql(deleteFunction(table, kind, true));
  }

  override async down(): Promise<void> {
    for (const [table, kind] of KINDS) this.addSql(deleteFunction(table, kind, false));
    this.addSql(`alter table "trees" drop column "purged_seq"`);
  }
}
