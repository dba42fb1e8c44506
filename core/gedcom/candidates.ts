import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import { birthFacts } from '../people/model.js';
import { searchableName, similarity } from '../people/trigram.js';
import { candidateLookup, type CandidateLookup } from '../duplicates/candidates.js';
import { blocksOf, prepareFinder, type FinderInput, type Prepared } from '../duplicates/finder.js';
import { readPrepared } from '../duplicates/read-tree.js';
import { eventLoopTurns, runInTurns } from '../kernel/turns.js';
import { dayOf, duplicateFactTypes, type DuplicateFact, type DuplicateSubject } from '../duplicates/ports.js';
import type { Level, Side } from '../duplicates/score.js';
import type { LinkIndex } from './mapping-links.js';
import type { GedcomNode, PlanPerson } from './types.js';

// The existing persons an incoming GEDCOM person may be (the preview's candidates, the import's
// default_action): the duplicate finder's scorer (core/duplicates) over the tree as the finder reads
// it, each incoming person made a finder's side with the names of its parents and partners in the
// file. Those may come later in the file than the person, so a caller notes every person's name as
// it passes, keeps the persons that share a block with someone (`mayMatch`), and scores them once the
// file's family links are known (`candidatesFor`, after the scan).

/** A candidate as the matcher finds it: the existing person, the finder's level and reasons. */
export type MatchCandidate = { readonly personId: Id; readonly score: Level; readonly reasons: readonly string[] };

export type ImportCandidate = {
  readonly personId: Id;
  readonly score: Level;
  /** The best trigram similarity between any name of each side, 0..1. */
  readonly similarity: number;
  readonly reasons: readonly string[];
};

/** Candidates per incoming person at most, the best first. */
export const MAX_CANDIDATES = 5;

/**
 * The tree as the finder reads it (listDuplicates' reads, a page at a time: read-tree.ts), blocked
 * once for lookups. Only the finder's view is kept, not the rows it was made from: a candidate's names
 * are read again when they are shown (`describeCandidates`).
 */
export type ExistingTree = {
  readonly prepared: Prepared;
  readonly lookup: CandidateLookup;
  readonly at: ReadonlyMap<Id, number>;
};

/** Read, prepared and blocked giving the event loop turns: a tree of 100,000 persons takes seconds. */
export const readExistingTree = async (stores: Pick<Stores, 'duplicates' | 'cleanup'>, treeId: Id): Promise<ExistingTree> => {
  const { prepared, index } = await readPrepared(stores, treeId);
  const lookup = candidateLookup(prepared, await runInTurns(blocksOf(prepared.sides)));
  return { prepared, lookup, at: index };
};

/** Candidates a statement of `describeCandidates` reads the names of. */
const NAMES_PAGE = 5_000;

/**
 * Each candidate of `found` as the preview shows it: with the primary name (its live names are read,
 * a page of persons a statement), the first birth fact's year, and the best trigram similarity
 * between any name of the incoming person and any of the candidate's.
 */
export const describeCandidates = async (
  names: Pick<Stores['names'], 'listByPersons'>, tree: ExistingTree, found: readonly { readonly person: PlanPerson; readonly candidates: readonly MatchCandidate[] }[],
): Promise<(ImportCandidate & { readonly displayName: string; readonly birthYear: number | null })[][]> => {
  const ids = [...new Set(found.flatMap((f) => f.candidates.map((c) => c.personId)))];
  const held = new Map<Id, { givenName: string; surname: string }[]>();
  for (let i = 0; i < ids.length; i += NAMES_PAGE)
    for (const n of await names.listByPersons(ids.slice(i, i + NAMES_PAGE))) {
      const list = held.get(n.personId);
      if (list === undefined) held.set(n.personId, [{ givenName: n.givenName, surname: n.surname }]);
      else list.push({ givenName: n.givenName, surname: n.surname });
    }
  // Scored giving the event loop turns, as the matching was: against a large tree the candidates are many.
  const turn = eventLoopTurns();
  const out: (ImportCandidate & { readonly displayName: string; readonly birthYear: number | null })[][] = [];
  for (const { person, candidates } of found) {
    await turn();
    const mine = person.names.map((n) => searchableName(n.givenName, n.surname)).filter((x) => x !== '');
    out.push(candidates.map((c) => {
      const theirs = held.get(c.personId) ?? [];
      let best = 0;
      for (const a of mine)
        for (const n of theirs) {
          const b = searchableName(n.givenName, n.surname);
          best = Math.max(best, a === b ? 1 : similarity(a, b));
        }
      const first = theirs[0];
      return {
        personId: c.personId, score: c.score, similarity: Math.round(best * 1000) / 1000, reasons: c.reasons,
        displayName: first === undefined ? '' : `${first.givenName} ${first.surname}`.trim(),
        birthYear: tree.prepared.sides[tree.at.get(c.personId) ?? -1]?.birthYear ?? null,
      };
    }));
  }
  return out;
};

