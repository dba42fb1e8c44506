import type { Clock } from '../shared/clock.js';
import type { Storage } from '../shared/ports.js';

/** A configured AI model provider as the policy sees it: never its key. */
export type AiProviderInfo = { readonly name: string; readonly model: string };

export type TreeDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly aiProviders: readonly AiProviderInfo[];
};
