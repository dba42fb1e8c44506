import { Migration } from '@mikro-orm/migrations';

// Hardening (issue 23): a GEDZIP import stores each distinct file once, so the media rows of one
// import that link the same bytes share one object. `storage_key` is no longer unique; the purge
// queues an object for removal only when no remaining row names it (adapters/postgres/purge.ts).
export class Migration20261223090000_shared_media_objects extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media" drop constraint "media_storage_key_unique"`);
    this.addSql(`create index "media_storage_key_index" on "media" ("storage_key")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "media_storage_key_index"`);
    this.addSql(`alter table "media" add constraint "media_storage_key_unique" unique ("storage_key")`);
  }
}
