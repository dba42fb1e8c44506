import { E, type Result } from '../kernel/either.js';
import type { MediaFiles } from './gedzip.js';
import { createScanner, fileRefusal } from './import-scan.js';
import { createStreamMapper } from './mapping-stream.js';
import { readGedcom, type ReadLimits } from './reader.js';
import type { GedcomDiagnostic, GedcomNode, ImportPlan, PlanFamily, PlanPerson, PlanSource } from './types.js';
import { createWarningLog } from './warnings.js';

export type ReadPlan = {
  readonly plan: ImportPlan;
  /** The reader's diagnostics: the first MAX_WARNINGS by line (warnings.ts); `diagnosticCount` counts them all. */
  readonly diagnostics: readonly GedcomDiagnostic[];
  readonly diagnosticCount: number;
};

/**
 * Records as one import plan, through the import's own two passes (import-scan.ts,
 * mapping-stream.ts), so they map exactly as an import maps them. It holds every record and the plan:
 * for specs and small files; the import and the preview never build a plan.
 */
export const planOf = (records: readonly GedcomNode[], media?: MediaFiles): ImportPlan => {
  const scanner = createScanner(media);
  for (const r of records) scanner.add(r);
  const mapper = createStreamMapper(scanner.finish());
  const persons: PlanPerson[] = [];
  const families: PlanFamily[] = [];
  const sources: PlanSource[] = [];
  for (const r of records) {
    const m = mapper.add(r);
    if (m?.kind === 'person') persons.push(m.person);
    else if (m?.kind === 'family') families.push(m.family);
    else if (m?.kind === 'source') sources.push(m.source);
  }
  const mapped = mapper.finish();
  return {
    version: mapped.version, persons, families, sources, unmapped: mapped.unmapped, warnings: mapped.warnings.list, warningCount: mapped.warnings.count,
    ...(mapped.media.length > 0 ? { media: mapped.media } : {}),
    ...(mapped.records.length > 0 ? { records: mapped.records } : {}),
  };
};

/**
 * A whole file as one import plan (planOf). Bytes that are not GEDCOM at all are 422 `not_gedcom`; a
 * line or a record too long to hold is 422 `gedcom_too_large` with its line; malformed lines are
 * diagnostics, not failures.
 */
export const readPlan = async (bytes: AsyncIterable<Uint8Array>, limits?: Partial<ReadLimits>, media?: MediaFiles): Promise<Result<ReadPlan>> => {
  const diagnostics = createWarningLog();
  const records: GedcomNode[] = [];
  try {
    for await (const r of readGedcom(bytes, { onDiagnostic: diagnostics.add, ...(limits === undefined ? {} : { limits }) })) records.push(r);
  } catch (err) {
    return fileRefusal(err);
  }
  const read = diagnostics.result();
  return E.right({ plan: planOf(records, media), diagnostics: read.list, diagnosticCount: read.count });
};
