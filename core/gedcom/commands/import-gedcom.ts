import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import { eventLoopTurns } from '../../kernel/turns.js';
import { becomesMedia } from '../mapping-media.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import { createImportBuilder, readExisting, type PersonTarget } from './import-build.js';
import { existingNumbers } from './import-edges.js';
import { createRowWriter, idSequence, MAX_FILE_PERSONS, type RowWriter } from './import-rows.js';
import { createEarlyNames, type EarlyNames } from './import-early-names.js';
import { familiesOf, importMatcher, readExistingTree, type FamiliesOf, type ImportMatcher } from '../candidates.js';
import { fileRefusal, incomingFromRecord, scanGedcom, scannedRepositories, type GedcomFile, type Scan } from '../import-scan.js';
import { createStreamMapper } from '../mapping-stream.js';
import { readGedcomBatches, type ReadLimits } from '../reader.js';
import type { GedcomDiagnostic, ImportCounts, PlanPerson, UnmappedTag } from '../types.js';
import { createWarningLog, mergeWarnings } from '../warnings.js';
import type { MediaDeps } from '../../media/deps.js';
import { keepingBlobs, mediaCollector, type MediaCounts } from '../gedzip-import.js';

export const importActions = ['new', 'skip', 'merge', 'overwrite'] as const;
export type ImportAction = (typeof importActions)[number];
export type Resolution = { readonly action: ImportAction; readonly targetId?: Id };

export type ImportInput = {
  readonly defaultAction: ImportAction;
  /** Incoming xref as written in the file (`@I1@`) -> what to do with that person. */
  readonly resolutions: Readonly<Record<string, Resolution>>;
  /** A host's progress bar (the CLI): called as persons are written, with the count so far. */
  readonly onProgress?: (p: { readonly personsWritten: number }) => void;
  /** Called with the count of records read, during each of the two passes. */
  readonly onRecord?: (records: number, pass: 1 | 2) => void;
  readonly limits?: Partial<ReadLimits>;
  /** The uploaded file's name, for the tree's list of imports. */
  readonly fileName?: string;
};

export type ImportReport = ImportCounts & {
  /** The import, as the tree lists it (GET /trees/{id}/imports) and undoes it. */
  readonly importId: Id;
  /** Media stored from a .gdz (created), or left out with a person the import skipped (skipped). */
  readonly media: MediaCounts;
  readonly unmapped: readonly UnmappedTag[];
  /** The first MAX_WARNINGS (warnings.ts) of the reader, the mapping and the import, by line. */
  readonly warnings: readonly GedcomDiagnostic[];
  /** All of them. */
  readonly warningCount: number;
};

/** What an import writes and reads in its transaction. */
type ImportStores = 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'sources' | 'repositories' | 'deletions' | 'media' | 'bulk' | 'audit' | 'cleanup' | 'duplicates' | 'imports';

const badResolution = (xref: string, message: string) =>
  invalidInput('invalid_resolution', `Resolution for ${xref}: ${message}`, [{ path: `resolutions.${xref}`, message }]);

