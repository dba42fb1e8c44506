import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import type { Source } from '../model.js';
import { checkRepositoryLinks, NO_SOURCE_EXTRAS, trimRecorded, type SourceExtras } from '../source-fields.js';

type Deps = CommandDeps<'trees' | 'memberships' | 'sources' | 'repositories' | 'audit'>;
export type SourceInput = { readonly title?: string; readonly author?: string; readonly publication?: string; readonly notes?: string } & Partial<SourceExtras>;

/** The extras sent, trimmed, over `base`; repository links checked against the tree. */
const extrasOf = async (tx: Pick<Stores, 'repositories'>, treeId: Id, input: SourceInput, base: SourceExtras): Promise<Result<SourceExtras>> => {
  let repositories = base.repositories;
  if (input.repositories !== undefined) {
    const checked = await checkRepositoryLinks(tx, treeId, input.repositories, base.repositories);
    if ('error' in checked) return fail(checked.error);
    repositories = checked.ok;
  }
  return ok({
    abbreviation: input.abbreviation?.trim() ?? base.abbreviation,
    recordedEvents: input.recordedEvents === undefined ? base.recordedEvents : trimRecorded(input.recordedEvents),
    agency: input.agency?.trim() ?? base.agency,
    dataNotes: input.dataNotes ?? base.dataNotes,
    repositories,
  });
};

const needsTitle = () => invalidInput('invalid_input', 'A source needs a title.', [{ path: 'title', message: 'required' }]);

export const createSource =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: SourceInput & { readonly title: string }): AsyncResult<Source> => {
    if (input.title.trim() === '') return fail(needsTitle());
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const extras = await extrasOf(tx, treeId, input, NO_SOURCE_EXTRAS);
      if (E.isLeft(extras)) return extras;
      const now = deps.clock.now();
      const source: Source = {
        id: newId(), treeId, title: input.title.trim(), author: input.author ?? '', publication: input.publication ?? '', notes: input.notes ?? '',
        ...extras.right, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
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
      const extras = await extrasOf(tx, s.treeId, input, s);
      if (E.isLeft(extras)) return extras;
      const next = {
        ...s, title: input.title?.trim() ?? s.title, author: input.author ?? s.author, publication: input.publication ?? s.publication,
        notes: input.notes ?? s.notes, ...extras.right, updatedAt: deps.clock.now(),
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
