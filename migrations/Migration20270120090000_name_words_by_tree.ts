import { Migration } from '@mikro-orm/migrations';

// A name search matches the query's words against its own tree's words only (issue 27: a request
// reads rows in proportion to what it returns). Before, the trigram index was on the word alone: a
// search found the words like the query's in every tree of the database, rechecked each and dropped
// the other trees'; or the planner read every word of the tree (or of the table) and tested each
// against the query's, since pg_trgm's `%` was costed as cheap as `=`. Four changes, measured on a
// spec fixture (a tree of 3,002 words among 40 other tenants: 3,002 or 19,002 words looked at, now 2)
// and by hand on 300 tenants of 3,000 words and a tree of 56,000 (the lookup 35 ms in the big tree
// and 7 ms in a small one, now 4.3 and 0.5 ms):
//
// - one GIN index of the tree and the word's trigrams (btree_gin's operator class for uuid; the
//   extension is trusted, as pg_trgm is), in place of the one on the word alone, which served only
//   this lookup: one scan intersects the tree's entry with the query's trigrams;
// - the unique key in the order (word, tree_id): the words of a tree alone are no longer one btree
//   range, a path the planner took for a generic plan, whose estimate of a tree is the average tree;
// - `%`'s function (similarity_op) costed as what it is, a trigram set built and compared per row
//   (cost 100, not 1), so testing every word of a tree never looks cheaper than the index. It is
//   pg_trgm's function: where the role running the migrations does not own it (a managed database),
//   it keeps its cost, and the other changes stand alone (the planner takes the index there
//   once the table is large, as it is in a database of many tenants);
// - and the statement reads each query word's matches in a subquery it may not pull up (name-search.ts).

export class Migration20270120090000_name_words_by_tree extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin`);
    this.addSql(`create index "name_words_tree_id_word_trgm_index" on "name_words" using gin ("tree_id", "word" gin_trgm_ops)`);
    this.addSql(`drop index if exists "name_words_word_trgm_index"`);
    this.addSql(`alter table "name_words" add constraint "name_words_word_tree_id_unique" unique ("word", "tree_id")`);
    this.addSql(`alter table "name_words" drop constraint "name_words_tree_id_word_unique"`);
    this.addSql(`do $$ begin alter function similarity_op(text, text) cost 100; exception when insufficient_privilege then raise notice 'similarity_op keeps its cost: the role does not own it'; end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`do $$ begin alter function similarity_op(text, text) cost 1; exception when insufficient_privilege then null; end $$`);
    this.addSql(`alter table "name_words" add constraint "name_words_tree_id_word_unique" unique ("tree_id", "word")`);
    this.addSql(`alter table "name_words" drop constraint "name_words_word_tree_id_unique"`);
    this.addSql(`create index if not exists "name_words_word_trgm_index" on "name_words" using gin ("word" gin_trgm_ops)`);
    this.addSql(`drop index if exists "name_words_tree_id_word_trgm_index"`);
  }
}
