import type { Clock } from '../kernel/clock.js';
import type { Storage } from '../stores.js';

/** A configured AI model provider as the policy sees it: never its key. */
export type AiProviderInfo = { readonly name: string; readonly model: string };

export type TreeDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly aiProviders: readonly AiProviderInfo[];
  /**
   * Removes the media objects that purges queued (media's removeQueuedBlobs, wired by the host):
   * called after a tree purge commits. What the object store refuses stays queued for the worker.
   */
  readonly reclaimBlobs: () => Promise<unknown>;
};
