import type { GedcomDiagnostic } from './types.js';

/**
 * Warnings listed at most per read, plan and import report; the rest are only counted. A file of
 * junk lines makes one warning per line (100 MB: about 50 million), so no step may keep them all.
 */
export const MAX_WARNINGS = 1000;

/** A message quotes values from the file (`DATE <text> is not a date`); past this it is cut. */
export const MAX_WARNING_MESSAGE = 500;

/** The first warnings in file order (at most the cap) and how many there were in all. */
export type Warnings = { readonly list: readonly GedcomDiagnostic[]; readonly count: number };

export type WarningLog = {
  readonly add: (d: GedcomDiagnostic) => void;
  /** The kept warnings by line (equal lines in the order they were added), and the exact count. */
  readonly result: () => Warnings;
};

const cut = (d: GedcomDiagnostic): GedcomDiagnostic =>
  d.message.length <= MAX_WARNING_MESSAGE ? d : { line: d.line, message: `${d.message.slice(0, MAX_WARNING_MESSAGE - 1)}…` };

/** The index after the last kept warning whose line is <= `line` (sorted `kept`). */
const upperBound = (kept: readonly GedcomDiagnostic[], line: number): number => {
  let lo = 0;
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (kept[mid]!.line <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Keeps the `cap` warnings that a stable sort by line of all of them would list first, in memory
 * that does not grow with the count. Warnings mostly arrive in file order: those are appended or,
 * once the cap is reached, dropped in constant time.
 */
export const createWarningLog = (cap: number = MAX_WARNINGS): WarningLog => {
  const kept: GedcomDiagnostic[] = [];
  let count = 0;
  return {
    add: (d) => {
      count += 1;
      if (cap <= 0) return;
      const full = kept.length >= cap;
      if (full && d.line >= kept[kept.length - 1]!.line) return;
      const at = upperBound(kept, d.line);
      if (at === kept.length) kept.push(cut(d));
      else kept.splice(at, 0, cut(d));
      if (kept.length > cap) kept.pop();
    },
    result: () => ({ list: kept.slice(), count }),
  };
};

/** Several logs as one: what one log would hold had it received every warning, the first part's first. */
export const mergeWarnings = (parts: readonly Warnings[], cap: number = MAX_WARNINGS): Warnings => {
  const log = createWarningLog(cap);
  let count = 0;
  for (const p of parts) {
    for (const d of p.list) log.add(d);
    count += p.count;
  }
  return { list: log.result().list, count };
};
