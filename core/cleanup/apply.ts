import { actorId, type Actor } from '../kernel/actor.js';
import { auditEntry } from '../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../kernel/either.js';
import { invalidInput, type FieldError } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { accessTree } from '../trees/access.js';
import { writePersonChanges, type PersonChange } from '../people/commands/write-person-changes.js';
import type { Person } from '../people/model.js';
import type { PersonInput } from '../people/write-vital.js';
import type { CommandDeps } from '../deps.js';

/** Most rows one apply takes: a whole 100,000-person tree. */
export const MAX_APPLY_ROWS = 100_000;

export type SkipReason = 'deleted' | 'already_deceased' | 'sex_already_set' | 'no_longer_flagged';
export type ApplyResult = { readonly updated: number; readonly skipped: readonly { readonly personId: Id; readonly reason: SkipReason }[] };

/** What an apply reads and writes in its transaction: access, the persons, and the person write path. */
export type ApplyStores = 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'audit' | 'bulk';

/** One row the caller kept: the person and what to write, with the request path to name in an error. */
export type ApplyRow = { readonly personId: Id; readonly input: PersonInput; readonly path: string };

/**
 * Re-checks the live persons of the selection inside the transaction: the patch to write, or why the
 * person no longer qualifies. Reads what it needs in a fixed number of queries for the whole batch.
 */
export type Recheck = (tx: Pick<Stores, 'names' | 'events'>, persons: readonly Person[]) => Promise<ReadonlyMap<Id, SkipReason>>;

/**
 * The apply shared by the cleanup tools: one transaction, all or nothing. Editor only; unknown ids
 * and persons of another tree are 422 and change nothing; a repeated person is 422 (two rows, one
 * person). Deleted persons and those the tool's `recheck` refuses are skipped and reported; the rest
 * go through the one person write path (an audited `person.update` each), then one `cleanup.apply`
 * entry records the tool and the counts. Statements do not grow with the number of rows.
 */
export const applyCleanup =
  (deps: CommandDeps<ApplyStores>) =>
  async (actor: Actor, treeId: Id, tool: string, selection: readonly ApplyRow[], recheck: Recheck): AsyncResult<ApplyResult> => {
    // A UUID is case-insensitive and the stores answer in lower case: compare the selection in it.
    const rows = selection.map((r) => ({ ...r, personId: r.personId.toLowerCase() }));
    if (rows.length > MAX_APPLY_ROWS) return fail(invalidInput('too_many_rows', `At most ${MAX_APPLY_ROWS} rows per apply.`));
    const byId = new Map<Id, ApplyRow>();
    const repeated: FieldError[] = [];
    for (const r of rows) {
      if (byId.has(r.personId)) repeated.push({ path: r.path, message: 'this person is already in the selection' });
      else byId.set(r.personId, r);
    }
    if (repeated.length > 0) return fail(invalidInput('duplicate_person', 'A person appears twice in the selection.', repeated.slice(0, 100)));
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const found = await tx.persons.inTree(treeId, [...byId.keys()]);
      const known = new Set(found.map((p) => p.id));
      const unknown = rows.filter((r) => !known.has(r.personId));
      if (unknown.length > 0)
        return fail(invalidInput('unknown_person', 'Some persons are not in this tree.', unknown.slice(0, 100).map((r) => ({ path: r.path, message: `no person ${r.personId} in this tree` }))));
      const live = found.filter((p) => p.deletedAt === null);
      const refused = await recheck(tx, live);
      const skipped: { personId: Id; reason: SkipReason }[] = [];
      const changes: PersonChange[] = [];
      const liveById = new Map(live.map((p) => [p.id, p]));
      for (const r of rows) {
        const p = liveById.get(r.personId);
        const reason: SkipReason | undefined = p === undefined ? 'deleted' : refused.get(r.personId);
        if (p === undefined || reason !== undefined) skipped.push({ personId: r.personId, reason: reason ?? 'deleted' });
        else changes.push({ person: p, input: r.input });
      }
      await writePersonChanges(tx, deps.clock, actor, changes);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'cleanup.apply', { type: 'tree', id: treeId, treeId }, {
        tool, requested: rows.length, updated: changes.length, skipped: skipped.length,
      }));
      return ok({ updated: changes.length, skipped });
    });
  };
