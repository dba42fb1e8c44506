import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { accessTree } from '../access.js';
import type { AiProviderInfo, TreeDeps } from '../deps.js';
import type { Tree } from '../model.js';

export type AiPolicyView = {
  readonly aiMemberProvider: string | null;
  readonly aiRecommenderProvider: string | null;
  readonly providers: readonly AiProviderInfo[];
};

export const aiPolicyView = (tree: Tree, providers: readonly AiProviderInfo[]): AiPolicyView => ({
  aiMemberProvider: tree.aiMemberProvider,
  aiRecommenderProvider: tree.aiRecommenderProvider,
  providers: providers.map((p) => ({ name: p.name, model: p.model })),
});

/** Owner only: the tree's policy and the configured providers by name and model, never a key. */
export const getAiPolicy =
  (deps: TreeDeps) =>
  async (actor: Actor, treeId: Id): AsyncResult<AiPolicyView> => {
    const access = await accessTree(deps.storage, actor, treeId, 'owner');
    return E.isLeft(access) ? access : ok(aiPolicyView(access.right.tree, deps.aiProviders));
  };