/** Every resolution names a person of the file, and a live person of this tree where its action needs one. */
const checkResolutions = async (
  stores: Pick<Stores, 'persons'>, treeId: Id, persons: ReadonlyMap<string, number>, resolutions: ImportInput['resolutions'],
): Promise<Result<void>> => {
  const targets: Id[] = [];
  for (const [xref, r] of Object.entries(resolutions)) {
    if (!persons.has(xref)) return fail(badResolution(xref, 'no INDI record of the file has this xref'));
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
 * The first pass, deciding on the way what becomes of each person that is not new: its resolution,
 * else `default_action` when its best duplicate candidate scores `high`. Only those decisions are
 * kept (most persons of a big file are new). The candidates are scored once the scan has indexed the
 * file's family links (a person's parents and partners weigh in), so the pass keeps the persons that
 * may match and each person's primary name until then.
 */
const firstPass = async (
  file: GedcomFile, input: ImportInput, matcher: ImportMatcher | null,
  /** With no tree to match against: the new persons' names, written as the pass meets them, by the ids `idAt` gives the persons. */
  early: { readonly names: EarlyNames; readonly rows: RowWriter; readonly idAt: (i: number) => Id } | null,
): Promise<Result<{ scan: Scan; targets: Map<number, PersonTarget> }>> => {
  const targets = new Map<number, PersonTarget>();
  const pending: { readonly at: number; readonly person: PlanPerson; readonly families: FamiliesOf }[] = [];
  let count = 0;
  const scanned = await scanGedcom(file, input.limits, {
    onRecord: (n) => input.onRecord?.(n, 1),
    ...(early === null ? {} : { between: () => early.rows.maybeFlush() }),
    onPerson: (xref, record, seven) => {
      const at = count++;
      // A person without a resolution is new when there is no one to match: its names can be written now.
      if (early !== null && matcher === null && !Object.hasOwn(input.resolutions, xref)) early.names.note(record, at, early.idAt(at), seven);
      // Every person's name is noted, a resolved one's too: it may be another's parent or partner.
      const person = matcher === null ? null : incomingFromRecord(record, xref);
      if (person !== null) matcher!.note(person);
      const r = Object.hasOwn(input.resolutions, xref) ? input.resolutions[xref] : undefined;
      if (r !== undefined) {
        if (r.action !== 'new') targets.set(at, { action: r.action, targetId: r.targetId! });
        return;
      }
      if (person !== null && matcher!.mayMatch(person)) pending.push({ at, person, families: familiesOf(record) });
    },
  });
  const turn = eventLoopTurns();
  if (E.isRight(scanned) && matcher !== null)
    for (const { at, person, families } of pending) {
      await turn();
      const best = matcher.candidatesFor(person, families, scanned.right.links)[0];
      if (best !== undefined && best.score === 'high') targets.set(at, { action: input.defaultAction as Exclude<ImportAction, 'new'>, targetId: best.personId });
    }
  return E.map((scan: Scan) => ({ scan, targets }))(scanned);
};

/**
 * Imports a GEDCOM file into the tree, additively and all or nothing: one transaction, so a failure
 * leaves the tree exactly as it was. The file is read twice and never held: the first pass keeps
 * what pointers need (import-scan.ts) and decides each person's fate, the second maps each record
 * as it arrives and writes rows in bounded batches. Each incoming person is created (`new`), linked
 * without copying (`skip`), merged into an existing person (`merge`: names as alternates, events,
 * citations, notes), or replaces one (`overwrite`: the existing person is soft-deleted, the incoming
 * one created). A relationship is never created twice between the same pair. Audited as one entry.
 */
export const importGedcom =
  (deps: CommandDeps<ImportStores> & Pick<QueryDeps<'blobRemovals'>, 'storage'> & Partial<MediaDeps>) =>
  async (actor: Actor, treeId: Id, file: GedcomFile, input: ImportInput): AsyncResult<ImportReport> =>
    keepingBlobs(deps, (stored) => deps.storage.uow.run(async (tx) => {
      // However the work ends (an answer, a refusal, a throw), no write of its row writer may outlast
      // the unit of work, whose rollback is to undo them: the bulk writer writes what it held in the
      // background (BulkRecordWriter.settle), and a refusal or a throw may come while it does.
      let writer: RowWriter | null = null;
      try {
        const access = await accessTree(tx, actor, treeId, 'editor');
        if (E.isLeft(access)) return access;
        const resolved = Object.keys(input.resolutions).length;
        const tree = input.defaultAction === 'new' ? null : await readExistingTree(tx, treeId);
        // No one to match in an empty tree: nothing is noted or kept.
        const matcher = tree === null || tree.prepared.sides.length === 0 ? null : importMatcher(tree);
        const now = deps.clock.now();
        const idAt = idSequence();
        const rows = (writer = createRowWriter(tx, input.onProgress === undefined ? undefined : (n) => input.onProgress?.({ personsWritten: n })));
        const names = matcher === null ? createEarlyNames(rows, treeId, now) : null;
        const first = await firstPass(file, input, matcher, names === null ? null : { names, rows, idAt });
        if (E.isLeft(first)) return first;
        const { scan, targets } = first.right;
        if (scan.persons.size >= MAX_FILE_PERSONS)
          return fail(invalidInput('gedcom_too_large', `This file has ${scan.persons.size} persons; an import takes at most ${MAX_FILE_PERSONS - 1}.`, [{ path: 'file', message: 'too many persons' }]));
        if (resolved > 0) {
          const checked = await checkResolutions(tx, treeId, scan.persons, input.resolutions);
          if (E.isLeft(checked)) return checked;
        }

        const overwritten = new Set<Id>();
        const kept = new Set<Id>();
        for (const t of targets.values()) (t.action === 'overwrite' ? overwritten : kept).add((t as { targetId: Id }).targetId);
        if (overwritten.size > 0) {
          await tx.deletions.deletePersons(treeId, [...overwritten], now, newId());
          await tx.deletions.clearPointersTo([...overwritten]);
        }
        const existing = await readExisting(tx, treeId, [...kept].filter((id) => !overwritten.has(id)), overwritten);
        const numberOf = existingNumbers();
        // Kept pointers at an OBJE record name the media record it becomes by the id drawn here for it.
        const mediaIds = new Map<string, Id>();
        const media = mediaCollector(file.media === undefined ? undefined : { files: file.media, blobs: deps.blobs! }, treeId, actorId(actor), now, mediaIds);
        const builder = createImportBuilder({
          treeId, now, rows, existing, fileSources: scan.sources, fileRepositories: scannedRepositories(scan), numberOf,
          targetOf: (i) => targets.get(i) ?? { action: 'new' },
          ...(names === null ? {} : { namesWritten: names.idsOf }),
          who: (xref) => {
            const i = scan.persons.get(xref);
            if (i === undefined) return undefined;
            const t = targets.get(i);
            return t !== undefined && t.action !== 'new' && t.action !== 'overwrite' ? { id: t.targetId, num: numberOf(t.targetId), index: i } : { id: idAt(i), num: i, index: i };
          },
          mediaId: (xref) => {
            if (!becomesMedia(scan.media, xref)) return undefined;
            let id = mediaIds.get(xref);
            if (id === undefined) mediaIds.set(xref, (id = newId()));
            return id;
          },
        });

        // The second pass: the scan refused what cannot be read, so reading the same bytes again cannot fail so.
        const mapper = createStreamMapper(scan);
        const diagnostics = createWarningLog();
        let records = 0;
        const turn = eventLoopTurns();
        try {
          // By batches of records, awaiting only a write or a turn that is due (as the scan does): each
          // record still gets its check of both.
          for await (const batch of readGedcomBatches(file.open(), { onDiagnostic: diagnostics.add, ...(input.limits === undefined ? {} : { limits: input.limits }) })) {
            for (const record of batch) {
              records += 1;
              if ((records & 1023) === 0) input.onRecord?.(records, 2);
              const m = mapper.add(record);
              if (m === null) continue;
              if (m.kind === 'person') {
                builder.person(m.person, m.index);
                const t = targets.get(m.index);
                media.person(m.person, t === undefined || t.action === 'new' || t.action === 'overwrite' ? idAt(m.index) : t.action === 'merge' ? t.targetId : null, builder.eventId);
              }
              else if (m.kind === 'family') builder.family(m.family);
              else {
                builder.source(m.source);
                media.source(m.source, builder.sourceId(m.source.xref) ?? null);
              }
              const flushing = rows.maybeFlush();
              if (flushing !== undefined) await flushing;
              const due = turn();
              if (due !== undefined) await due;
            }
          }
        } catch (err) {
          return fileRefusal(err);
        }
        input.onRecord?.(records, 2);
        await rows.flush();
        await tx.bulk.verify();
        const built = builder.result();
        await tx.persons.updateMany(built.updatedPersons);
        // A couple's notes with their later FAMs' joined (the builder joined them to the first's).
        for (const [id, notes] of built.partnershipNotes) {
          const r = await tx.relationships.byId(id);
          if (r !== null) await tx.relationships.update({ ...r, notes, updatedAt: now });
        }
        // One write a partnership, whatever the number of its forms.
        for (const [id, forms] of built.partnershipForms) await tx.relationships.appendKept(id, JSON.stringify(forms.flatMap((f) => JSON.parse(f) as unknown[])));
        for (const l of built.linkForms) {
          // The edge this import made (the builder left out the tree's own).
          const edge = await tx.relationships.findEdge(treeId, 'parent_child', l.parentId, l.childId);
          if (edge !== null) await tx.relationships.appendKept(edge.id, l.entries);
        }
        for (const [id, coordinates] of built.placeCoordinates) await tx.places.setCoordinates(id, coordinates);
        await keepLifeFacts(tx, built.factsChanged);
        const mapped = mapper.finish();
        const storedMedia = await media.store(tx, mapped.media, stored);

        const counts: ImportCounts = { ...built.counts, persons: { ...built.counts.persons, overwritten: overwritten.size } };
        const warnings = mergeWarnings([diagnostics.result(), mapped.warnings, built.warnings, storedMedia.warnings]);
        await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'gedcom.import', { type: 'tree', id: treeId, treeId }, {
          default_action: input.defaultAction,
          resolutions: resolved,
          persons: counts.persons,
          names: counts.names,
          events: counts.events,
          relationships: counts.relationships,
          sources: counts.sources,
          repositories: counts.repositories,
          citations: counts.citations,
          places: counts.places,
          media: storedMedia.counts,
          unmapped_tags: mapped.unmapped.reduce((n, u) => n + u.count, 0),
          warnings: warnings.count,
        }));
        const importId = newId();
        const keptWhole = builder.kept(mapped.records, mapped.declarations);
        await tx.imports.record({
          id: importId, treeId, actorId: actorId(actor), fileName: input.fileName ?? '', createdAt: deps.clock.now(), undoneAt: null,
          counts: { ...counts, media: storedMedia.counts },
          ...(keptWhole.records.length > 0 || keptWhole.tags.length > 0 ? { kept: keptWhole } : {}),
        });
        return ok({ importId, ...counts, media: storedMedia.counts, unmapped: mapped.unmapped, warnings: warnings.list, warningCount: warnings.count });
      } finally {
        await writer?.settle();
      }
    }));
