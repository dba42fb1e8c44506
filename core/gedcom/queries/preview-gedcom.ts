import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import { duplicateIndex, incomingBirthYear, incomingPerson, type Candidate } from '../duplicates.js';
import { existingPersons } from '../existing.js';
import { fileErrors, scanGedcom, type GedcomFile } from '../import-scan.js';
import { createStreamMapper } from '../mapping-stream.js';
import { readGedcom, type ReadLimits } from '../reader.js';
import type { GedcomDiagnostic, UnmappedTag } from '../types.js';
import { createWarningLog, mergeWarnings } from '../warnings.js';

export type PreviewMatch = {
  readonly xref: string;
  readonly displayName: string;
  readonly birthYear: number | null;
  readonly candidates: readonly (Candidate & { readonly displayName: string; readonly birthYear: number | null })[];
};

export type GedcomPreview = {
  readonly counts: { readonly persons: number; readonly families: number; readonly sources: number };
  /** Incoming persons that resemble existing ones, in file order, each with its best candidates. */
  readonly matches: readonly PreviewMatch[];
  readonly unmapped: readonly UnmappedTag[];
  /** The first MAX_WARNINGS (warnings.ts) of the reader and the mapping, by line. */
  readonly warnings: readonly GedcomDiagnostic[];
  /** All of them. */
  readonly warningCount: number;
};

const display = (n: { readonly given: string; readonly surname: string } | undefined): string => (n === undefined ? '' : `${n.given} ${n.surname}`.trim());

/**
 * The dry run of an import: reads the existing tree, writes nothing. The file is read twice, as the
 * import reads it (import-scan.ts, mapping-stream.ts), so memory holds the matches, not the file.
 */
export const previewGedcom =
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'names' | 'events'>, 'storage'>) =>
  async (actor: Actor, treeId: Id, file: GedcomFile, limits?: Partial<ReadLimits>): AsyncResult<GedcomPreview> => {
    const access = await accessTree(deps.storage, actor, treeId, 'editor');
    if (E.isLeft(access)) return access;
    const scanned = await scanGedcom(file, limits);
    if (E.isLeft(scanned)) return scanned;
    const scan = scanned.right;
    const existing = await existingPersons(deps.storage, treeId);
    const byId = new Map(existing.map((p) => [p.id, p]));
    const index = duplicateIndex(existing);
    const matches: PreviewMatch[] = [];
    const mapper = createStreamMapper(scan);
    const diagnostics = createWarningLog();
    let families = 0;
    try {
      for await (const record of readGedcom(file.open(), { onDiagnostic: diagnostics.add, ...(limits === undefined ? {} : { limits }) })) {
        const m = mapper.add(record);
        if (m?.kind === 'family') families += 1;
        if (m?.kind !== 'person') continue;
        const p = m.person;
        const candidates = index.candidatesFor(incomingPerson(p));
        if (candidates.length === 0) continue;
        matches.push({
          xref: p.xref,
          displayName: display(p.names.map((n) => ({ given: n.givenName, surname: n.surname }))[0]),
          birthYear: incomingBirthYear(p),
          candidates: candidates.map((c) => ({ ...c, displayName: display(byId.get(c.personId)?.names[0]), birthYear: byId.get(c.personId)?.birthYear ?? null })),
        });
      }
    } catch (err) {
      const refused = fileErrors(err);
      if (refused !== null) return refused;
      throw err;
    }
    const mapped = mapper.finish();
    const warnings = mergeWarnings([diagnostics.result(), mapped.warnings]);
    return ok({
      counts: { persons: scan.persons.size, families, sources: scan.sources.size },
      matches,
      unmapped: mapped.unmapped,
      warnings: warnings.list,
      warningCount: warnings.count,
    });
  };
