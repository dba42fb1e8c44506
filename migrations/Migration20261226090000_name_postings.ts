import { Migration } from '@mikro-orm/migrations';

// Name search that stops at its limit (issue 27). Until now a search matched the query's words
// against the tree's distinct name words (name_words), then read and ranked every name holding one of
// those words (a GIN index on the names' word arrays): for a common surname with a typo, thousands of
// names on 1,000,000, 24 ms of database CPU per search. Now each distinct word of a tree has an id, and
// `name_postings` holds one row per word and person (the words of the person's live names), ordered by
// word then person: a search ranks the matched words, then reads the persons of the best word in
// order and stops when it has `limit` of them. The postings are kept by statement triggers on names,
// in the writing transaction, set-wise (a GEDCOM import writes them in one statement per batch), and
// fire ALWAYS, also under the bulk import's `session_replication_role = replica`. A hard delete of
// names (a purge, a deleted tree or account) also drops the words that no live name holds any more,
// so nothing of a purged name stays in the dictionary.
//
// The SQL is this migration's own (written out once, never imported from the live code).

const WORDS = (n: string): string => `regexp_split_to_array(lower(left(${n}.given_name || ' ' || ${n}.surname, 500)), '[[:space:][:punct:]]+')`;

/**
 * The id of the word `w` of the name `n`, one probe of the (tree_id, word) index each: written as a
 * join, the planner (with no statistics of the transition table or of a fresh dictionary) hashed the
 * tree's whole dictionary once per name: 29 s for 60,000 names instead of a fraction of one.
 */
const WORD_ID = `(select d.id from name_words d where d.tree_id = n.tree_id and d.word = w)`;

/** Words and postings of the live names of the persons in `affected` (a uuid[] variable). */
const REPOST = `
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from names n, unnest(${WORDS('n')}) w
          where n.person_id = any(affected) and n.deleted_at is null and w <> ''
          on conflict do nothing;
        insert into name_postings (word_id, person_id)
          select distinct ${WORD_ID}, n.person_id from names n cross join unnest(${WORDS('n')}) w
          where n.person_id = any(affected) and n.deleted_at is null and w <> ''
          on conflict do nothing;`;

/** Words of `old_names` that no posting holds any more. */
const PRUNE = `
        delete from name_words d
          where d.id = any(array(select (select x.id from name_words x where x.tree_id = o.tree_id and x.word = w) from old_names o, unnest(${WORDS('o')}) w where w <> ''))
            and not exists (select 1 from name_postings p where p.word_id = d.id);`;

