import type { Id } from '../kernel/ids.js';
import { searchableName, similarity } from '../people/trigram.js';
import { birthFacts } from '../people/model.js';
import type { PlanPerson } from './types.js';

// Duplicate detection for GEDCOM preview and import: name similarity (pg_trgm's measure) plus a
// birth-year guard. Never every pair: people are blocked by a phonetic key of the surname with the
// birth year (±2), or with a phonetic key of the first given name, so each incoming person is
// compared with a handful of existing ones, not with the whole tree.

export type PersonNames = { readonly given: string; readonly surname: string };
export type ExistingPerson = { readonly id: Id; readonly names: readonly PersonNames[]; readonly birthYear: number | null };
export type IncomingPerson = { readonly names: readonly PersonNames[]; readonly birthYear: number | null };

export type Score = 'high' | 'medium';
export type Candidate = {
  readonly personId: Id;
  readonly score: Score;
  /** The best trigram similarity between any name of each side, 0..1. */
  readonly similarity: number;
  readonly reasons: readonly string[];
};

/** Birth years further apart than this are never the same person. */
const YEAR_GUARD = 2;
const MEDIUM = 0.5;
const HIGH = 0.8;
const MAX_CANDIDATES = 5;

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]/g, '');

const CODES: Record<string, string> = {
  b: '1', f: '1', p: '1', v: '1', c: '2', g: '2', j: '2', k: '2', q: '2', s: '2', x: '2', z: '2', d: '3', t: '3', l: '4', m: '5', n: '5', r: '6',
};

/** American Soundex of the folded word; words with no Latin letters fall back to their own first letters. */
export const soundex = (word: string): string => {
  const w = fold(word);
  if (w === '') return word.trim().toLowerCase().slice(0, 4);
  let out = w[0]!.toUpperCase();
  let last = CODES[w[0]!] ?? '';
  for (const ch of w.slice(1)) {
    const code = CODES[ch] ?? '';
    if (code !== '' && code !== last) out += code;
    if (ch !== 'h' && ch !== 'w') last = code;
    if (out.length === 4) break;
  }
  return out.padEnd(4, '0');
};

const firstGiven = (given: string): string => given.trim().split(/\s+/)[0] ?? '';

const yearKey = (surname: string, year: number): string => `y|${soundex(surname)}|${year}`;
const givenKey = (n: PersonNames): string => `g|${soundex(n.surname)}|${soundex(firstGiven(n.given))}`;

export type DuplicateIndex = {
  readonly candidatesFor: (incoming: IncomingPerson) => readonly Candidate[];
};

/** Indexes the existing persons once; each lookup then touches only the blocks it names. */
export const duplicateIndex = (existing: readonly ExistingPerson[]): DuplicateIndex => {
  const blocks = new Map<string, ExistingPerson[]>();
  const add = (key: string, p: ExistingPerson): void => {
    const b = blocks.get(key);
    if (b === undefined) blocks.set(key, [p]);
    else if (b[b.length - 1] !== p) b.push(p);
  };
  for (const p of existing) {
    for (const n of p.names) {
      if (n.given.trim() === '' && n.surname.trim() === '') continue;
      if (p.birthYear !== null) add(yearKey(n.surname, p.birthYear), p);
      add(givenKey(n), p);
    }
  }
  const searchable = new Map<Id, string[]>();
  const namesOf = (p: ExistingPerson): string[] => {
    let s = searchable.get(p.id);
    if (s === undefined) searchable.set(p.id, (s = p.names.map((n) => searchableName(n.given, n.surname))));
    return s;
  };

  return {
    candidatesFor: (incoming) => {
      const pool = new Set<ExistingPerson>();
      for (const n of incoming.names) {
        if (n.given.trim() === '' && n.surname.trim() === '') continue;
        if (incoming.birthYear !== null)
          for (let y = incoming.birthYear - YEAR_GUARD; y <= incoming.birthYear + YEAR_GUARD; y += 1) for (const p of blocks.get(yearKey(n.surname, y)) ?? []) pool.add(p);
        for (const p of blocks.get(givenKey(n)) ?? []) pool.add(p);
      }
      const mine = incoming.names.map((n) => searchableName(n.given, n.surname)).filter((s) => s !== '');
      const found: Candidate[] = [];
      for (const p of pool) {
        const bothYears = incoming.birthYear !== null && p.birthYear !== null;
        const gap = bothYears ? Math.abs(incoming.birthYear! - p.birthYear!) : null;
        if (gap !== null && gap > YEAR_GUARD) continue;
        let best = 0;
        let pair: [string, string] = ['', ''];
        for (const a of mine)
          for (const b of namesOf(p)) {
            const s = a === b ? 1 : similarity(a, b);
            if (s > best) [best, pair] = [s, [a, b]];
          }
        if (best < MEDIUM) continue;
        const high = gap !== null && ((best >= HIGH && gap <= 1) || (best === 1 && gap <= YEAR_GUARD));
        const reasons = [
          best === 1 ? `same name (${pair[0]})` : `similar names (${pair[0]} ~ ${pair[1]}, ${best.toFixed(2)})`,
          gap === null
            ? 'a birth year is unknown on one side'
            : gap === 0 ? `born the same year (${p.birthYear})` : `birth years ${incoming.birthYear} and ${p.birthYear}`,
        ];
        found.push({ personId: p.id, score: high ? 'high' : 'medium', similarity: Math.round(best * 1000) / 1000, reasons });
      }
      return found
        .sort((a, b) => (a.score === b.score ? 0 : a.score === 'high' ? -1 : 1) || b.similarity - a.similarity || (a.personId < b.personId ? -1 : 1))
        .slice(0, MAX_CANDIDATES);
    },
  };
};

/** The first birth fact's year (birth, else baptism, else christening), as the duplicate guard uses it. */
export const incomingBirthYear = (p: PlanPerson): number | null => {
  for (const type of birthFacts) {
    const e = p.events.find((x) => x.type === type && x.date?.year !== undefined);
    if (e !== undefined) return e.date!.year!;
  }
  return null;
};

export const incomingPerson = (p: PlanPerson): IncomingPerson => ({
  names: p.names.map((n) => ({ given: n.givenName, surname: n.surname })),
  birthYear: incomingBirthYear(p),
});
