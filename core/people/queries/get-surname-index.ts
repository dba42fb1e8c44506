import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { PersonCounts, SurnameCount, SurnameLetter, SurnamePage } from '../ports.js';

export type SurnameIndex = { readonly counts: PersonCounts; readonly letters: readonly SurnameLetter[]; readonly surnames: readonly SurnameCount[] };

/**
 * A viewable tree's surname index as a non-member reads it (the public surface: a tree the caller may
 * not view is 404): the persons not hidden and those in full, and the primary surnames of the persons
 * shown in full, by letter, one page (PublicPageReads.surnames). A withheld person's surname is never
 * counted: a redacted person's name is what is withheld.
 */
export const getSurnameIndex =
  (deps: QueryDeps<'publicPages' | 'trees' | 'memberships'>) =>
  async (actor: Actor, treeId: Id, page: SurnamePage): AsyncResult<SurnameIndex> => {
    const reader = await readerFor(deps.storage, actor, treeId, 'public');
    if (E.isLeft(reader)) return reader;
    const now = deps.clock.now();
    const [counts, index] = await Promise.all([deps.storage.publicPages.personCounts([treeId], now), deps.storage.publicPages.surnames(treeId, now, page)]);
    return ok({ counts: counts.get(treeId) ?? { shown: 0, full: 0 }, ...index });
  };
