import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import type { Source } from '../model.js';

type Deps = CommandDeps<'trees' | 'memberships' | 'sources' | 'audit'>;
export type SourceInput = { readonly title?: string; readonly author?: string; readonly publication?: string; readonly notes?: string };

const needsTitle = () => invalidInput('invalid_input', 'A source needs a title.', [{ path: 'title', message: 'required' }]);

export const createSource =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: SourceInput & { readonly title: string }): AsyncResult<Source> => {
    if (input.title.trim() === '') return fail(needsTitle());
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const now = deps.clock.now();
      const source: Source = {
        id: newId(), treeId, title: input.title.trim(), author: input.author ?? '', publication: input.publication ?? '', notes: input.notes ?? '',
        createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
      };
      await tx.sources.insert(source);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'source.create', { type: 'source', id: source.id, treeId }));
      return ok(source);
    });
  };

export const updateSource =
  (deps: Deps) =>
  async (actor: Actor, id: Id, input: SourceInput): AsyncResult<Source> => {
    if (input.title !== undefined && input.title.trim() === '') return fail(needsTitle());
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'source', id, await tx.sources.byId(id));
      if (E.isLeft(found)) return found;
      const s = found.right.record;
      const next = {
        ...s, title: input.title?.trim() ?? s.title, author: input.author ?? s.author, publication: input.publication ?? s.publication,
        notes: input.notes ?? s.notes, updatedAt: deps.clock.now(),
      };
      await tx.sources.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'source.update', { type: 'source', id, treeId: s.treeId }));
      return ok(next);
    });
  };

/** Soft-deletes a source; its citations disappear from reads with it. */
export const deleteSource =
  (deps: Deps) =>
  async (actor: Actor, id: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'source', id, await tx.sources.byId(id));
      if (E.isLeft(found)) return found;
      const s = found.right.record;
      await tx.sources.update({ ...s, deletedAt: deps.clock.now() });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'source.delete', { type: 'source', id, treeId: s.treeId }));
      return ok(undefined);
    });
