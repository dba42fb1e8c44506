import type { GenealogicalDate } from '../kernel/date.js';
import { E, type Result } from '../kernel/either.js';
import { invalidInput } from '../kernel/errors.js';
import { createContext, type Context } from '../gedcom/mapping-context.js';
import { individualEventKind, readDate } from '../gedcom/mapping-events.js';
import type { NameDraft } from '../gedcom/mapping-names.js';
import { readNames, readSex } from '../gedcom/mapping-person.js';
import { readGedcom } from '../gedcom/reader.js';
import { GedcomTooLargeError, NotGedcomError, type GedcomNode } from '../gedcom/types.js';
import type { Sex } from '../people/model.js';
import { birthFacts, type EventType } from '../people/model.js';
import { birthYearOf } from '../privacy/engine.js';

/** What the sex-from-GEDCOM tool keeps of one INDI record. */
export type GedcomIndividual = {
  readonly xref: string;
  readonly sex: Sex | null;
  /** Every name of the record (NAME, and the alternates the import makes of _MARNM, NICK, ALIA). */
  readonly names: readonly { readonly givenName: string; readonly surname: string }[];
  /** Read as the privacy engine reads a stored person's birth facts. */
  readonly birthYear: number | null;
};

/**
 * One INDI read with the import's own name, SEX and event readers, but only for the structures that
 * matter here (names, SEX, birth facts): the rest of the record is skipped, not mapped.
 */
const individual = (record: GedcomNode, ctx: Context): GedcomIndividual => {
  const xref = record.xref ?? `@#L${record.line}@`;
  let sex: Sex | null = null;
  const names: NameDraft[] = [];
  const births: { type: EventType; date: GenealogicalDate | null }[] = [];
  for (const c of record.children) {
    const named = readNames(c, 'INDI', ctx);
    if (named !== null) names.push(...named);
    else if (c.tag === 'SEX') sex = readSex(c, ctx);
    else {
      const kind = individualEventKind(c.tag);
      if (kind === null || !birthFacts.includes(kind.type)) continue;
      // Only the date matters here, read as the import reads it (phrases, dual years, calendars).
      const date = c.children.find((d) => d.tag === 'DATE');
      births.push({ type: kind.type, date: date === undefined ? null : readDate(date, `INDI.${c.tag}`, ctx) });
    }
  }
  const primaryGiven = names.find((n) => n.fromName && n.givenName !== null)?.givenName ?? '';
  return {
    xref,
    sex,
    names: names.map((n) => ({ givenName: n.givenName ?? primaryGiven, surname: n.surname })),
    birthYear: birthYearOf(births.map((e) => ({ personId: xref, type: e.type, date: e.date }))),
  };
};

/**
 * Streams a GEDCOM file (any encoding the importer reads) and keeps only what matching needs of each
 * INDI record, so memory grows with the number of individuals, not with the file. Every INDI is kept,
 * a repeated xref too: two records are two candidates. Same refusals as the import: 422 `not_gedcom`,
 * 422 `gedcom_too_large`.
 */
export const readIndividuals = async (bytes: AsyncIterable<Uint8Array>): Promise<Result<readonly GedcomIndividual[]>> => {
  const ctx = createContext();
  const out: GedcomIndividual[] = [];
  try {
    for await (const record of readGedcom(bytes)) {
      if (record.tag === 'INDI') out.push(individual(record, ctx));
    }
  } catch (err) {
    if (err instanceof NotGedcomError) return E.left(invalidInput('not_gedcom', `This file is not GEDCOM: ${err.message}`, [{ path: 'file', message: 'not a GEDCOM file' }]));
    if (err instanceof GedcomTooLargeError)
      return E.left(invalidInput('gedcom_too_large', `This file cannot be read: ${err.message}`, [{ path: 'file', message: `too large at line ${err.line}` }]));
    throw err;
  }
  return E.right(out);
};
