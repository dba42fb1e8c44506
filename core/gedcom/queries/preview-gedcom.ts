import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { atOnce, eventLoopTurns, type InTurn } from '../../kernel/turns.js';
import type { QueryDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import { describeCandidates, familiesOf, importMatcher, incomingBirthYear, readExistingTree, type FamiliesOf, type ImportCandidate, type MatchCandidate } from '../candidates.js';
import { fileRefusal, scanGedcom, type GedcomFile } from '../import-scan.js';
import { createStreamMapper } from '../mapping-stream.js';
import { readGedcom, type ReadLimits } from '../reader.js';
import type { GedcomDiagnostic, PlanPerson, UnmappedTag } from '../types.js';
import { createWarningLog, mergeWarnings } from '../warnings.js';

export type PreviewMatch = {
  readonly xref: string;
  readonly displayName: string;
  readonly birthYear: number | null;
  readonly candidates: readonly (ImportCandidate & { readonly displayName: string; readonly birthYear: number | null })[];
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
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'names' | 'events' | 'cleanup' | 'duplicates'>, 'storage'> & {
    /** Runs the preview when its turn comes (a host lets a few tree-wide analyses run at once); absent: at once. */
    readonly inTurn?: InTurn;
  }) =>
  async (actor: Actor, treeId: Id, file: GedcomFile, limits?: Partial<ReadLimits>): AsyncResult<GedcomPreview> => {
    const access = await accessTree(deps.storage, actor, treeId, 'editor');
    if (E.isLeft(access)) return access;
    return (deps.inTurn ?? atOnce)(async () => {
      const scanned = await scanGedcom(file, limits);
      if (E.isLeft(scanned)) return scanned;
      const scan = scanned.right;
      const tree = await readExistingTree(deps.storage, treeId);
      const matcher = tree.prepared.sides.length === 0 ? null : importMatcher(tree);
      // Scored after the pass, when every person's name is noted (a parent may come later in the file).
      const pending: { readonly person: PlanPerson; readonly families: FamiliesOf }[] = [];
      const mapper = createStreamMapper(scan);
      const diagnostics = createWarningLog();
      let families = 0;
      // Both loops give the event loop turns: against a large tree each person costs tens of microseconds.
      const turn = eventLoopTurns();
      try {
        for await (const record of readGedcom(file.open(), { onDiagnostic: diagnostics.add, ...(limits === undefined ? {} : { limits }) })) {
          await turn();
          const m = mapper.add(record);
          if (m?.kind === 'family') families += 1;
          if (m?.kind !== 'person') continue;
          if (matcher === null) continue;
          matcher.note(m.person);
          if (matcher.mayMatch(m.person)) pending.push({ person: m.person, families: familiesOf(record) });
        }
      } catch (err) {
        return fileRefusal(err);
      }
      const found: { readonly person: PlanPerson; readonly candidates: readonly MatchCandidate[] }[] = [];
      for (const { person, families } of pending) {
        await turn();
        const candidates = matcher!.candidatesFor(person, families, scan.links);
        if (candidates.length > 0) found.push({ person, candidates });
      }
      const described = await describeCandidates(deps.storage.names, tree, found);
      const matches: PreviewMatch[] = found.map(({ person: p }, i) => ({
        xref: p.xref,
        displayName: display(p.names.map((n) => ({ given: n.givenName, surname: n.surname }))[0]),
        birthYear: incomingBirthYear(p),
        candidates: described[i]!,
      }));
      const mapped = mapper.finish();
      const warnings = mergeWarnings([diagnostics.result(), mapped.warnings]);
      return ok({
        counts: { persons: scan.persons.size, families, sources: scan.sources.size },
        matches,
        unmapped: mapped.unmapped,
        warnings: warnings.list,
        warningCount: warnings.count,
      });
    });
  };
