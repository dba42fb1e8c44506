import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import type { Media } from '../model.js';

/** Soft delete: the bytes stay in the store until the purge worker removes row and object together. */
export const deleteMedia =
  (deps: CommandDeps<'trees' | 'memberships' | 'media' | 'audit'>) =>
  async (actor: Actor, id: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'media', id, await tx.media.byId(id));
      if (E.isLeft(found)) return found;
      const m = found.right.record;
      await tx.media.update({ ...m, deletedAt: deps.clock.now(), deletionId: newId() });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'media.delete', { type: 'media', id, treeId: m.treeId }));
      return ok(undefined);
    });

/** Brings back a soft-deleted item with its attachment (a purged target has already set it to null). */
export const restoreMedia =
  (deps: CommandDeps<'trees' | 'memberships' | 'media' | 'audit'>) =>
  async (actor: Actor, id: Id): AsyncResult<Media> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'media', id, await tx.media.byId(id), 'deleted');
      if (E.isLeft(found)) return found;
      const m = found.right.record;
      const next: Media = { ...m, deletedAt: null, deletionId: null, updatedAt: deps.clock.now() };
      await tx.media.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'media.restore', { type: 'media', id, treeId: m.treeId }));
      return ok(next);
    });
