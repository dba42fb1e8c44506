import type { Actor } from '../../shared/actor.js';
import type { Clock } from '../../shared/clock.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import type { Storage } from '../../shared/ports.js';
import { accessTree } from '../../shared/tree-access.js';
import { duplicateIndex, type Candidate } from '../duplicates.js';
import { existingPersons } from '../existing.js';
import { incomingBirthYear, incomingPerson, type ReadPlan } from '../read-plan.js';
import type { GedcomDiagnostic, UnmappedTag } from '../types.js';
import { mergeWarnings } from '../warnings.js';

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

/** The dry run of an import: reads the existing tree, writes nothing. */
export const previewGedcom =
  (deps: { readonly storage: Storage; readonly clock: Clock }) =>
  async (actor: Actor, treeId: Id, read: ReadPlan): AsyncResult<GedcomPreview> => {
    const access = await accessTree(deps.storage, actor, treeId, 'editor');
    if (E.isLeft(access)) return access;
    const existing = await existingPersons(deps.storage, treeId);
    const byId = new Map(existing.map((p) => [p.id, p]));
    const index = duplicateIndex(existing);
    const matches: PreviewMatch[] = [];
    for (const p of read.plan.persons) {
      const candidates = index.candidatesFor(incomingPerson(p));
      if (candidates.length === 0) continue;
      matches.push({
        xref: p.xref,
        displayName: display(p.names.map((n) => ({ given: n.givenName, surname: n.surname }))[0]),
        birthYear: incomingBirthYear(p),
        candidates: candidates.map((c) => ({ ...c, displayName: display(byId.get(c.personId)?.names[0]), birthYear: byId.get(c.personId)?.birthYear ?? null })),
      });
    }
    const warnings = mergeWarnings([{ list: read.diagnostics, count: read.diagnosticCount }, { list: read.plan.warnings, count: read.plan.warningCount }]);
    return ok({
      counts: { persons: read.plan.persons.length, families: read.plan.families.length, sources: read.plan.sources.length },
      matches,
      unmapped: read.plan.unmapped,
      warnings: warnings.list,
      warningCount: warnings.count,
    });
  };
