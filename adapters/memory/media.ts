import type { BlobRemovalQueue, MediaRepository } from '../../core/media/ports.js';
import type { MemoryState } from './state.js';
import { page } from './people.js';
import { shownFor, sourceShown } from './shown.js';

export const memoryMedia = (s: MemoryState): MediaRepository => ({
  byId: async (id) => s.media.get(id) ?? null,
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    const source = shown === null ? null : sourceShown(s, shown);
    return page(s.media.values(), options, (m) => m.treeId === treeId && (shown === null || shown.media(m, source!)));
  },
  insert: async (media) => {
    if (s.media.has(media.id)) throw new Error(`duplicate media id ${media.id}`);
    s.media.set(media.id, media);
  },
  // As in PostgreSQL: only title, attachment, updatedAt and the deletion stamp change.
  update: async (media) => {
    const current = s.media.get(media.id);
    if (current)
      s.media.set(media.id, { ...current, title: media.title, target: media.target, updatedAt: media.updatedAt, deletedAt: media.deletedAt, deletionId: media.deletionId });
  },
  fillFile: async (media) => {
    const current = s.media.get(media.id);
    if (current === undefined || current.storageKey !== null) return false;
    const { storageKey, checksum, size, contentType, fileName, updatedAt } = media;
    s.media.set(media.id, { ...current, storageKey, checksum, size, contentType, fileName, updatedAt });
    return true;
  },
});

/** Queues a storage key once, after every key queued before it. */
export const queueBlobRemoval = (s: MemoryState, key: string): void => {
  if (!s.blobRemovals.has(key)) s.blobRemovals.set(key, Math.max(0, ...s.blobRemovals.values()) + 1);
};

export const memoryBlobRemovals = (s: MemoryState): BlobRemovalQueue => {
  const enqueue = (key: string): void => queueBlobRemoval(s, key);
  return {
    enqueue: async (keys) => keys.forEach(enqueue),
    next: async (limit) => [...s.blobRemovals.entries()].sort((a, b) => a[1] - b[1]).slice(0, limit).map(([k]) => k),
    done: async (keys) => keys.forEach((k) => s.blobRemovals.delete(k)),
  };
};
