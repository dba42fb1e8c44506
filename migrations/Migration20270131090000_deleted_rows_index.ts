import { Migration } from '@mikro-orm/migrations';

// The hourly purge finds soft-deleted rows by index (issue 27). It looked for them with a scan of
// each table: every tenant's persons, names, events, relationships and citations, every hour on every
// instance (173-324 ms at 100,000 persons with nothing to purge; a host of 10,000,000, minutes). Only
// soft-deleted rows have a `deleted_at`, so each index holds only them: nothing to write for a live
// row, and a live database's deleted rows are few (the purge removes them after PURGE_AFTER_DAYS).
// The rows that go with a purged record are found by the indexes their foreign keys already have
// (adapters/postgres/purge.ts; spec/adapters/purge-reads.spec.ts).
const TABLES = ['trees', 'persons', 'names', 'events', 'relationships', 'sources', 'citations', 'repositories', 'media', 'users'] as const;

export class Migration20270131090000_deleted_rows_index extends Migration {
  override async up(): Promise<void> {
    for (const t of TABLES) this.addSql(`create index "${t}_deleted_at_index" on "${t}" ("deleted_at") where "deleted_at" is not null`);
  }

  override async down(): Promise<void> {
    for (const t of TABLES) this.addSql(`drop index if exists "${t}_deleted_at_index"`);
  }
}
