import { actorId, type Actor } from '../../kernel/actor.js';
import type { JsonValue } from '../../kernel/audit.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { badReference, invalidInput, type DomainError } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { liveIn } from '../../kernel/deletion.js';
import { accessTree } from '../access.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { Role, TreeRead, Visibility } from '../model.js';

export type UpdateTreeInput = {
  readonly name?: string;
  readonly description?: string;
  readonly visibility?: Visibility;
  readonly homePersonId?: Id | null;
};

export const checkTreeName = (name: string): DomainError | null =>
  name.trim().length === 0 || name.length > 200
    ? invalidInput('invalid_input', 'A tree needs a name of 1 to 200 characters.', [{ path: 'name', message: '1 to 200 characters' }])
    : null;

/** Editor-gated update of name, description, visibility and home person. */
export const updateTree =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'audit'> & QueryDeps<'keptPages'>) =>
  async (actor: Actor, treeId: Id, input: UpdateTreeInput): AsyncResult<TreeRead & { readonly role: Role | null }> => {
    const updated = await deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const { tree, role } = access.right;
      if (input.name !== undefined) {
        const bad = checkTreeName(input.name);
        if (bad) return fail(bad);
      }
      if (input.homePersonId != null && !liveIn(treeId, await tx.persons.byId(input.homePersonId))) return fail(badReference('home_person_id', 'person'));
      const next = {
        ...tree,
        name: input.name?.trim() ?? tree.name,
        description: input.description ?? tree.description,
        visibility: input.visibility ?? tree.visibility,
        homePersonId: input.homePersonId === undefined ? tree.homePersonId : input.homePersonId,
        updatedAt: deps.clock.now(),
      };
      await tx.trees.update(next);
      const changed: Record<string, JsonValue> = {};
      // Name and description as changed (true), never their text: the entry outlives the tree.
      if (next.name !== tree.name) changed['name'] = true;
      if (next.description !== tree.description) changed['description'] = true;
      if (next.visibility !== tree.visibility) changed['visibility'] = next.visibility;
      if (next.homePersonId !== tree.homePersonId) changed['home_person_id'] = next.homePersonId;
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'tree.update', { type: 'tree', id: tree.id, treeId: tree.id }, changed));
      return ok({ ...next, role });
    });
    // A tree visitors may read now asks for its kept pages (KeptPageStore), once this is committed.
    if (E.isRight(updated) && (updated.right.visibility === 'public' || updated.right.visibility === 'unlisted')) deps.storage.keptPages.miss(treeId);
    return updated;
  };
