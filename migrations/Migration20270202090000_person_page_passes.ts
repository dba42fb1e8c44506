import { Migration } from '@mikro-orm/migrations';
import { personPagesForget } from './Migration20270119090000_person_pages.js';

// The key of each tree's last whole pass of keeping person pages (adapters/http/pages/public/kept.ts):
// the pass every 5 minutes (and at each start of each instance) went through every person of every
// tree a visitor may read, to find the pages not kept under the tree's current key; on the
// 100,000-person bench tree with every page kept that cost PostgreSQL about 2.7 s of CPU and the
// service about 1.3 s, each time, for nothing (docs/PERFORMANCE.md, fiftieth session). Now a whole pass records
// the key it kept every page under, and the next whole pass leaves a tree whose key is still that
// one. The key (frame.ts pageKey) holds the tree's change stamp, the year, the site's address and the
// renderer's version: any change of the tree, a new year, another address or renderer makes it
// another key, and the tree is gone through again.
//
// A row goes with its tree (cascade), and with the tree's kept pages when rows of the tree are erased
// (the erasure trigger of migration 20270119090000, redefined here to take it too): a pass that
// finds no record walks the tree.

/** Each tree's last pass goes with its kept pages. */
const ALSO = '\n          delete from person_page_passes k where k.tree_id = t;';

export class Migration20270202090000_person_page_passes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "person_page_passes" ("tree_id" uuid not null, "key" text not null, constraint "person_page_passes_pkey" primary key ("tree_id"))`);
    this.addSql(`alter table "person_page_passes" add constraint "person_page_passes_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(personPagesForget('create or replace', ALSO));
  }

  override async down(): Promise<void> {
    this.addSql(personPagesForget('create or replace'));
    this.addSql(`drop table if exists "person_page_passes"`);
  }
}