const factTypes: ReadonlySet<string> = new Set(duplicateFactTypes);

/** The first birth fact's year (birth, else baptism, else christening), as the finder's sides take it. */
export const incomingBirthYear = (p: PlanPerson): number | null => {
  for (const type of birthFacts) {
    const e = p.events.find((x) => x.type === type && x.date?.year !== undefined);
    if (e !== undefined) return e.date!.year!;
  }
  return null;
};

/** The finder's subject and facts of an incoming person, its xref standing for its id. */
const subjectOf = (p: PlanPerson): { subject: DuplicateSubject; facts: DuplicateFact[] } => {
  const id = p.xref as Id;
  const names = [...p.names].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return {
    subject: { id, sex: p.sex, names: names.map((n) => ({ givenName: n.givenName, surname: n.surname, nameType: n.nameType })) },
    facts: p.events.filter((e) => factTypes.has(e.type)).map((e) => ({
      personId: id, type: e.type as DuplicateFact['type'], year: e.date?.year ?? null, day: dayOf(e.date), place: e.place,
    })),
  };
};

/** The families an INDI record names as a child (FAMC) and as a partner (FAMS). */
export type FamiliesOf = { readonly famc: readonly string[]; readonly fams: readonly string[] };

export const familiesOf = (record: GedcomNode): FamiliesOf => {
  const of = (tag: string) => record.children.filter((c) => c.tag === tag && c.pointer && c.value !== null && c.value !== '@VOID@').map((c) => c.value!);
  return { famc: of('FAMC'), fams: of('FAMS') };
};

export type ImportMatcher = {
  /** Remembers a person's primary name, for when it is a parent or partner of a person scored later. */
  readonly note: (p: PlanPerson) => void;
  /** Whether the person shares a block with an existing one that the cheap tests leave in (only those need keeping). */
  readonly mayMatch: (p: PlanPerson) => boolean;
  /** The best existing candidates, once the file's links are indexed and every person noted. */
  readonly candidatesFor: (p: PlanPerson, families: FamiliesOf, links: LinkIndex) => readonly MatchCandidate[];
};

export const importMatcher = (tree: ExistingTree): ImportMatcher => {
  // Only the primary name of each person: what a relative is compared by (score.ts `agreeing`).
  const primary = new Map<string, string>();
  const sideAlone = (p: PlanPerson): Side => {
    const { subject, facts } = subjectOf(p);
    return prepareFinder({ subjects: [subject], facts, parentEdges: [], partnerEdges: [] }).sides[0]!;
  };
  return {
    note: (p) => {
      const n = p.names.find((x) => x.isPrimary) ?? p.names[0];
      if (n !== undefined && (n.givenName.trim() !== '' || n.surname.trim() !== '')) primary.set(p.xref, `${n.givenName}\u0000${n.surname}`);
    },
    mayMatch: (p) => tree.lookup.pool(sideAlone(p)).length > 0,
    candidatesFor: (p, families, links) => {
      const { subject, facts } = subjectOf(p);
      const subjects: DuplicateSubject[] = [subject];
      const parentEdges: { a: Id; b: Id }[] = [];
      const partnerEdges: { a: Id; b: Id }[] = [];
      const relative = (xref: string): boolean => {
        const name = primary.get(xref);
        if (name === undefined || xref === p.xref) return false;
        if (!subjects.some((s) => s.id === xref)) {
          const [givenName, surname] = name.split('\u0000') as [string, string];
          subjects.push({ id: xref as Id, sex: null, names: [{ givenName, surname, nameType: 'birth' }] });
        }
        return true;
      };
      for (const fam of families.famc) for (const m of links.fams.get(fam) ?? []) if (relative(m.person)) parentEdges.push({ a: m.person as Id, b: subject.id });
      for (const fam of families.fams) for (const m of links.fams.get(fam) ?? []) if (relative(m.person)) partnerEdges.push({ a: subject.id, b: m.person as Id });
      const input: Omit<FinderInput, 'dismissed'> = { subjects, facts, parentEdges, partnerEdges };
      const { sides } = prepareFinder(input);
      return tree.lookup.candidatesFor(sides[0]!, sides, MAX_CANDIDATES).map((c) => ({ personId: c.personId, score: c.level, reasons: c.reasons }));
    },
  };
};
