import { Migration } from '@mikro-orm/migrations';
import { WORD_ID } from './Migration20261227090000_name_parts.js';
import { literal } from './Migration20270121090000_trigger_plans.js';

// A name's words are composed (NFC) before they are split and posted: `José` written decomposed
// (e and U+0301, as macOS file names and some GEDCOM files carry accents) is the word `josé`, as the
// composed one is. Before, the combining mark was punctuation to glibc's classes, a break: the
// decomposed `José García` was the words `jose`, `garci` and `a`, and a search for `José` met it at 3/7.
// The search composes its query the same way (adapters/postgres/name-search.ts; core/people/trigram.ts
// searchWords).
//
// The posting triggers' three functions are rewritten in place (migrations 20270125090000 and
// 20270129090000 rewrote their statements; the words' expression is the same in all of them): each
// name's lower-cased text, `lower(left(<name>, 500))`, becomes `normalize(lower(left(<name>, 500)), NFC)`
// unless the name is ASCII alone.
// Then the persons with a live name whose text composes otherwise are posted again, and the words
// they held that no posting holds any more are dropped. PostgreSQL's `normalize` needs a UTF8
// database (the embedded cluster's, and any the README's set-up makes); on another encoding, where a
// combining mark after a letter could not be stored as such, the migration changes nothing.

const nameText = (n: string): string => `${n}.given_name || ' ' || ${n}.surname_prefix || ' ' || ${n}.surname`;
const lowered = (n: string): string => `lower(left(${nameText(n)}, 500))`;
/**
 * `lowered`, composed: a text of ASCII alone (as many bytes as characters) is composed already, and is
 * not passed through `normalize` (1.35 us a name where the whole words expression takes 3.3 us; the
 * test, 0.33 us: two of them per name an import posts).
 */
const composed = (n: string): string => `case when octet_length(${nameText(n)}) = length(${nameText(n)}) then ${lowered(n)} else normalize(${lowered(n)}, NFC) end`;
/** A name's words as the triggers split them (migration 20270123090000), from `text`, its lower-cased text. */
const words = (text: string): string => {
  const once = (t: string) => `regexp_replace(${t}, '([^[:space:][:punct:]])[''\u2019]([^[:space:][:punct:]])', '\\1\\2', 'g')`;
  return `regexp_split_to_array(${once(once(text))}, '[[:space:][:punct:]]+')`;
};

const FUNCTIONS = ['name_search_added', 'name_search_changed', 'name_search_removed'];
const fn = (name: string) => `(select p.oid::regprocedure from pg_proc p where p.proname = ${literal(name)} and p.prolang = (select oid from pg_language where lanname = 'plpgsql'))`;

/**
 * The three functions rewritten to compose a name's text (`up`) or back, for both row names (`n`,
 * `o`), then the persons whose live names' text composes otherwise posted again by the words they now take.
 */
const rewrite = (up: boolean): string => {
  const [from, to] = up ? [lowered, composed] : [composed, lowered];
  return `do $$
  declare
    f regprocedure;
    src text;
    now text;
  begin
    if current_setting('server_encoding') <> 'UTF8' then
      return;
    end if;
    foreach f in array array[${FUNCTIONS.map(fn).join(', ')}] loop
      src := (select p.prosrc from pg_proc p where p.oid = f);
      if position(${literal(from('n'))} in src) = 0${up ? ` or position(${literal(composed('n'))} in src) > 0` : ''} then
        raise exception '% has not the expected words', f;
      end if;
      now := replace(replace(src, ${literal(from('n'))}, ${literal(to('n'))}), ${literal(from('o'))}, ${literal(to('o'))});
      execute format('create or replace function %s returns trigger language plpgsql as %L', f, now);
    end loop;

    create temp table composed_persons on commit drop as
      select distinct a.person_id from names a where a.deleted_at is null and ${lowered('a')} <> ${composed('a')};
    create temp table composed_words on commit drop as select p.word_id from name_postings p limit 0;
    with gone as (delete from name_postings p using composed_persons x where p.person_id = x.person_id returning p.word_id)
      insert into composed_words select distinct g.word_id from gone g;
    insert into name_words (tree_id, word)
      select distinct n.tree_id, w from names n join composed_persons x on x.person_id = n.person_id, unnest(${words(to('n'))}) w
      where n.deleted_at is null and w <> ''
      on conflict do nothing;
    insert into name_postings (word_id, person_id)
      select distinct ${WORD_ID}, n.person_id from names n join composed_persons x on x.person_id = n.person_id cross join unnest(${words(to('n'))}) w
      where n.deleted_at is null and w <> ''
      on conflict do nothing;
    delete from name_words d using composed_words g
      where d.id = g.word_id and not exists (select 1 from name_postings p where p.word_id = d.id);
  end $$`;
};

export class Migration20270201090000_composed_name_words extends Migration {
  override async up(): Promise<void> {
    this.addSql(rewrite(true));
  }

  override async down(): Promise<void> {
    this.addSql(rewrite(false));
  }
}
