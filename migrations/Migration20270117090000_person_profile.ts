import { Migration } from '@mikro-orm/migrations';

// A person's profile (their live names, their live own events, and those events' places) as one JSON
// object, for the person read's statement (PersonRepository.readJson, issue 27) when the person is
// shown in full and has no kept card. As a function, and not sub-selects in the read's statement:
// PostgreSQL sets up every node of a plan before it runs, used or not, and the three sub-selects cost
// every read about 50 us of PostgreSQL (a third of it) though a read with a card never runs them; a
// PL/pgSQL function's statements are planned and set up only when it is called (their plans kept per
// connection). STABLE: it reads with the calling statement's snapshot, as the sub-selects did.
// adapters/postgres/people.ts profileColumn reads it; the first was written there as three sub-selects (the same rows in the same order).

export class Migration20270117090000_person_profile extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "person_profile"(person uuid) returns json language plpgsql stable as $$
      begin
        return json_build_object(
          'names', coalesce((select json_agg(n order by n.is_primary desc, n.id) from names n where n.person_id = person and n.deleted_at is null), '[]'),
          'events', coalesce((select json_agg(e order by e.id) from events e where e.person_id = person and e.deleted_at is null), '[]'),
          'places', coalesce((select json_agg(pl order by pl.id) from places pl
            where pl.id = any(array(select e.place_id from events e where e.person_id = person and e.deleted_at is null))), '[]'));
      end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists "person_profile"(uuid)`);
  }
}
