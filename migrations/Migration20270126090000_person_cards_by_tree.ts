import { Migration } from '@mikro-orm/migrations';

// Person cards indexed by tree and person (issue 27), in place of by tree alone: a page of the whole
// person list (adapters/postgres/person-list-json.ts) reads its persons' cards as a range of this
// index beside the range of persons (a merge join, both in id order) instead of one probe of the
// primary key per person, and the range stays within the tree however the trees' ids interleave.
// On the 100,000-person bench tree a 1,000-person page's statement took 11.7-17.4 ms against
// 14.1-19.9 ms (median of 35 runs each, its generic plan, three rounds alternated); its buffers 195
// against 3,888. Every lookup of the old index (a tree's cards) is one of this one's too.
export class Migration20270126090000_person_cards_by_tree extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "person_cards_tree_id_person_id_index" on "person_cards" ("tree_id", "person_id")');
    this.addSql('drop index if exists "person_cards_tree_id_index"');
  }

  override async down(): Promise<void> {
    this.addSql('create index "person_cards_tree_id_index" on "person_cards" ("tree_id")');
    this.addSql('drop index if exists "person_cards_tree_id_person_id_index"');
  }
}
