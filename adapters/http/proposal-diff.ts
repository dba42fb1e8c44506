import { E } from '../../core/kernel/either.js';
import type { Actor } from '../../core/kernel/actor.js';
import type { JsonValue } from '../../core/kernel/audit.js';
import { isUuid } from '../../core/kernel/ids.js';
import type { Proposal, ProposalOperation } from '../../core/proposals/model.js';
import { refOf } from '../../core/proposals/rules.js';
import { getPerson } from '../../core/people/queries/get-person.js';
import { getEvent } from '../../core/people/queries/get-event.js';
import { getRelationship } from '../../core/people/queries/get-relationship.js';
import { getSource } from '../../core/sources/queries/get-source.js';
import { getCitation } from '../../core/sources/queries/get-citation.js';
import { citationWire, eventWire, nameWire, personWire, relationshipWire, sourceWire } from './wire-records.js';
import type { HttpDeps } from './routes/deps.js';

/**
 * Per operation, what a reviewer compares: `before`, the current values of the fields the operation
 * changes (null for a create; the whole record for a delete; for a merge `{ person, other }`, the
 * kept and the other person, each null when gone or not in this tree; null when the record is gone or is not
 * in this tree) beside `after`, the proposed values (null for a delete). Records are read as the
 * calling member reads them, one read per operation.
 */
export type DiffEntry = { readonly index: number; readonly before: { readonly [k: string]: JsonValue } | null; readonly after: { readonly [k: string]: JsonValue } | null };

const current = async (deps: HttpDeps, actor: Actor, o: ProposalOperation, treeId: string): Promise<Record<string, JsonValue> | null> => {
  const id = o.id ?? '';
  // A stored id that is no id (a row kept from before ids were checked) names no record.
  if (!isUuid(id)) return null;
  const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, JsonValue>;
  const inTree = (r: Record<string, JsonValue>): Record<string, JsonValue> | null => (r['tree_id'] === treeId ? r : null);
  switch (o.entity) {
    case 'person': {
      const r = await getPerson(deps)(actor, id);
      return E.isRight(r) && r.right.person.treeId === treeId ? json(personWire(r.right)) : null;
    }
    case 'name': {
      const n = await deps.storage.names.byId(id);
      return n !== null && n.deletedAt === null && n.treeId === treeId ? json(nameWire(n)) : null;
    }
    case 'event': {
      const r = await getEvent(deps)(actor, id);
      return E.isRight(r) ? inTree(json(eventWire(r.right))) : null;
    }
    case 'relationship': {
      const r = await getRelationship(deps)(actor, id);
      return E.isRight(r) ? inTree(json(relationshipWire(r.right))) : null;
    }
    case 'source': {
      const r = await getSource(deps)(actor, id);
      return E.isRight(r) && r.right.treeId === treeId ? json(sourceWire(r.right)) : null;
    }
    case 'citation': {
      const r = await getCitation(deps)(actor, id);
      return E.isRight(r) && r.right.treeId === treeId ? json(citationWire(r.right)) : null;
    }
  }
};

/** A field of a record read as JSON: its own value or null, never something its prototype holds ("constructor"). */
const field = (record: Record<string, JsonValue>, key: string): JsonValue => (Object.hasOwn(record, key) ? record[key]! : null);

export const proposalDiff = async (deps: HttpDeps, actor: Actor, p: Proposal): Promise<DiffEntry[]> => {
  const out: DiffEntry[] = [];
  for (const [index, o] of p.operations.entries()) {
    const after = o.data === undefined ? null : { ...o.data };
    // A record created by this proposal is named by its ref until the apply has created it.
    const ref = o.id === undefined ? null : refOf(o.id);
    const createdId = ref === null ? undefined : p.refs.get(ref);
    const named = ref === null ? o : createdId === undefined ? null : { ...o, id: createdId };
    if (o.op === 'create' || named === null) {
      out.push({ index, before: null, after });
      continue;
    }
    if (o.op === 'merge') {
      const otherRaw = o.data === undefined ? null : field(o.data, 'other_id');
      const otherRef = refOf(otherRaw);
      const otherId = otherRef === null ? otherRaw : p.refs.get(otherRef);
      const other = typeof otherId === 'string' ? await current(deps, actor, { op: 'merge', entity: 'person', id: otherId }, p.treeId) : null;
      out.push({ index, before: { person: await current(deps, actor, named, p.treeId), other }, after });
      continue;
    }
    const record = await current(deps, actor, named, p.treeId);
    const before = record === null ? null : o.op === 'delete' ? record : Object.fromEntries(Object.keys(o.data ?? {}).map((k) => [k, field(record, k)]));
    out.push({ index, before, after });
  }
  return out;
};
