import { Migration } from '@mikro-orm/migrations';

// Kept person cards (issue 27): a person as a member reads them (GET /persons/{id}: the person row,
// their live names, their birth and death vitals with their places' names), written once as the JSON
// the API answers, so that a person read, a search's page or a batch passes text instead of
// gathering and formatting a person's names and vitals on every read. A card is a cache of the
// person's own rows, never of a decision: who reads it in full, redacted or not at all is still the
// privacy rule, applied at the read, and a read finds no card computes the same text live.
//
// A card is removed in the very statement that changes what it shows: a change (insert, update or
// delete) of the person's row, names or events (their person, old and new), or of a place's name.
// Those statements' triggers take, per tree they touch, a shared advisory lock (27, hashtext(tree
// id)) held to their commit; the filler (adapters/postgres/person-cards.ts) writes cards of a tree
// only under the exclusive one, tried without waiting, so it never writes a card from a snapshot a
// change is still missing: a change either committed before the filler's snapshot, or waits for its
// commit and then removes what it wrote. The triggers skip the delete for a tree with no card at all
// (a new tree, a first import), and fire ALWAYS (a bulk import runs with session_replication_role =
// replica). A card goes with its person (cascade), so a purge or an account deletion leaves none.
// Such changes run at read committed (each statement of a trigger sees what committed before it);
// one at another isolation level is refused rather than left to keep a card its snapshot cannot see.

const LOCK = 27;

const forget = (name: string, person: string, rows: string): string => `create function "${name}"() returns trigger language plpgsql as $$
    declare
      t uuid;
    begin
      ${READ_COMMITTED}
      for t in select distinct r.tree_id from (${rows}) r order by 1 loop
        perform pg_advisory_xact_lock_shared(${LOCK}, hashtext(t::text));
        if exists (select 1 from person_cards c where c.tree_id = t) then
          delete from person_cards c where c.person_id in (select r.${person} from (${rows}) r where r.tree_id = t and r.${person} is not null);
        end if;
      end loop;
      return null;
    end $$`;

// A transaction with one snapshot (repeatable read, serializable) would not see a card a step
// committed while it waited for the lock, and would leave it: such a change is refused, loudly.
const READ_COMMITTED = `if current_setting('transaction_isolation') <> 'read committed' then
        raise exception 'a change of persons, names, events or places must run at read committed (person cards)';
      end if;`;

const TABLES = [['persons', 'id'], ['names', 'person_id'], ['events', 'person_id']] as const;
const OPS = [
  ['insert', 'referencing new table as cards_new', 'select * from cards_new'],
  ['update', 'referencing old table as cards_old new table as cards_new', 'select * from cards_old union all select * from cards_new'],
  ['delete', 'referencing old table as cards_old', 'select * from cards_old'],
] as const;

export class Migration20270116090000_person_cards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "person_cards" ("person_id" uuid not null, "tree_id" uuid not null, "card" text not null, constraint "person_cards_pkey" primary key ("person_id"))`);
    this.addSql(`alter table "person_cards" add constraint "person_cards_person_id_foreign" foreign key ("person_id") references "persons" ("id") on update cascade on delete cascade`);
    this.addSql(`alter table "person_cards" add constraint "person_cards_tree_id_foreign" foreign key ("tree_id") references "trees" ("id") on update cascade on delete cascade`);
    this.addSql(`create index "person_cards_tree_id_index" on "person_cards" ("tree_id")`);
    for (const [table, person] of TABLES)
      for (const [op, referencing, rows] of OPS) {
        // A new person has no card yet: their row's insert removes nothing.
        if (table === 'persons' && op === 'insert') continue;
        const fn = `person_cards_forget_${table}_${op}`;
        this.addSql(forget(fn, person, rows));
        this.addSql(`create trigger "${table}_cards_${op}" after ${op} on "${table}" ${referencing} for each statement execute function "${fn}"()`);
        this.addSql(`alter table "${table}" enable always trigger "${table}_cards_${op}"`);
      }
    // A place's name is on the cards of the persons whose events are there (renames are rare: row by row).
    this.addSql(`create function "person_cards_forget_place"() returns trigger language plpgsql as $$
      begin
        ${READ_COMMITTED}
        perform pg_advisory_xact_lock_shared(${LOCK}, hashtext(new.tree_id::text));
        delete from person_cards c where c.person_id in (select e.person_id from events e where e.place_id = new.id and e.person_id is not null);
        return null;
      end $$`);
    this.addSql(`create trigger "places_cards_rename" after update of "name" on "places" for each row when (old.name is distinct from new.name) execute function "person_cards_forget_place"()`);
    this.addSql(`alter table "places" enable always trigger "places_cards_rename"`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "places_cards_rename" on "places"`);
    this.addSql(`drop function if exists "person_cards_forget_place"()`);
    for (const [table] of TABLES)
      for (const [op] of OPS) {
        if (table === 'persons' && op === 'insert') continue;
        this.addSql(`drop trigger if exists "${table}_cards_${op}" on "${table}"`);
        this.addSql(`drop function if exists "person_cards_forget_${table}_${op}"()`);
      }
    this.addSql(`drop table if exists "person_cards"`);
  }
}
