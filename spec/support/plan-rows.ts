// Rows a statement read, per table, from its plan as `EXPLAIN (ANALYZE, FORMAT JSON)` answers it:
// the specs that hold a statement to reading rows in proportion to its answer, not to the tables.

export type PlanNode = {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly 'Rows Removed by Index Recheck'?: number;
  readonly Plans?: readonly PlanNode[];
};

/** Rows read by each table's scans in `node` (kept plus filtered out, over every loop), added to `into`. */
export const rowsRead = (node: PlanNode, into: Map<string, number> = new Map()): Map<string, number> => {
  const relation = node['Relation Name'];
  if (relation !== undefined && /Scan/.test(node['Node Type']) && !/^(Bitmap Index|CTE|Subquery|Function|Values)/.test(node['Node Type'])) {
    const read = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'];
    into.set(relation, (into.get(relation) ?? 0) + read);
  }
  for (const child of node.Plans ?? []) rowsRead(child, into);
  return into;
};
