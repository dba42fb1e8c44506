import { Migration } from '@mikro-orm/migrations';

// A citation's entry date (GEDCOM SOUR.DATA.DATE, as written) and notes (SOUR.NOTE) as fields of
// their own (issue 28), where the import used to join them into the detail, which export writes as
// one DATA.TEXT. Constant defaults: adding the columns rewrites no table. Citations imported before
// keep their joined detail.

export class Migration20270105090000_citation_fields extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "citations" add column "entry_date" text not null default '', add column "notes" text not null default ''`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "citations" drop column "entry_date", drop column "notes"`);
  }
}
