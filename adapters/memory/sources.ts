import type { CitationRepository, RepositoryRepository, SourceRepository } from '../../core/sources/ports.js';
import type { MemoryState } from './state.js';
import { page, replace } from './people.js';
import { shownFilter, shownFor, sourceShown } from './shown.js';

export const memorySources = (s: MemoryState): SourceRepository => ({
  byId: async (id) => s.sources.get(id) ?? null,
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    const visible = shown === null ? null : sourceShown(s, shown);
    return page(s.sources.values(), options, (x) => x.treeId === treeId && (visible === null || visible(x.id)));
  },
  shownAt: async (id, now) => sourceShown(s, shownFilter(s, now))(id),
  insert: async (source) => {
    s.sources.set(source.id, source);
  },
  update: async (source) => replace(s.sources, source),
});

export const memoryCitations = (s: MemoryState): CitationRepository => ({
  byId: async (id) => s.citations.get(id) ?? null,
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    return page(s.citations.values(), options, (c) => {
      if (c.treeId !== treeId) return false;
      // The source's state matters for the live listing only; the deleted listing shows what was deleted.
      if (options.deleted === true) return true;
      const source = s.sources.get(c.sourceId);
      return source !== undefined && source.deletedAt === null && (shown === null || shown.citation(c));
    });
  },
  insert: async (citation) => {
    s.citations.set(citation.id, citation);
  },
  update: async (citation) => replace(s.citations, citation),
});

export const memoryRepositories = (s: MemoryState): RepositoryRepository => ({
  byId: async (id) => s.repositories.get(id) ?? null,
  listByTree: async (treeId, options) => page(s.repositories.values(), options, (x) => x.treeId === treeId),
  liveIds: async (treeId, ids) => ids.filter((id) => {
    const r = s.repositories.get(id);
    return r !== undefined && r.treeId === treeId && r.deletedAt === null;
  }),
  insert: async (repository) => {
    s.repositories.set(repository.id, repository);
  },
  update: async (repository) => replace(s.repositories, repository),
});
