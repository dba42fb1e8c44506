import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import type { Media, MediaTarget } from '../model.js';
import { checkTarget } from '../target.js';

/** `target`: a new attachment, null to detach, absent to keep it. */
export type MediaUpdate = { readonly title?: string; readonly target?: MediaTarget | null };

export const updateMedia =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'events' | 'sources' | 'media' | 'audit'>) =>
  async (actor: Actor, id: Id, input: MediaUpdate): AsyncResult<Media> => {
    const title = input.title?.trim();
    if (title !== undefined && title.length > 1000) return fail(invalidInput('invalid_input', 'The title is too long.', [{ path: 'title', message: 'at most 1000 characters' }]));
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'media', id, await tx.media.byId(id));
      if (E.isLeft(found)) return found;
      const m = found.right.record;
      const target = input.target === undefined ? ok(m.target) : await checkTarget(tx, m.treeId, input.target);
      if (E.isLeft(target)) return target;
      const next: Media = { ...m, title: title ?? m.title, target: target.right, updatedAt: deps.clock.now() };
      await tx.media.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'media.update', { type: 'media', id, treeId: m.treeId }, {
        target_kind: next.target?.kind ?? null, target_id: next.target?.id ?? null,
      }));
      return ok(next);
    });
  };
