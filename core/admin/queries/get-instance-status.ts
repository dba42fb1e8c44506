import { signedInUser, type Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden } from '../../kernel/errors.js';
import type { QueryDeps } from '../../deps.js';
import { isInstanceOwner } from '../../identity/policy.js';
import type { AiProviderInfo } from '../../trees/deps.js';

export type InstanceStatus = {
  readonly version: string;
  readonly environment: string;
  readonly userCount: number;
  readonly treeCount: number;
  readonly aiProviders: readonly AiProviderInfo[];
};

export type AdminDeps = Pick<QueryDeps<'users' | 'trees'>, 'storage'> & {
  readonly ownerEmails: readonly string[];
  readonly version: string;
  readonly environment: string;
  readonly aiProviders: readonly AiProviderInfo[];
};

/** Instance owner only: counts and configuration, no tree or personal data. */
export const getInstanceStatus =
  (deps: AdminDeps) =>
  async (caller: Actor): AsyncResult<InstanceStatus> => {
    const signedIn = signedInUser(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const user = await deps.storage.users.byId(actor.userId);
    if (user === null || !isInstanceOwner(user, deps.ownerEmails)) return fail(forbidden('Only the instance owner may read the instance status.'));
    return ok({
      version: deps.version,
      environment: deps.environment,
      userCount: await deps.storage.users.count(),
      treeCount: await deps.storage.trees.count(),
      aiProviders: deps.aiProviders.map((p) => ({ name: p.name, model: p.model })),
    });
  };
