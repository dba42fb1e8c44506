import { Migration } from '@mikro-orm/migrations';

// Name prefix, suffix and surname prefix as name fields (issue 28: GEDCOM NPFX, NSFX, SPFX), kept
// apart from the given name and surname rather than joined into them. The surname prefix is a word
// people search by (`van Dijk`), so the name search's posting triggers (migration 20261226090000)
// take it among a name's words: their three functions are replaced with the same ones whose words
// expression holds it, and the update trigger's change test looks at it too. Prefix and suffix
// (`Dr.`, `Jr.`) are not searched, as before.
//
// The SQL is this migration's own (written out once, never imported from the live code).

const words = (withPrefix: boolean) => (n: string): string =>
  `regexp_split_to_array(lower(left(${withPrefix ? `${n}.given_name || ' ' || ${n}.surname_prefix || ' ' || ${n}.surname` : `${n}.given_name || ' ' || ${n}.surname`}, 500)), '[[:space:][:punct:]]+')`;

export const WORD_ID = `(select d.id from name_words d where d.tree_id = n.tree_id and d.word = w)`;

/** The three trigger functions of migration 20261226090000, with `WORDS` as the words of a name and `changed` as the columns whose change reposts. */
export const functions = (WORDS: (n: string) => string, changed: (n: string) => string): string[] => {
  const REPOST = `
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from names n, unnest(${WORDS('n')}) w
          where n.person_id = any(affected) and n.deleted_at is null and w <> ''
          on conflict do nothing;
        insert into name_postings (word_id, person_id)
          select distinct ${WORD_ID}, n.person_id from names n cross join unnest(${WORDS('n')}) w
          where n.person_id = any(affected) and n.deleted_at is null and w <> ''
          on conflict do nothing;`;
  const PRUNE = `
        delete from name_words d
          where d.id = any(array(select (select x.id from name_words x where x.tree_id = o.tree_id and x.word = w) from old_names o, unnest(${WORDS('o')}) w where w <> ''))
            and not exists (select 1 from name_postings p where p.word_id = d.id);`;
  return [
    `create or replace function "name_search_added"() returns trigger language plpgsql as $$
      begin
        insert into name_words (tree_id, word)
          select distinct n.tree_id, w from changed_names n, unnest(${WORDS('n')}) w where n.deleted_at is null and w <> ''
          on conflict do nothing;
        insert into name_postings (word_id, person_id)
          select ${WORD_ID}, n.person_id from changed_names n cross join unnest(${WORDS('n')}) w
          where n.deleted_at is null and w <> ''
          on conflict do nothing;
        return null;
      end $$`,
    `create or replace function "name_search_changed"() returns trigger language plpgsql as $$
      declare affected uuid[];
      begin
        select coalesce(array_agg(distinct x.person_id), '{}') into affected from (
          select o.person_id from old_names o join changed_names n on n.id = o.id
            where (${changed('o')}, o.deleted_at is null, o.person_id, o.tree_id) is distinct from (${changed('n')}, n.deleted_at is null, n.person_id, n.tree_id)
          union all
          select n.person_id from old_names o join changed_names n on n.id = o.id
            where (${changed('o')}, o.deleted_at is null, o.person_id, o.tree_id) is distinct from (${changed('n')}, n.deleted_at is null, n.person_id, n.tree_id)
        ) x;
        if cardinality(affected) = 0 then return null; end if;
        delete from name_postings where person_id = any(affected);${REPOST}${PRUNE}
        return null;
      end $$`,
    `create or replace function "name_search_removed"() returns trigger language plpgsql as $$
      declare affected uuid[];
      begin
        select coalesce(array_agg(distinct o.person_id), '{}') into affected from old_names o;
        delete from name_postings where person_id = any(affected);${REPOST}${PRUNE}
        return null;
      end $$`,
  ];
};

export class Migration20261227090000_name_parts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "names" add column "prefix" text not null default '', add column "suffix" text not null default '', add column "surname_prefix" text not null default ''`);
    for (const f of functions(words(true), (n) => `${n}.given_name, ${n}.surname_prefix, ${n}.surname`)) this.addSql(f);
    // Existing names have an empty surname prefix: their words, and so the postings, are unchanged.
  }

  override async down(): Promise<void> {
    for (const f of functions(words(false), (n) => `${n}.given_name, ${n}.surname`)) this.addSql(f);
    // Postings of surname prefixes go with the column: every name is posted again from its other words.
    this.addSql(`alter table "names" drop column "prefix", drop column "suffix", drop column "surname_prefix"`);
    this.addSql(`delete from name_postings`);
    this.addSql(`delete from name_words`);
    this.addSql(`insert into name_words (tree_id, word) select distinct n.tree_id, w from names n, unnest(${words(false)('n')}) w where n.deleted_at is null and w <> ''`);
    this.addSql(`insert into name_postings (word_id, person_id)
      select distinct ${WORD_ID}, n.person_id from names n cross join unnest(${words(false)('n')}) w
      where n.deleted_at is null and w <> ''`);
  }
}
