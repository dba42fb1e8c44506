import { signedInUser, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { newId } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import type { Role, TreeRead, Visibility } from '../model.js';
import { checkTreeName } from './update-tree.js';

export type CreateTreeInput = { readonly name: string; readonly description?: string; readonly visibility?: Visibility };

/** Creates a tree; the caller becomes its owner. New trees are private unless asked otherwise. */
export const createTree =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'>) =>
  async (caller: Actor, input: CreateTreeInput): AsyncResult<TreeRead & { readonly role: Role }> => {
    const signedIn = signedInUser(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const bad = checkTreeName(input.name);
    if (bad) return fail(bad);
    return deps.storage.uow.run(async (tx) => {
      const now = deps.clock.now();
      const tree = {
        id: newId(),
        name: input.name.trim(),
        description: input.description ?? '',
        visibility: input.visibility ?? 'private',
        homePersonId: null,
        aiMemberProvider: null,
        aiRecommenderProvider: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      } as const;
      await tx.trees.insert(tree);
      await tx.memberships.insert({ treeId: tree.id, userId: actor.userId, role: 'owner', createdAt: now });
      await tx.audit.record(
        auditEntry(deps.clock, actor.userId, 'tree.create', { type: 'tree', id: tree.id, treeId: tree.id }, { visibility: tree.visibility }),
      );
      return ok({ ...tree, ownerId: actor.userId, role: 'owner' as const });
    });
  };
