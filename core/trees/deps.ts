import type { Clock } from '../shared/clock.js';
import type { Storage } from '../shared/ports.js';
import type { BlobStore } from '../media/blob-store.js';

/** A configured AI model provider as the policy sees it: never its key. */
export type AiProviderInfo = { readonly name: string; readonly model: string };

export type TreeDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly aiProviders: readonly AiProviderInfo[];
  /** Media objects of a purged tree are removed from here after the purge commits. */
  readonly blobs: BlobStore;
};
