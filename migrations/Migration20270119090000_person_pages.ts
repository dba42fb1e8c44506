import { Migration } from '@mikro-orm/migrations';

// Kept person pages (issue 26): a person's public page (GET /persons/{id}) as written for a visitor,
// with the key it was written under (adapters/http/pages/public/kept.ts: the tree's change stamp, the
// year, the site's address and the renderer's version: what the page's ETag is made of). A read serves
// a kept page only when its key is the one the tree's stamp gives now, read in the same statement, so
// a page is never older than the tree it shows; any other page is written live, as before.
//
// A page shows more than its person: their relatives' names and years. So when rows of a tree are
// erased (a purge), every kept page of that tree goes in the same statement: a page
// must never keep what a purge took out of the records. (A page whose key is no longer current is
// never served; it stays until it is written again or erased here.) A person's own page goes with
// them (cascade), and a tree's with the tree. The triggers fire ALWAYS, as the cards' do. Each
// takes the tree's shared advisory lock before it erases, held to its commit: a page being kept
// (under the exclusive one) is either committed first, and erased here, or refused.

/** The person cards' advisory lock namespace (migration 20270116090000), which keeping a page takes too (adapters/postgres/kept-pages.ts). */
const LOCK = 27;

const TABLES = ['persons', 'names', 'events', 'relationships', 'places'] as const;

/**
 * The erasure trigger's function, made by `verb`: `also`, statements run for each tree `t` after its
 * pages go (migration 20270202090000 redefines it to take the tree's last pass too).
 */
export const personPagesForget = (verb: 'create' | 'create or replace' = 'create', also = ''): string => `${verb} function "person_pages_forget"() returns trigger language plpgsql as $$
      declare
        t uuid;
      begin
        if current_setting('transaction_isolation') <> 'read committed' then
          raise exception 'an erasure of persons, names, events, relationships or places must run at read committed (person pages)';
        end if;
        for t in select distinct o.tree_id from erased o order by 1 loop
          perform pg_advisory_xact_lock_shared(${LOCK}, hashtext(t::text));
          delete from person_pages k where k.tree_id = t;${also}
        end loop;
        return null;
      end $$`;

export class Migration20270119090000_person_pages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "person_pages" ("person_id" uuid not null, "tree_id" uuid not null, "key" text not null, "body" text not null, constraint "person_pages_pkey" primary key ("person_id"))`);
    this.addSql(`alter table "person_pages" add constraint "person_pages_person_id_foreign" foreign key ("person_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "person_pages" add constraint "person_pages_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`create index "person_pages_tree_id_index" on "person_pages" ("tree_id")`);
    this.addSql(personPagesForget());
    for (const table of TABLES) {
      this.addSql(`create trigger "${table}_pages_erase" after delete on "${table}" referencing old table as erased for each statement execute function "person_pages_forget"()`);
      this.addSql(`alter table "${table}" enable always trigger "${table}_pages_erase"`);
    }
  }

  override async down(): Promise<void> {
    for (const table of TABLES) this.addSql(`drop trigger if exists "${table}_pages_erase" on "${table}"`);
    this.addSql(`drop function if exists "person_pages_forget"()`);
    this.addSql(`drop table if exists "person_pages"`);
  }
}
