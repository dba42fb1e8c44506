import { EntitySchema } from '@mikro-orm/postgresql';
import { timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';
import { PersonSchema, type PersonRow } from './people.js';

export type DuplicateDismissalRow = { id: string; tree: TreeRow; personA: PersonRow; personB: PersonRow; dismissedBy: string | null; createdAt: Date };

/** Pairs a member said are not duplicates, one row per unordered pair (person_a_id < person_b_id), kept for good. */
export const DuplicateDismissalSchema = new EntitySchema<DuplicateDismissalRow>({
  name: 'DuplicateDismissalRow',
  tableName: 'duplicate_dismissals',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    personA: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade' },
    personB: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    dismissedBy: { type: 'uuid', nullable: true },
    createdAt: { ...timestamptz },
  },
  // (tree_id, id): the account backup pages a tree's dismissals by id.
  indexes: [{ properties: ['tree', 'id'] }, { name: 'duplicate_dismissals_pair_unique', expression: `create unique index "duplicate_dismissals_pair_unique" on "duplicate_dismissals" ("person_a_id", "person_b_id")` }],
});
