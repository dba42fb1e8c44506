import type { GenealogicalDate } from '../kernel/date.js';
import type { Id } from '../kernel/ids.js';
import type { NameType, Sex } from '../people/model.js';
import type { Dismissal } from './model.js';

export type DuplicateName = { readonly givenName: string; readonly surname: string; readonly nameType: NameType };

/** A live person of a tree as the duplicate finder weighs them. */
export type DuplicateSubject = {
  readonly id: Id;
  readonly sex: Sex | null;
  /** Live names, the primary first, then by id. */
  readonly names: readonly DuplicateName[];
};

export const duplicateFactTypes = ['birth', 'baptism', 'christening', 'death', 'burial', 'cremation'] as const;

/**
 * A live birth or death fact of a live person: the year its date starts in; `day` (`year-month-day`)
 * when the date is a single day (qualifier exact, about, calculated or estimated, with month and day);
 * and its place text. Each null when unknown.
 */
export type DuplicateFact = {
  readonly personId: Id;
  readonly type: (typeof duplicateFactTypes)[number];
  readonly year: number | null;
  readonly day: string | null;
  readonly place: string | null;
};

/** DuplicateFact.day of a date. */
export const dayOf = (d: GenealogicalDate | null): string | null =>
  d === null || d.day === undefined || d.month === undefined || d.year === undefined || !['exact', 'about', 'calculated', 'estimated'].includes(d.qualifier)
    ? null : `${d.year}-${d.month}-${d.day}`;

/** The tree-wide reads of the duplicate finder (two statements a page) and the dismissed pairs. */
export type DuplicateStore = {
  /**
   * A page of the tree's subjects, by id: the live persons with at least one live name whose id is
   * after `after` (from the first when null), at most `limit` of them, with their live names (the
   * primary first, then by name id); and those persons' live birth and death facts (the six types of
   * DuplicateFact), in no particular order. A tree is read page by page, so a large one is never held
   * whole as rows.
   */
  readonly subjectsAfter: (treeId: Id, after: Id | null, limit: number) => Promise<{ readonly subjects: readonly DuplicateSubject[]; readonly facts: readonly DuplicateFact[] }>;
  /** Every dismissed pair of the tree, in no particular order. */
  readonly dismissed: (treeId: Id) => Promise<readonly Dismissal[]>;
  /** The dismissed pairs that involve `personId`, in no particular order. */
  readonly dismissedWith: (treeId: Id, personId: Id) => Promise<readonly Dismissal[]>;
  /** Records a dismissal; false (and nothing written) when that unordered pair is already dismissed. */
  readonly dismiss: (dismissal: Dismissal) => Promise<boolean>;
};
