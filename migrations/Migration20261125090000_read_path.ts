import { Migration } from '@mikro-orm/migrations';

// Reads at the cost of the record (issue 13). Persons keep the privacy engine's facts from their own
// events (birth_year, has_death_fact): null has_death_fact marks a row written before they were kept,
// which the service fills at start (core/people/keep-life-facts.ts backfillLifeFacts) with the engine's
// own rule, so that rule is never written twice. Name search orders by trigram distance (`<->`), which
// only a GiST index answers; it answers `%` too, so it replaces the GIN index. A GiST entry must fit
// in a page (8 kB), so the indexed text is the name's first 1,000 characters (no real name is longer).
export class Migration20261125090000_read_path extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "persons" add column "birth_year" int null, add column "has_death_fact" boolean null`);
    this.addSql(`create index "persons_unkept_facts_index" on "persons" ("id") where "has_death_fact" is null`);
    this.addSql(`drop index if exists "names_search_trgm_index"`);
    this.addSql(`create index "names_search_trgm_index" on "names" using gist ((lower(left(given_name || ' ' || surname, 1000))) gist_trgm_ops)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "names_search_trgm_index"`);
    this.addSql(`create index "names_search_trgm_index" on "names" using gin ((lower(given_name || ' ' || surname)) gin_trgm_ops)`);
    this.addSql(`drop index if exists "persons_unkept_facts_index"`);
    this.addSql(`alter table "persons" drop column "birth_year", drop column "has_death_fact"`);
  }
}
