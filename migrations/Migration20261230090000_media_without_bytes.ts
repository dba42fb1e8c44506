import { Migration } from '@mikro-orm/migrations';

// Media records without bytes (issue 28: an OBJE of a plain GEDCOM file names a file that does not
// come with it, and was dropped). Such a record has no object in the store (`storage_key` null) until
// an upload brings its bytes; it keeps the file's path and format as the GEDCOM FILE and FORM gave
// them (`file_path`, `form`: '' for an uploaded item). Existing items all have their bytes.

export class Migration20261230090000_media_without_bytes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media" alter column "storage_key" drop not null`);
    this.addSql(`alter table "media" add column "file_path" text not null default '', add column "form" text not null default ''`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "media" where "storage_key" is null`);
    this.addSql(`alter table "media" drop column "file_path", drop column "form"`);
    this.addSql(`alter table "media" alter column "storage_key" set not null`);
  }
}
