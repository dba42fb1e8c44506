import { Migration } from '@mikro-orm/migrations';

// The events that name a place are found by index (issue 27). events.place_id names a place (ON
// DELETE SET NULL), so every place deleted (a tree's purge, an account's deletion, the purge of
// soft-deleted places) made PostgreSQL look for the events at it: without an index, a scan of the
// whole events table, every tenant's rows, per place. 20 places of a database of about 820,000
// events took 7.3 s (20 scans), and the purge of a 100,000-person tree of 279 places there 92.7 s
// against 27.8 s with this index; a researched tree holds thousands of places, each one scan of the
// events table. Events without a place are left out of the index. It costs a GEDCOM import about
// 0.45 s per 100,000 persons (README, "A purge costs its rows, not the database").
export class Migration20270130090000_events_place_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "events_place_id_index" on "events" ("place_id") where "place_id" is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "events_place_id_index"');
  }
}
