import type { GedcomKept } from '../people/model.js';
import type { Id } from '../kernel/ids.js';
import type { Deletion } from '../kernel/deletion.js';

export type Source = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly title: string;
  readonly author: string;
  readonly publication: string;
  readonly notes: string;
  /** GEDCOM ABBR: a short title to file or find the source by ('' when none). */
  readonly abbreviation: string;
  /** GEDCOM SOUR.DATA.EVEN: the kinds of events the source records, each with the period and place it covers. */
  readonly recordedEvents: readonly RecordedEvents[];
  /** GEDCOM SOUR.DATA.AGNC: the person or office responsible for the data ('' when none). */
  readonly agency: string;
  /** GEDCOM SOUR.DATA.NOTE: notes on the data the source holds, apart from the source's own notes. */
  readonly dataNotes: string;
  /** GEDCOM SOUR.REPO with CALN: where the source is held, in order; each repository at most once. */
  readonly repositories: readonly RepositoryLink[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** One SOUR.DATA.EVEN: GEDCOM event tags as written (`BIRT, DEAT`), and its DATE (a period, as text) and PLAC; '' when absent. */
export type RecordedEvents = { readonly events: string; readonly date: string; readonly place: string };

/** A source held by a repository of the same tree, under a call number ('' when none). */
export type RepositoryLink = { readonly repositoryId: Id; readonly callNumber: string };

/** A repository (GEDCOM REPO): an archive, library or person that holds sources. */
export type Repository = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly name: string;
  /** The postal address as lines of text ('' when none). */
  readonly address: string;
  readonly notes: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

export const citationTargets = ['person', 'event', 'name', 'relationship'] as const;
export type CitationTargetKind = (typeof citationTargets)[number];

export type Citation = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly sourceId: Id;
  /** Exactly one target. */
  readonly target: { readonly kind: CitationTargetKind; readonly id: Id };
  readonly page: string;
  /** What the source says for the fact (GEDCOM DATA.TEXT). */
  readonly detail: string;
  /** When the source recorded the fact, as written (GEDCOM DATA.DATE: `3 JAN 1900`); empty when not known. */
  readonly entryDate: string;
  /** The researcher's notes on this citation (GEDCOM NOTE under the citation). */
  readonly notes: string;
  /** GEDCOM QUAY: 0..3, or null when unknown. */
  readonly confidence: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};
