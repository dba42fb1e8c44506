import { Migration } from '@mikro-orm/migrations';

// Reads at the cost of the record (issue 13). Persons keep the privacy engine's facts from their own
// events (birth_year, has_death_fact): null has_death_fact marks a row written before they were kept,
// which the service fills at start (core/people/keep-life-facts.ts backfillLifeFacts) with the engine's
// own rule, so that rule is never written twice.
export class Migration20261125090000_read_path extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "persons" add column "birth_year" int null, add column "has_death_fact" boolean null`);
    this.addSql(`create index "persons_unkept_facts_index" on "persons" ("id") where "has_death_fact" is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "persons_unkept_facts_index"`);
    this.addSql(`alter table "persons" drop column "birth_year", drop column "has_death_fact"`);
  }
}
