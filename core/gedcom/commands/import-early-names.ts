import { hash53 } from '../../kernel/hash53.js';
import type { Id } from '../../kernel/ids.js';
import { createContext, type Context, type NoteStore } from '../mapping-context.js';
import { finishNames } from '../mapping-names.js';
import { readPersonNames } from '../mapping-person.js';
import type { GedcomNode, PlanName } from '../types.js';
import { idSequence, nameRow, type RowWriter } from './import-rows.js';

// Names written in the first pass (issue 27). The first pass reads the whole file before any row can
// be written (a person's row may need a shared note or a source at the end of the file), and
// PostgreSQL waited idle through it: about 1 s of an 11 s import of 100,000 persons. A name's row
// needs nothing from the rest of the file unless it holds a note or kept lines, and names cost the
// database much (their word postings' trigger, about a third of its work in an import). So a new
// person's plain names are mapped as the first pass meets the record and written at once, while the
// pass reads on; the second pass maps the record in full as before, checks that it gives the same
// names, and writes the rest, citing the names by the ids the first pass gave them.

/** What a name's row holds of its mapping, hashed (hash53): the first pass keeps this much per person, not the names; the second's must be equal. */
const fingerprint = (names: readonly PlanName[]): number => {
  let s = '';
  for (const n of names) {
    s += `${n.nameType}\u0000${n.givenName}\u0000${n.surname}\u0000${n.prefix}\u0000${n.suffix}\u0000${n.surnamePrefix}\u0000${n.isPrimary ? 1 : 0}\u0000${n.notes}\u0000${n.extra === undefined ? '' : n.extra}\u0001`;
  }
  return hash53(s);
};

const NO_SOURCES: ReadonlySet<string> = new Set();
const NO_NOTES: NoteStore = new Map();

export type EarlyNames = {
  /**
   * The first pass met the INDI record of the new person `index` (id `personId`): its names are
   * written now unless one holds a note or kept lines (the second pass writes those persons' names).
   * `seven`: the file is GEDCOM 7.
   */
  readonly note: (record: GedcomNode, index: number, personId: Id, seven: boolean) => void;
  /**
   * The ids of the names the first pass wrote for person `index`, in the order of `names` (the second
   * pass's mapping of the record); undefined when it wrote none. Throws when `names` are not what it
   * wrote: the two passes map one record by the same rules, so that is a bug, and the import fails.
   */
  readonly idsOf: (index: number, names: readonly PlanName[]) => readonly Id[] | undefined;
};

export const createEarlyNames = (rows: RowWriter, treeId: Id, now: Date): EarlyNames => {
  const idAt = idSequence();
  let made = 0;
  // By person index: the number of its first name's id (-1: none written), and the names' fingerprint.
  let first = new Int32Array(1024).fill(-1);
  let prints = new Float64Array(1024);
  const grow = (index: number): void => {
    if (index < first.length) return;
    const size = Math.max(first.length * 2, index + 1);
    const f = new Int32Array(size).fill(-1);
    f.set(first);
    const p = new Float64Array(size);
    p.set(prints);
    first = f;
    prints = p;
  };
  let ctx: Context | null = null;
  return {
    note: (record, index, personId, seven) => {
      // One context for the pass, as the second pass has one for the file (what it gathers is bounded),
      // reading GEDCOM 7 from where the file's HEAD said so, as the second pass's does.
      ctx ??= createContext();
      ctx.fromSeven(seven);
      const scope = ctx.open(record);
      const drafts = readPersonNames(record, ctx);
      ctx.close(scope);
      if (drafts.some((d) => d.notes.length > 0 || d.extra !== undefined)) return;
      const names = finishNames(drafts, NO_SOURCES, NO_NOTES, ctx);
      grow(index);
      first[index] = made;
      prints[index] = fingerprint(names);
      for (const n of names) rows.rows().names.push(nameRow(n, idAt(made++), treeId, personId, now));
    },
    idsOf: (index, names) => {
      const at = index < first.length ? first[index]! : -1;
      if (at < 0) return undefined;
      if (fingerprint(names) !== prints[index]) throw new Error(`GEDCOM import: the first pass wrote other names for the person at index ${index}`);
      return names.map((_, k) => idAt(at + k));
    },
  };
};
