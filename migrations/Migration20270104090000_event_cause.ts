import { Migration } from '@mikro-orm/migrations';

// An event's cause (issue 28: GEDCOM CAUS, a death's "pneumonia") as a field of its own, where the
// import used to join it into the detail, which export writes as TYPE. A constant default: adding the
// column rewrites no table. Existing events keep their detail as it is (a cause joined into it before
// cannot be told apart from the rest of the detail).

export class Migration20270104090000_event_cause extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "events" add column "cause" text not null default ''`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "events" drop column "cause"`);
  }
}
