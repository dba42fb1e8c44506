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
