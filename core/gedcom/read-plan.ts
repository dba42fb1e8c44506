import { E, type Result } from '../shared/either.js';
import { invalidInput } from '../shared/errors.js';
import { birthFacts } from '../people/model.js';
import { createMapper } from './mapping.js';
import { readGedcom, type ReadLimits } from './reader.js';
import { GedcomTooLargeError, NotGedcomError, type GedcomDiagnostic, type ImportPlan, type PlanPerson } from './types.js';
import { createWarningLog } from './warnings.js';
import type { IncomingPerson } from './duplicates.js';

export type ReadPlan = {
  readonly plan: ImportPlan;
  /** The reader's diagnostics: the first MAX_WARNINGS by line (warnings.ts); `diagnosticCount` counts them all. */
  readonly diagnostics: readonly GedcomDiagnostic[];
  readonly diagnosticCount: number;
};

/**
 * Streams a file through the reader and the mapping into an import plan. Bytes that are not GEDCOM
 * at all are 422 `not_gedcom`; a line or a record too long to hold is 422 `gedcom_too_large` with
 * its line; malformed lines are diagnostics, not failures.
 */
export const readPlan = async (bytes: AsyncIterable<Uint8Array>, limits?: Partial<ReadLimits>): Promise<Result<ReadPlan>> => {
  const diagnostics = createWarningLog();
  const mapper = createMapper();
  try {
    for await (const record of readGedcom(bytes, { onDiagnostic: diagnostics.add, ...(limits === undefined ? {} : { limits }) })) mapper.add(record);
  } catch (err) {
    if (err instanceof NotGedcomError) return E.left(invalidInput('not_gedcom', `This file is not GEDCOM: ${err.message}`, [{ path: 'file', message: 'not a GEDCOM file' }]));
    if (err instanceof GedcomTooLargeError)
      return E.left(invalidInput('gedcom_too_large', `This file cannot be imported: ${err.message}`, [{ path: 'file', message: `too large at line ${err.line}` }]));
    throw err;
  }
  const read = diagnostics.result();
  return E.right({ plan: mapper.finish(), diagnostics: read.list, diagnosticCount: read.count });
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
