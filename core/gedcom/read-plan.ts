import { E, type Result } from '../shared/either.js';
import { invalidInput } from '../shared/errors.js';
import { birthFacts } from '../people/model.js';
import { createMapper } from './mapping.js';
import { readGedcom } from './reader.js';
import { NotGedcomError, type GedcomDiagnostic, type ImportPlan, type PlanPerson } from './types.js';
import type { IncomingPerson } from './duplicates.js';

export type ReadPlan = { readonly plan: ImportPlan; readonly diagnostics: readonly GedcomDiagnostic[] };

/**
 * Streams a file through the reader and the mapping into an import plan. Bytes that are not GEDCOM
 * at all are 422 `not_gedcom`; malformed lines are diagnostics, not failures.
 */
export const readPlan = async (bytes: AsyncIterable<Uint8Array>): Promise<Result<ReadPlan>> => {
  const diagnostics: GedcomDiagnostic[] = [];
  const mapper = createMapper();
  try {
    for await (const record of readGedcom(bytes, { onDiagnostic: (d) => diagnostics.push(d) })) mapper.add(record);
  } catch (err) {
    if (err instanceof NotGedcomError) return E.left(invalidInput('not_gedcom', `This file is not GEDCOM: ${err.message}`, [{ path: 'file', message: 'not a GEDCOM file' }]));
    throw err;
  }
  return E.right({ plan: mapper.finish(), diagnostics });
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
