import { Migration } from '@mikro-orm/migrations';
import { functions, WORD_ID } from './Migration20261227090000_name_parts.js';

// A name's words keep an apostrophe between two characters that are not spaces, punctuation or
// symbols as part of the word, and drop it (issue 27): `O'Brien` is the word `obrien`, as Unicode's
// word boundaries (UAX #29) have it, not `o` and `brien`. pg_trgm breaks words there, so the
// apostrophe is dropped rather than kept. As two words every O'Brien, O'Connor and O'Neill held `o`, so
// a search for one of them was two query words and scored every person holding `o`: 19-27 ms of
// PostgreSQL over 1,000,000 names, where one word costs 0.5 ms. The typographic apostrophe (’) is
// one too. PostgreSQL's C locale did not count it as punctuation, so `O’Neill` was one word
// `o’neill` here and two in the memory adapter; now it is `oneill` in both. The search splits its
// query the same way (adapters/postgres/name-search.ts; core/people/trigram.ts searchWords).
//
// The posting triggers' three functions (migration 20261227090000) are replaced with the same ones
// over the new words. Then the persons whose live names hold an apostrophe are posted again, and
// words left without postings (`o`, where no name has it alone) are dropped. The SQL is this
// migration's own; the functions' text (and the word id lookup) is migration 20261227090000's, with these words.

const SPLIT = `'[[:space:][:punct:]]+'`;
/**
 * The apostrophes between two non-breaking characters, dropped: a pattern that consumes its
 * neighbours, run twice, since a match consumes the next one's left neighbour (`a'b'c`). No
 * lookaround: the statements' `?` are placeholders.
 */
const joined = (text: string): string => {
  const once = (t: string) => `regexp_replace(${t}, '([^[:space:][:punct:]])[''\u2019]([^[:space:][:punct:]])', '\\1\\2', 'g')`;
  return once(once(text));
};
const nameText = (n: string) => `${n}.given_name || ' ' || ${n}.surname_prefix || ' ' || ${n}.surname`;
const words = (inner: boolean) => (n: string): string =>
  `regexp_split_to_array(${inner ? joined(`lower(left(${nameText(n)}, 500))`) : `lower(left(${nameText(n)}, 500))`}, ${SPLIT})`;
const changed = (n: string) => `${n}.given_name, ${n}.surname_prefix, ${n}.surname`;

/** The statements that post again every person with an apostrophe in a live name, by `WORDS`, then drop words no posting holds. */
const repost = (WORDS: (n: string) => string): string[] => {
  const affected = `(select a.person_id from names a where a.deleted_at is null and (${nameText('a')}) ~ '[''\u2019]')`;
  return [
    `delete from name_postings where person_id in ${affected}`,
    `insert into name_words (tree_id, word)
       select distinct n.tree_id, w from names n, unnest(${WORDS('n')}) w
       where n.deleted_at is null and w <> '' and n.person_id in ${affected}
       on conflict do nothing`,
    `insert into name_postings (word_id, person_id)
       select distinct ${WORD_ID}, n.person_id from names n cross join unnest(${WORDS('n')}) w
       where n.deleted_at is null and w <> '' and n.person_id in ${affected}
       on conflict do nothing`,
    `delete from name_words d where not exists (select 1 from name_postings p where p.word_id = d.id)`,
  ];
};

export class Migration20270123090000_inner_apostrophes extends Migration {
  override async up(): Promise<void> {
    for (const f of functions(words(true), changed)) this.addSql(f);
    for (const s of repost(words(true))) this.addSql(s);
  }

  override async down(): Promise<void> {
    for (const f of functions(words(false), changed)) this.addSql(f);
    for (const s of repost(words(false))) this.addSql(s);
  }
}
