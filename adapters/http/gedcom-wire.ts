import type { ImportReport } from '../../core/gedcom/commands/import-gedcom.js';
import type { GedcomPreview } from '../../core/gedcom/queries/preview-gedcom.js';
import type { GedcomDiagnostic, UnmappedTag } from '../../core/gedcom/types.js';

// The GEDCOM preview and import reports as the API answers them (snake_case), shared by the HTTP
// routes and the command-line host, which prints the same JSON. No framework here: the CLI loads it
// without the HTTP app.

const unmappedWire = (u: readonly UnmappedTag[]) => u.map((x) => ({ tag: x.tag, count: x.count, first_line: x.firstLine, kept_lines: x.keptLines }));
/** The core keeps the first MAX_WARNINGS (core/gedcom/warnings.ts) and counts them all. */
const warningsWire = (w: readonly GedcomDiagnostic[], count: number) => ({ warnings: w.map((d) => ({ line: d.line, message: d.message })), warning_count: count });

export const previewWire = (p: GedcomPreview) => ({
  counts: p.counts,
  matches: p.matches.map((m) => ({
    xref: m.xref, display_name: m.displayName, birth_year: m.birthYear,
    candidates: m.candidates.map((c) => ({ person_id: c.personId, display_name: c.displayName, birth_year: c.birthYear, score: c.score, similarity: c.similarity, reasons: [...c.reasons] })),
  })),
  unmapped_tags: unmappedWire(p.unmapped),
  ...warningsWire(p.warnings, p.warningCount),
});

export const reportWire = (r: ImportReport) => ({
  import_id: r.importId,
  persons: r.persons, names: r.names, events: r.events, relationships: r.relationships, sources: r.sources, repositories: r.repositories, citations: r.citations, places: r.places, media: r.media,
  unmapped_tags: unmappedWire(r.unmapped),
  ...warningsWire(r.warnings, r.warningCount),
});
