import type { DomainError } from '../core/kernel/errors.js';
import type { ImportReport } from '../core/gedcom/commands/import-gedcom.js';
import type { GedcomPreview } from '../core/gedcom/queries/preview-gedcom.js';
import type { UnmappedTag } from '../core/gedcom/types.js';

// What bootstrap/cli.ts prints and the code it exits with: pure, so spec/bootstrap tests them.

export const EXIT = {
  ok: 0,
  /** The core refused: no right to the tree, a file that is not GEDCOM, invalid input. */
  refused: 1,
  /** The command line: bad arguments, an unknown account or tree, a missing file, bad configuration. */
  usage: 2,
  /** Something broke: the database, the disk. */
  failure: 3,
} as const;

export type Outcome = { readonly code: number; readonly message: string };

/** A refusal of the core as a message and an exit code: an unknown tree is the caller's mistake (2). */
export const outcomeOf = (e: DomainError): Outcome => {
  switch (e._tag) {
    case 'NotFound':
      return { code: EXIT.usage, message: e.entity === 'tree' ? `No tree ${e.id} (or it is deleted).` : `No ${e.entity} ${e.id}.` };
    case 'Forbidden':
      return { code: EXIT.refused, message: `Refused: ${e.detail}` };
    case 'InvalidInput': {
      const fields = (e.errors ?? []).map((f) => `${f.path}: ${f.message}`);
      return { code: EXIT.refused, message: `Refused (${e.code}): ${e.detail}${fields.length > 0 ? ` [${fields.join('; ')}]` : ''}` };
    }
    case 'Conflict':
      return { code: EXIT.refused, message: `Refused (${e.code}): ${e.detail}` };
    case 'Unauthenticated':
      return { code: EXIT.refused, message: `Refused: ${e.detail}` };
    case 'RateLimited':
      return { code: EXIT.refused, message: `Refused: rate limited; try again in ${e.retryAfterSeconds} s.` };
    case 'RangeNotSatisfiable':
      return { code: EXIT.failure, message: 'Failed: a byte range outside the object.' };
    case 'Upstream':
      return { code: EXIT.failure, message: `Failed (${e.code}): ${e.detail}` };
  }
};

/** The reports in the shapes POST /trees/{id}/gedcom/import and /preview answer them. */
export { reportWire as importReportJson, previewWire as previewJson } from '../adapters/http/gedcom-wire.js';

export const grouped = (n: number): string => Math.round(n).toLocaleString('en-US');

export const perSecond = (n: number, ms: number): number => (ms <= 0 ? 0 : (n * 1000) / ms);

/** `1 tag`, `2 tags`. */
export const counted = (n: number, noun: string): string => `${grouped(n)} ${noun}${n === 1 ? '' : 's'}`;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const tagTotal = (u: readonly UnmappedTag[]): number => u.reduce((n, x) => n + x.count, 0);

/** One line for a person reading stderr; the JSON on stdout has the detail. */
export const importSummary = (r: ImportReport, ms: number): string => {
  const p = r.persons;
  const written = p.created + p.overwritten;
  return `Imported in ${seconds(ms)}: ${grouped(p.created)} persons created, ${grouped(p.merged)} merged, ${grouped(p.skipped)} skipped, ` +
    `${grouped(p.overwritten)} overwritten (${grouped(perSecond(written + p.merged, ms))} persons/s); ` +
    `${counted(r.unmapped.length, 'unmapped tag')} (${counted(tagTotal(r.unmapped), 'line')}), ${counted(r.warningCount, 'warning')}.`;
};

export const previewSummary = (p: GedcomPreview, ms: number): string =>
  `Previewed in ${seconds(ms)}: ${grouped(p.counts.persons)} persons, ${grouped(p.counts.families)} families, ${grouped(p.counts.sources)} sources; ` +
  `${grouped(p.matches.length)} with duplicate candidates; ${counted(p.unmapped.length, 'unmapped tag')}, ${counted(p.warningCount, 'warning')}. Nothing was written.`;

export const exportSummary = (file: string, persons: number, bytes: number, ms: number): string =>
  `Wrote ${file}: ${grouped(persons)} persons, ${grouped(bytes)} bytes in ${seconds(ms)} (${grouped(perSecond(persons, ms))} persons/s).`;

/**
 * The INDI records in a piece of the writer's output: lines `0 @xref@ INDI`. The writer yields whole
 * records, so no line is split between two pieces.
 */
export const countIndividuals = (text: string): number => {
  let n = 0;
  for (let at = text.indexOf(' INDI'); at !== -1; at = text.indexOf(' INDI', at + 5)) {
    const end = at + 5;
    if (end < text.length && text[end] !== '\n' && text[end] !== '\r') continue;
    const start = text.lastIndexOf('\n', at) + 1;
    if (text.startsWith('0 @', start) && text[at - 1] === '@' && text.indexOf(' ', start + 2) === at) n++;
  }
  return n;
};
