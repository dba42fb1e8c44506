// What the entity schemas share. Table mapping only: repositories read and write with SQL returning
// plain rows (the row mappers are in ../tables/), so these row types exist for the schema generator
// and the migration diff, not for callers.

export const timestamptz = { type: 'Date', columnType: 'timestamptz' } as const;

// Every tree-owned row cascades from its tree, so purging a tree is one delete. Expression and
// partial indexes are declared with their full SQL (`expression`): MikroORM compares such indexes by
// name only, so the migration diff stays empty while the definitions live here.

/** The soft-deletion stamp of a record that can be restored: when, and by which deletion. */
export const deletion = {
  deletedAt: { ...timestamptz, nullable: true },
  deletionId: { type: 'uuid', nullable: true },
} as const;

/**
 * A record's creation when a bulk write (an import, `genealogy.history = lean`) made it: its place in
 * the history's order and its transaction, set by the defaults and only then (migration
 * 20270122090000; adapters/postgres/history.ts reads them as the record's `create` change).
 */
export const leanCreation = {
  createdSeq: { type: 'bigint', columnType: 'bigint', nullable: true, defaultRaw: 'history_lean_seq()' },
  createdXact: { type: 'bigint', columnType: 'bigint', nullable: true, defaultRaw: 'history_lean_xact()' },
} as const;

/** The tree's creations that its rows carry, in the history's order. */
export const leanCreationIndex = (table: string) =>
  ({ name: `${table}_created_seq_index`, expression: `create index "${table}_created_seq_index" on "${table}" ("tree_id", "created_seq") where "created_seq" is not null` }) as const;

/** The soft-deleted rows of a table, which the hourly purge reads by it (migration 20270131090000): a live row has none. */
export const deletedRowsIndex = (table: string) =>
  ({ name: `${table}_deleted_at_index`, expression: `create index "${table}_deleted_at_index" on "${table}" ("deleted_at") where "deleted_at" is not null` }) as const;
