import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput, type FieldError } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import type { TreeDeps } from '../deps.js';
import { aiPolicyView, type AiPolicyView } from '../queries/get-ai-policy.js';

export type UpdateAiPolicyInput = {
  readonly aiMemberProvider?: string | null;
  readonly aiRecommenderProvider?: string | null;
};

/** Owner sets which configured provider each role uses; a name that is not configured is rejected. */
export const updateAiPolicy =
  (deps: CommandDeps<'trees' | 'memberships' | 'audit'> & Pick<TreeDeps, 'aiProviders'>) =>
  async (actor: Actor, treeId: Id, input: UpdateAiPolicyInput): AsyncResult<AiPolicyView> => {
    const known = new Set(deps.aiProviders.map((p) => p.name));
    const errors: FieldError[] = [];
    if (input.aiMemberProvider != null && !known.has(input.aiMemberProvider)) errors.push({ path: 'ai_member_provider', message: 'not a configured provider' });
    if (input.aiRecommenderProvider != null && !known.has(input.aiRecommenderProvider))
      errors.push({ path: 'ai_recommender_provider', message: 'not a configured provider' });
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'owner');
      if (E.isLeft(access)) return access;
      if (errors.length > 0) return fail(invalidInput('unknown_provider', 'Only configured AI providers can be chosen.', errors));
      const tree = access.right.tree;
      const next = {
        ...tree,
        aiMemberProvider: input.aiMemberProvider === undefined ? tree.aiMemberProvider : input.aiMemberProvider,
        aiRecommenderProvider: input.aiRecommenderProvider === undefined ? tree.aiRecommenderProvider : input.aiRecommenderProvider,
        updatedAt: deps.clock.now(),
      };
      await tx.trees.update(next);
      await tx.audit.record(
        auditEntry(deps.clock, actorId(actor), 'tree.update_ai_policy', { type: 'tree', id: treeId, treeId }, {
          ai_member_provider: next.aiMemberProvider,
          ai_recommender_provider: next.aiRecommenderProvider,
        }),
      );
      return ok(aiPolicyView(next, deps.aiProviders));
    });
  };
