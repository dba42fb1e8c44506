import { Migration } from '@mikro-orm/migrations';

// A streamed GEDCOM import (issue 14) writes rows in batches as the file arrives, and a row may point
// at one a later batch writes: a family before its members, a citation before its SOUR record at the
// end of the file. These references become deferrable (still checked at once unless a transaction
// defers them), and the import defers them to its commit, where they are checked all the same.
const DEFERRED: readonly (readonly [table: string, constraint: string])[] = [
  ['relationships', 'relationships_person_a_id_foreign'],
  ['relationships', 'relationships_person_b_id_foreign'],
  ['names', 'names_person_id_foreign'],
  ['events', 'events_person_id_foreign'],
  ['events', 'events_partnership_id_foreign'],
  ['events', 'events_place_id_foreign'],
  ['citations', 'citations_source_id_foreign'],
];

// Where the role may, the import's COPYs run with session_replication_role = replica, which skips the
// foreign keys' per-row triggers (it then checks every reference at the end, set-wise: adapters/postgres
// bulk.ts); the name_words triggers must fire all the same, so they fire ALWAYS.
// names_search_trgm_index is dropped: no query has used it since name search matches words (issue 13),
// and every name written paid for it.
export class Migration20261201100000_import_deferrable extends Migration {
  override async up(): Promise<void> {
    for (const [table, constraint] of DEFERRED) this.addSql(`alter table "${table}" alter constraint "${constraint}" deferrable initially immediate`);
    this.addSql(`alter table "names" enable always trigger "names_words_insert"`);
    this.addSql(`alter table "names" enable always trigger "names_words_update"`);
    this.addSql(`drop index if exists "names_search_trgm_index"`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "names_search_trgm_index" on "names" using gin ((lower(given_name || ' ' || surname)) gin_trgm_ops)`);
    this.addSql(`alter table "names" enable trigger "names_words_update"`);
    this.addSql(`alter table "names" enable trigger "names_words_insert"`);
    for (const [table, constraint] of DEFERRED) this.addSql(`alter table "${table}" alter constraint "${constraint}" not deferrable`);
  }
}
