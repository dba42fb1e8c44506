import { Migration } from '@mikro-orm/migrations';

// What GEDCOM files carry beyond the first model (issue 14): a person's identifiers from other
// programs (REFN with its TYPE, AFN, _UID/UID) as one jsonb list, a name's own notes, an
// association's role (relationships of type 'association': ASSO with RELA/ROLE), and an LDS
// ordinance's temple (TEMP) and status (STAT). Associations need no index of their own: the unique
// indexes on live edges are per type (partnership, parent_child), so associations may repeat.
export class Migration20261201090000_gedcom_fidelity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "persons" add column "identifiers" jsonb not null default '[]'`);
    this.addSql(`alter table "names" add column "notes" text not null default ''`);
    this.addSql(`alter table "relationships" add column "role" text null`);
    this.addSql(`alter table "events" add column "temple" text null, add column "ordinance_status" text null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "events" drop column "temple", drop column "ordinance_status"`);
    this.addSql(`alter table "relationships" drop column "role"`);
    this.addSql(`alter table "names" drop column "notes"`);
    this.addSql(`alter table "persons" drop column "identifiers"`);
  }
}
