import { badReference, invalidInput, type DomainError } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { RecordedEvents, RepositoryLink, Source } from './model.js';

// What a source holds besides its title, author, publication and notes (issue 28: GEDCOM ABBR,
// SOUR.DATA and SOUR.REPO were lost on import), and the rule its repository links keep.

/** SOUR.DATA.EVEN entries a source keeps: a register names a handful of event kinds, 100 is beyond any real one. */
export const MAX_RECORDED_EVENTS = 100;
/** Repositories one source names: GEDCOM allows several, a real source has one or two. */
export const MAX_REPOSITORY_LINKS = 100;

export type SourceExtras = Pick<Source, 'abbreviation' | 'recordedEvents' | 'agency' | 'dataNotes' | 'repositories'>;

/** A source's extras when none are known (a source created with a title only, or read from an older backup). */
export const NO_SOURCE_EXTRAS: SourceExtras = { abbreviation: '', recordedEvents: [], agency: '', dataNotes: '', repositories: [] };

export const trimRecorded = (events: readonly RecordedEvents[]): RecordedEvents[] =>
  events.map((e) => ({ events: e.events.trim(), date: e.date.trim(), place: e.place.trim() }));

/**
 * The links as kept (call numbers trimmed), or why they are refused: a repository named twice, or one
 * that is not a live repository of the source's tree (422 `invalid_reference` at its index). A link
 * the source has already (`kept`) stays allowed when its repository was deleted since, so a client
 * that sends the list back as it read it is not refused.
 */
export const checkRepositoryLinks = async (
  tx: Pick<Stores, 'repositories'>, treeId: Id, links: readonly RepositoryLink[], kept: readonly RepositoryLink[] = [],
): Promise<{ readonly ok: RepositoryLink[] } | { readonly error: DomainError }> => {
  const seen = new Set<Id>();
  for (const [i, l] of links.entries()) {
    if (seen.has(l.repositoryId))
      return { error: invalidInput('invalid_input', 'A source names each repository once.', [{ path: `repositories.${i}.repository_id`, message: 'named twice' }]) };
    seen.add(l.repositoryId);
  }
  const had = new Set(kept.map((l) => l.repositoryId));
  const live = new Set(links.length === 0 ? [] : [...had, ...(await tx.repositories.liveIds(treeId, [...seen].filter((id) => !had.has(id))))]);
  const missing = links.findIndex((l) => !live.has(l.repositoryId));
  if (missing >= 0) return { error: badReference(`repositories.${missing}.repository_id`, 'repository') };
  return { ok: links.map((l) => ({ repositoryId: l.repositoryId, callNumber: l.callNumber.trim() })) };
};
