import { Migration } from '@mikro-orm/migrations';

// The persons a person was merged into are found by index (issue 27). persons.merged_into_id names a
// person (ON DELETE SET NULL), so every person deleted (a tree's purge, an account's deletion, the
// purge of soft-deleted records) made PostgreSQL look for the persons merged into it: without an
// index, a scan of the whole persons table, every tenant's rows, per person. On a scratch database
// of 300,000 persons, deleting 500 of them took 45.3 s (500 scans of the table) against 0.34 s with
// this index: a 100,000-person tree's purge, about 2.5 hours there, is now a matter of seconds. Only
// merged persons name one, so the index holds only them (an import writes none).
export class Migration20270128090000_persons_merged_into_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "persons_merged_into_id_index" on "persons" ("merged_into_id") where "merged_into_id" is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "persons_merged_into_id_index"');
  }
}
