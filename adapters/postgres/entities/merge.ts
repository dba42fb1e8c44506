import { EntitySchema } from '@mikro-orm/postgresql';
import { timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';
import { PersonSchema, type PersonRow } from './people.js';

export type PersonMergeRow = { id: string; tree: TreeRow; kept: PersonRow; other: PersonRow; moved: object; createdAt: Date };

/** What each merge moved from the other person to the kept one, keyed by the merge's deletion id: restoring the other person undoes it. */
export const PersonMergeSchema = new EntitySchema<PersonMergeRow>({
  name: 'PersonMergeRow',
  tableName: 'person_merges',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    kept: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    other: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    moved: { type: 'json' },
    createdAt: { ...timestamptz },
  },
});
