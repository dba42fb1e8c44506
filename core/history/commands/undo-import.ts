import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { RecordKind } from '../model.js';
import { historyAccess } from '../access.js';
import { changedSince, revertChange } from '../revert.js';

export type UndoImportInput = { readonly force?: boolean };

export type UndoneImport = {
  readonly importId: Id;
  /** Records the import created, deleted now (recoverable for the purge window), by kind. */
  readonly deleted: { readonly [K in RecordKind]: number };
  /** Existing records it had changed (merged into, overwritten), put back. */
  readonly reverted: number;
  /** Records changed by someone since the import, left as they are (none with `force`). At most 1,000 listed. */
  readonly left: readonly { readonly kind: RecordKind; readonly id: Id }[];
};

/**
 * Undoes a GEDCOM import (editor), in one transaction and as one change of origin `restore`: what
 * it created is deleted (set-wise, recoverable like any deletion), what it changed of existing
 * persons (notes merged in, a person overwritten) is put back. A record someone changed since the
 * import is left and listed, unless `force`. An import is undone once (409 after).
 */
export const undoImport =
  (deps: CommandDeps<'history' | 'imports' | 'trees' | 'memberships' | 'audit' | 'deletions' | 'persons' | 'events'>) =>
  async (actor: Actor, treeId: Id, importId: Id, input: UndoImportInput): AsyncResult<UndoneImport> =>
    deps.storage.uow.run(async (tx) => {
      const access = await historyAccess(tx, actor, treeId, 'editor', { entity: 'tree', id: treeId });
      if (E.isLeft(access)) return access;
      const found = await tx.imports.byId(importId);
      if (found === null || found.treeId !== treeId) return fail(notFound('import', importId));
      if (found.undoneAt !== null) return fail(conflict('import_undone', 'This import was undone already.'));
      const force = input.force === true;
      const now = deps.clock.now();
      // Changes of existing records first, newest first, each as a restore would put it back.
      const left: { kind: RecordKind; id: Id }[] = [];
      const touched: Id[] = [];
      let reverted = 0;
      for (const change of await tx.history.otherChangesOf(importId)) {
        const state = await tx.history.state(change.recordType, change.recordId);
        if (state === null) continue;
        if (changedSince(change, state).length > 0 && !force) {
          left.push({ kind: change.recordType, id: change.recordId });
          continue;
        }
        await revertChange(tx, change, state, now);
        touched.push(...state.persons);
        reverted += 1;
      }
      const created = await tx.history.deleteCreatedBy(importId, { force, at: now, deletionId: newId() });
      await keepLifeFacts(tx, touched);
      await tx.imports.markUndone(importId, now);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'import.undo', { type: 'tree', id: treeId, treeId }, {
        import_id: importId, force, reverted, left: left.length + created.left.length, ...created.deleted,
      }));
      return ok({ importId, deleted: created.deleted, reverted, left: [...left, ...created.left].slice(0, 1000) });
    });
