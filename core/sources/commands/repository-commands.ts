import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import type { Repository } from '../model.js';

type Deps = CommandDeps<'trees' | 'memberships' | 'repositories' | 'audit'>;
export type RepositoryInput = { readonly name?: string; readonly address?: string; readonly notes?: string };

const needsName = () => invalidInput('invalid_input', 'A repository needs a name.', [{ path: 'name', message: 'required' }]);

/** Creates a repository (an archive, library or person holding sources) in the tree (editor). */
export const createRepository =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: RepositoryInput & { readonly name: string }): AsyncResult<Repository> => {
    if (input.name.trim() === '') return fail(needsName());
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const now = deps.clock.now();
      const repository: Repository = {
        id: newId(), treeId, name: input.name.trim(), address: input.address?.trim() ?? '', notes: input.notes ?? '',
        createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
      };
      await tx.repositories.insert(repository);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'repository.create', { type: 'repository', id: repository.id, treeId }));
      return ok(repository);
    });
  };

export const updateRepository =
  (deps: Deps) =>
  async (actor: Actor, id: Id, input: RepositoryInput): AsyncResult<Repository> => {
    if (input.name !== undefined && input.name.trim() === '') return fail(needsName());
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'repository', id, await tx.repositories.byId(id));
      if (E.isLeft(found)) return found;
      const r = found.right.record;
      const next = { ...r, name: input.name?.trim() ?? r.name, address: input.address?.trim() ?? r.address, notes: input.notes ?? r.notes, updatedAt: deps.clock.now() };
      await tx.repositories.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'repository.update', { type: 'repository', id, treeId: r.treeId }));
      return ok(next);
    });
  };

/**
 * Soft-deletes a repository. Sources that name it keep the link (a link is part of the source, and
 * the repository may come back); export writes only links to live repositories.
 */
export const deleteRepository =
  (deps: Deps) =>
  async (actor: Actor, id: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'repository', id, await tx.repositories.byId(id));
      if (E.isLeft(found)) return found;
      const r = found.right.record;
      await tx.repositories.update({ ...r, deletedAt: deps.clock.now() });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'repository.delete', { type: 'repository', id, treeId: r.treeId }));
      return ok(undefined);
    });
