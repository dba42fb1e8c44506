import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { accessTree } from '../access.js';
import type { QueryDeps } from '../../deps.js';
import type { AiProviderInfo, TreeDeps } from '../deps.js';
import type { Tree } from '../model.js';

export type AiPolicyView = {
  readonly aiMemberProvider: string | null;
  readonly aiRecommenderProvider: string | null;
  readonly providers: readonly AiProviderInfo[];
  /**
   * False when the policy names a provider that is no longer configured (removed from AI_PROVIDERS):
   * the assistant then answers 409 ai_disabled. True when every named provider is configured.
   */
  readonly available: boolean;
  readonly aiMemberAvailable: boolean;
  readonly aiRecommenderAvailable: boolean;
};

export const aiPolicyView = (tree: Tree, providers: readonly AiProviderInfo[]): AiPolicyView => ({
  aiMemberProvider: tree.aiMemberProvider,
  aiRecommenderProvider: tree.aiRecommenderProvider,
  providers: providers.map((p) => ({ name: p.name, model: p.model })),
  ...availability(tree, providers),
});

const availability = (tree: Tree, providers: readonly AiProviderInfo[]) => {
  const configured = (name: string | null) => name !== null && providers.some((p) => p.name === name);
  const member = configured(tree.aiMemberProvider);
  const recommender = configured(tree.aiRecommenderProvider);
  return {
    available: (tree.aiMemberProvider === null || member) && (tree.aiRecommenderProvider === null || recommender),
    aiMemberAvailable: member,
    aiRecommenderAvailable: recommender,
  };
};

/** Owner only: the tree's policy and the configured providers by name and model, never a key. */
export const getAiPolicy =
  (deps: Pick<QueryDeps<'trees' | 'memberships'>, 'storage'> & Pick<TreeDeps, 'aiProviders'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<AiPolicyView> => {
    const access = await accessTree(deps.storage, actor, treeId, 'owner');
    return E.isLeft(access) ? access : ok(aiPolicyView(access.right.tree, deps.aiProviders));
  };
