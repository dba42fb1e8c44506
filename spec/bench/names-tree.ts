import type pg from 'pg';
import { generateTree, type GeneratedTree } from './generate-tree.js';
import { femaleGivenNames, maleGivenNames, surnames } from './vocabulary.js';

// The tree of the search bench over many names: a generated tree whose persons then gain further
// non-primary names in SQL until the tree holds `names` names in all. Each added name is a married or
// maiden name (the person's given name with another surname) or an alias or other name (another given
// name with the person's surname), picked by an md5 of the primary name's id and the name's number:
// the same tree and size give the same names, ids included.

/** A hash of `text` as a non-negative integer (28 bits of its md5), in SQL. */
const hashOf = (text: string) => `('x' || substr(md5(${text}), 1, 7))::bit(28)::int`;

const addNames = `
  insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
  select md5(n.id::text || '/' || k)::uuid, n.tree_id, n.person_id,
         (array['alias', 'married', 'other', 'maiden'])[1 + k % 4], -- odd k: married, maiden
         case when k % 2 = 1 then n.given_name else ($4::text[])[1 + h.v % cardinality($4::text[])] end,
         case when k % 2 = 0 then n.surname else ($5::text[])[1 + h.v % cardinality($5::text[])] end,
         false, n.created_at
  from names n
  cross join generate_series(1, $2::int) as k
  cross join lateral (select ${hashOf(`n.id::text || ':' || k`)} as v) as h
  where n.tree_id = $1 and n.is_primary and n.deleted_at is null
  order by k, n.id
  limit $3`;

export type NamesTree = { readonly tree: GeneratedTree; readonly names: number };

/** Generates a tree of `persons` persons (seed `seed`), then adds names until it holds `names` of them. */
export const generateNamesTree = async (db: pg.ClientBase, o: { readonly persons: number; readonly names: number; readonly seed: number }): Promise<NamesTree> => {
  const tree = await generateTree(db, { persons: o.persons, seed: o.seed, treeName: `Synthetic names tree (${o.names} names)` });
  const missing = o.names - tree.counts.names;
  if (missing > 0) {
    const perPerson = Math.ceil(missing / tree.counts.persons);
    await db.query(addNames, [tree.treeId, perPerson, missing, [...maleGivenNames, ...femaleGivenNames], surnames]);
  }
  const count = await db.query<{ n: string }>('select count(*)::text as n from names where tree_id = $1 and deleted_at is null', [tree.treeId]);
  return { tree, names: Number(count.rows[0]!.n) };
};
