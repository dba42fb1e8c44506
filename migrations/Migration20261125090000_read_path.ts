import { Migration } from '@mikro-orm/migrations';

// Reads at the cost of the record (issue 13). Persons keep the privacy engine's facts from their own
// events (birth_year, has_death_fact): null has_death_fact marks a row written before they were kept,
// which the service fills at start (core/people/keep-life-facts.ts backfillLifeFacts) with the engine's
// own rule, so that rule is never written twice.
// Name search: a GIN trigram match of the whole name reads every name sharing one trigram with a
// short query (all names with a word starting "ho" for "hoak"), so the search first matches the
// query's words against the tree's distinct name words (name_words, kept by a statement trigger on
// names in the writing transaction), then ranks only the names holding one of those words. Words
// come from the name's first 500 characters, so every key fits its index.
export class Migration20261125090000_read_path extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "persons" add column "birth_year" int null, add column "has_death_fact" boolean null`);
    this.addSql(`create index "persons_unkept_facts_index" on "persons" ("id") where "has_death_fact" is null`);
    this.addSql(`create table "name_words" ("tree_id" uuid not null, "word" text not null, constraint "name_words_pkey" primary key ("tree_id", "word"))`);
    this.addSql(`alter table "name_words" add constraint "name_words_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`create index "name_words_word_trgm_index" on "name_words" using gin ("word" gin_trgm_ops)`);
    this.addSql(`create index "names_words_index" on "names" using gin ((regexp_split_to_array(lower(left(given_name || ' ' || surname, 500)), '[[:space:][:punct:]]+')))`);
    this.addSql(`create function "name_words_keep"() returns trigger language plpgsql as $$
      begin
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from changed_names n, unnest(regexp_split_to_array(lower(left(n.given_name || ' ' || n.surname, 500)), '[[:space:][:punct:]]+')) w where w <> ''
          on conflict do nothing;
        return null;
      end $$`);
    this.addSql(`create trigger "names_words_insert" after insert on "names" referencing new table as changed_names for each statement execute function "name_words_keep"()`);
    this.addSql(`create trigger "names_words_update" after update on "names" referencing new table as changed_names for each statement execute function "name_words_keep"()`);
    this.addSql(`insert into name_words (tree_id, word) select distinct n.tree_id, w from names n, unnest(regexp_split_to_array(lower(left(n.given_name || ' ' || n.surname, 500)), '[[:space:][:punct:]]+')) w where w <> '' on conflict do nothing`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "names_words_insert" on "names"`);
    this.addSql(`drop trigger if exists "names_words_update" on "names"`);
    this.addSql(`drop function if exists "name_words_keep"()`);
    this.addSql(`drop index if exists "names_words_index"`);
    this.addSql(`drop table if exists "name_words" cascade`);
    this.addSql(`drop index if exists "persons_unkept_facts_index"`);
    this.addSql(`alter table "persons" drop column "birth_year", drop column "has_death_fact"`);
  }
}
