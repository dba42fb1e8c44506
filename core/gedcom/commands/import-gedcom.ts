import { actorId, type Actor } from '../../shared/actor.js';
import { auditEntry } from '../../shared/audit-entry.js';
import type { Clock } from '../../shared/clock.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../shared/either.js';
import { invalidInput } from '../../shared/errors.js';
import { newId, type Id } from '../../shared/ids.js';
import type { Storage, Stores } from '../../shared/ports.js';
import { accessTree } from '../../shared/tree-access.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import { buildBatch, type PersonTarget } from './import-batch.js';
import { duplicateIndex } from '../duplicates.js';
import { existingPersons } from '../existing.js';
import { incomingPerson, type ReadPlan } from '../read-plan.js';
import type { GedcomDiagnostic, ImportCounts, PlanPerson, UnmappedTag } from '../types.js';
import { mergeWarnings } from '../warnings.js';

export const importActions = ['new', 'skip', 'merge', 'overwrite'] as const;
export type ImportAction = (typeof importActions)[number];
export type Resolution = { readonly action: ImportAction; readonly targetId?: Id };

export type ImportInput = {
  readonly defaultAction: ImportAction;
  /** Incoming xref as written in the file (`@I1@`) -> what to do with that person. */
  readonly resolutions: Readonly<Record<string, Resolution>>;
};

export type ImportReport = ImportCounts & {
  readonly unmapped: readonly UnmappedTag[];
  /** The first MAX_WARNINGS (warnings.ts) of the reader, the mapping and the import, by line. */
  readonly warnings: readonly GedcomDiagnostic[];
  /** All of them. */
  readonly warningCount: number;
};

const badResolution = (xref: string, message: string) =>
  invalidInput('invalid_resolution', `Resolution for ${xref}: ${message}`, [{ path: `resolutions.${xref}`, message }]);

/** Every resolution names a person of the file, and a live person of this tree where its action needs one. */
const checkResolutions = async (
  stores: Pick<Stores, 'persons'>,
  treeId: Id,
  persons: readonly PlanPerson[],
  resolutions: ImportInput['resolutions'],
): Promise<Result<void>> => {
  const xrefs = new Set(persons.map((p) => p.xref));
  const targets: Id[] = [];
  for (const [xref, r] of Object.entries(resolutions)) {
    if (!xrefs.has(xref)) return fail(badResolution(xref, 'no INDI record of the file has this xref'));
    if (r.action === 'new') continue;
    if (r.targetId === undefined) return fail(badResolution(xref, `${r.action} needs a target_id`));
    targets.push(r.targetId);
  }
  const live = new Set((await stores.persons.byIds(treeId, targets)).map((p) => p.id));
  for (const [xref, r] of Object.entries(resolutions))
    if (r.action !== 'new' && !live.has(r.targetId!))
      return fail(invalidInput('invalid_reference', `Resolution for ${xref}: target_id must name a live person of this tree.`, [{ path: `resolutions.${xref}.target_id`, message: 'no such person in this tree' }]));
  return ok(undefined);
};

/**
 * Imports a read file into the tree, additively and all or nothing: one transaction, so a failure
 * leaves the tree exactly as it was. Each incoming person is created (`new`), linked without copying
 * (`skip`), merged into an existing person (`merge`: names as alternates, events, citations, notes),
 * or replaces one (`overwrite`: the existing person is soft-deleted, the incoming one created). A
 * resolution decides per person; otherwise `default_action` applies to persons whose best duplicate
 * candidate scores `high`, and every other person is new. A relationship is never created twice
 * between the same pair. Audited as one entry with the counts.
 */
export const importGedcom =
  (deps: { readonly storage: Storage; readonly clock: Clock }) =>
  async (actor: Actor, treeId: Id, read: ReadPlan, input: ImportInput): AsyncResult<ImportReport> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const checked = await checkResolutions(tx, treeId, read.plan.persons, input.resolutions);
      if (E.isLeft(checked)) return checked;

      const unresolved = read.plan.persons.filter((p) => input.resolutions[p.xref] === undefined);
      const index = input.defaultAction === 'new' || unresolved.length === 0 ? null : duplicateIndex(await existingPersons(tx, treeId));
      const targets = new Map<string, PersonTarget>();
      for (const p of read.plan.persons) {
        const r = input.resolutions[p.xref];
        if (r !== undefined) {
          targets.set(p.xref, r.action === 'new' ? { action: 'new' } : { action: r.action, targetId: r.targetId! });
          continue;
        }
        const best = index?.candidatesFor(incomingPerson(p))[0];
        targets.set(p.xref, best !== undefined && best.score === 'high' && input.defaultAction !== 'new'
          ? { action: input.defaultAction, targetId: best.personId }
          : { action: 'new' });
      }

      const now = deps.clock.now();
      const built = await buildBatch(tx, treeId, read.plan, targets, now);
      if (built.overwritten.length > 0) {
        await tx.deletions.deletePersons(treeId, built.overwritten, now, newId());
        await tx.deletions.clearPointersTo(built.overwritten);
      }
      for (const person of built.updatedPersons) await tx.persons.update(person);
      await tx.bulk.insertAll(built.batch);
      await keepLifeFacts(tx, built.factsChanged);

      const warnings = mergeWarnings([
        { list: read.diagnostics, count: read.diagnosticCount },
        { list: read.plan.warnings, count: read.plan.warningCount },
        built.warnings,
      ]);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'gedcom.import', { type: 'tree', id: treeId, treeId }, {
        default_action: input.defaultAction,
        resolutions: Object.keys(input.resolutions).length,
        persons: built.counts.persons,
        names: built.counts.names,
        events: built.counts.events,
        relationships: built.counts.relationships,
        sources: built.counts.sources,
        citations: built.counts.citations,
        places: built.counts.places,
        unmapped_tags: read.plan.unmapped.reduce((n, u) => n + u.count, 0),
        warnings: warnings.count,
      }));
      return ok({ ...built.counts, unmapped: read.plan.unmapped, warnings: warnings.list, warningCount: warnings.count });
    });
