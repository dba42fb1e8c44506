import { Migration } from '@mikro-orm/migrations';

// GEDCOM lines kept verbatim (issue 28, core/gedcom/extensions.ts): what an import does not map to
// the model stays on the row it came from (`gedcom_extra`, JSON text, null for every row that has
// none: adding a nullable column without a default rewrites no table), and an import's records that
// no row takes (a REPO before repositories, `_EVENT_DEFN`, a note nothing references, SUBN) stay on
// the import's own row (`imports.kept`), with the extension tags of all it kept. Export writes them
// back; an undone import's `kept` is no longer written; a purge deletes the rows and the imports.

const TABLES = ['persons', 'names', 'events', 'relationships', 'sources', 'citations', 'media'] as const;

export class Migration20261231090000_gedcom_kept extends Migration {
  override async up(): Promise<void> {
    for (const t of TABLES) this.addSql(`alter table "${t}" add column "gedcom_extra" text null`);
    this.addSql(`alter table "imports" add column "kept" jsonb null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "imports" drop column "kept"`);
    for (const t of TABLES) this.addSql(`alter table "${t}" drop column "gedcom_extra"`);
  }
}