export class Migration20261226090000_name_postings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists "names_words_insert" on "names"`);
    this.addSql(`drop trigger if exists "names_words_update" on "names"`);
    this.addSql(`drop function if exists "name_words_keep"()`);
    // The names' word arrays were indexed for the former search only; every name written paid for it.
    this.addSql(`drop index if exists "names_words_index"`);

    // The dictionary is filled again below, from live names only: words no live name holds
    // (soft-deleted, renamed, purged) are left out.
    this.addSql(`delete from name_words`);
    this.addSql(`alter table "name_words" drop constraint "name_words_pkey"`);
    this.addSql(`alter table "name_words" add column "id" bigserial`);
    this.addSql(`alter table "name_words" add constraint "name_words_pkey" primary key ("id")`);
    this.addSql(`alter table "name_words" add constraint "name_words_tree_id_word_unique" unique ("tree_id", "word")`);

    this.addSql(`create table "name_postings" ("word_id" bigint not null, "person_id" uuid not null, constraint "name_postings_pkey" primary key ("word_id", "person_id"))`);
    this.addSql(`create index "name_postings_person_id_word_id_index" on "name_postings" ("person_id", "word_id")`);

    this.addSql(`create function "name_search_added"() returns trigger language plpgsql as $$
      begin
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from changed_names n, unnest(${WORDS('n')}) w where n.deleted_at is null and w <> ''
          on conflict do nothing;
        -- No distinct: a word twice in one person's names (a married name's given name) is rare, and
        -- the conflict skips it; sorting every posting of an import to find those cost more.
        insert into name_postings (word_id, person_id)
          select ${WORD_ID}, n.person_id from changed_names n cross join unnest(${WORDS('n')}) w
          where n.deleted_at is null and w <> ''
          on conflict do nothing;
        return null;
      end $$`);
    // An update matters when it changes a name's words, whether it is live, or whose it is.
    this.addSql(`create function "name_search_changed"() returns trigger language plpgsql as $$
      declare affected uuid[];
      begin
        select coalesce(array_agg(distinct x.person_id), '{}') into affected from (
          select o.person_id from old_names o join changed_names n on n.id = o.id
            where (o.given_name, o.surname, o.deleted_at is null, o.person_id, o.tree_id) is distinct from (n.given_name, n.surname, n.deleted_at is null, n.person_id, n.tree_id)
          union all
          select n.person_id from old_names o join changed_names n on n.id = o.id
            where (o.given_name, o.surname, o.deleted_at is null, o.person_id, o.tree_id) is distinct from (n.given_name, n.surname, n.deleted_at is null, n.person_id, n.tree_id)
        ) x;
        if cardinality(affected) = 0 then return null; end if;
        delete from name_postings where person_id = any(affected);${REPOST}${PRUNE}
        return null;
      end $$`);
    this.addSql(`create function "name_search_removed"() returns trigger language plpgsql as $$
      declare affected uuid[];
      begin
        select coalesce(array_agg(distinct o.person_id), '{}') into affected from old_names o;
        delete from name_postings where person_id = any(affected);${REPOST}${PRUNE}
        return null;
      end $$`);
    this.addSql(`create trigger "names_search_insert" after insert on "names" referencing new table as changed_names for each statement execute function "name_search_added"()`);
    this.addSql(`create trigger "names_search_update" after update on "names" referencing old table as old_names new table as changed_names for each statement execute function "name_search_changed"()`);
    this.addSql(`create trigger "names_search_delete" after delete on "names" referencing old table as old_names for each statement execute function "name_search_removed"()`);
    for (const t of ['names_search_insert', 'names_search_update', 'names_search_delete']) this.addSql(`alter table "names" enable always trigger "${t}"`);

    this.addSql(`insert into name_words (tree_id, word) select distinct n.tree_id, w from names n, unnest(${WORDS('n')}) w where n.deleted_at is null and w <> ''`);
    this.addSql(`insert into name_postings (word_id, person_id)
      select distinct ${WORD_ID}, n.person_id from names n cross join unnest(${WORDS('n')}) w
      where n.deleted_at is null and w <> ''`);
  }

  override async down(): Promise<void> {
    for (const t of ['names_search_insert', 'names_search_update', 'names_search_delete']) this.addSql(`drop trigger if exists "${t}" on "names"`);
    this.addSql(`drop function if exists "name_search_added"()`);
    this.addSql(`drop function if exists "name_search_changed"()`);
    this.addSql(`drop function if exists "name_search_removed"()`);
    this.addSql(`drop table if exists "name_postings"`);
    this.addSql(`delete from name_words`);
    this.addSql(`alter table "name_words" drop constraint "name_words_tree_id_word_unique"`);
    this.addSql(`alter table "name_words" drop constraint "name_words_pkey"`);
    this.addSql(`alter table "name_words" drop column "id"`);
    this.addSql(`alter table "name_words" add constraint "name_words_pkey" primary key ("tree_id", "word")`);
    this.addSql(`insert into name_words (tree_id, word) select distinct n.tree_id, w from names n, unnest(${WORDS('n')}) w where w <> '' on conflict do nothing`);
    this.addSql(`create index "names_words_index" on "names" using gin ((${WORDS('names')}))`);
    this.addSql(`create function "name_words_keep"() returns trigger language plpgsql as $$
      begin
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from changed_names n, unnest(${WORDS('n')}) w where w <> ''
          on conflict do nothing;
        return null;
      end $$`);
    this.addSql(`create trigger "names_words_insert" after insert on "names" referencing new table as changed_names for each statement execute function "name_words_keep"()`);
    this.addSql(`create trigger "names_words_update" after update on "names" referencing new table as changed_names for each statement execute function "name_words_keep"()`);
    this.addSql(`alter table "names" enable always trigger "names_words_insert"`);
    this.addSql(`alter table "names" enable always trigger "names_words_update"`);
  }
}
