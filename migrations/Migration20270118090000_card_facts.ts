import { Migration } from '@mikro-orm/migrations';

// A kept person card carries the privacy facts of the person row it was written from (privacy,
// is_living, has_death_fact, birth_year), so a name search decides whom a non-member finds from the
// card it answers with, one row per found person instead of the person row and then the card
// (adapters/postgres/name-search.ts oneWordSearch). The facts are as fresh as the card: a change of
// the person row removes the card in its own statement (migration 20270116090000). A card written
// before this migration, or by an instance that does not know the columns, has no facts (privacy
// null) and is read as no card.

export class Migration20270118090000_card_facts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "person_cards" add column "privacy" text null, add column "is_living" boolean null, add column "has_death_fact" boolean null, add column "birth_year" int null`);
    this.addSql(`update "person_cards" c set "privacy" = p."privacy", "is_living" = p."is_living", "has_death_fact" = p."has_death_fact", "birth_year" = p."birth_year" from "persons" p where p."id" = c."person_id"`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "person_cards" drop column "privacy", drop column "is_living", drop column "has_death_fact", drop column "birth_year"`);
  }
}
