import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { badReference, invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { CommandDeps } from '../../deps.js';
import { livePerson } from '../../people/references.js';
import { accessTree } from '../../trees/access.js';
import type { Citation, CitationTargetKind } from '../model.js';

type Deps = CommandDeps<'trees' | 'memberships' | 'sources' | 'citations' | 'persons' | 'names' | 'events' | 'relationships' | 'audit'>;
/** Update and delete touch the citation alone: its source and target stay as they are. */
type CitationDeps = CommandDeps<'trees' | 'memberships' | 'citations' | 'audit'>;

export type CitationCreate = {
  readonly sourceId: Id;
  readonly personId?: Id;
  readonly eventId?: Id;
  readonly nameId?: Id;
  readonly relationshipId?: Id;
  readonly page?: string;
  readonly detail?: string;
  readonly entryDate?: string;
  readonly notes?: string;
  readonly confidence?: number | null;
};

export type CitationUpdate = { readonly page?: string; readonly detail?: string; readonly entryDate?: string; readonly notes?: string; readonly confidence?: number | null };

const checkConfidence = (c: number | null | undefined) =>
  c == null || (Number.isInteger(c) && c >= 0 && c <= 3)
    ? null
    : invalidInput('invalid_input', 'confidence is 0 to 3 (GEDCOM QUAY).', [{ path: 'confidence', message: 'an integer from 0 to 3' }]);

/** Does the cited record exist, live, in this tree (and, for names and events, with a live subject)? */
const targetLives = async (tx: Pick<Stores, 'persons' | 'names' | 'events' | 'relationships'>, treeId: Id, kind: CitationTargetKind, id: Id): Promise<boolean> => {
  switch (kind) {
    case 'person':
      return (await livePerson(tx, treeId, id)) !== null;
    case 'name': {
      const n = await tx.names.byId(id);
      return n !== null && n.treeId === treeId && n.deletedAt === null && (await livePerson(tx, treeId, n.personId)) !== null;
    }
    case 'event': {
      const e = await tx.events.byId(id);
      return e !== null && e.treeId === treeId && e.deletedAt === null;
    }
    case 'relationship': {
      const r = await tx.relationships.byId(id);
      return r !== null && r.treeId === treeId && r.deletedAt === null;
    }
  }
};

/** Links one source to exactly one fact of the same tree (editor). */
export const createCitation =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: CitationCreate): AsyncResult<Citation> => {
    const targets = ([['person', input.personId], ['event', input.eventId], ['name', input.nameId], ['relationship', input.relationshipId]] as const).filter(
      (t): t is [CitationTargetKind, Id] => t[1] !== undefined,
    );
    if (targets.length !== 1)
      return fail(invalidInput('invalid_target', 'A citation names exactly one of person_id, event_id, name_id, relationship_id.', [
        { path: 'person_id', message: 'exactly one target' },
      ]));
    const bad = checkConfidence(input.confidence);
    if (bad) return fail(bad);
    const [kind, targetId] = targets[0]!;
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const source = await tx.sources.byId(input.sourceId);
      if (source === null || source.treeId !== treeId || source.deletedAt !== null) return fail(badReference('source_id', 'source'));
      if (!(await targetLives(tx, treeId, kind, targetId))) return fail(badReference(`${kind}_id`, kind));
      const now = deps.clock.now();
      const citation: Citation = {
        id: newId(), treeId, sourceId: source.id, target: { kind, id: targetId }, page: input.page ?? '', detail: input.detail ?? '', entryDate: input.entryDate ?? '', notes: input.notes ?? '',
        confidence: input.confidence ?? null, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
      };
      await tx.citations.insert(citation);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'citation.create', { type: 'citation', id: citation.id, treeId }, {
        source_id: source.id, target_kind: kind, target_id: targetId,
      }));
      return ok(citation);
    });
  };

export const updateCitation =
  (deps: CitationDeps) =>
  async (actor: Actor, id: Id, input: CitationUpdate): AsyncResult<Citation> => {
    const bad = checkConfidence(input.confidence);
    if (bad) return fail(bad);
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'citation', id, await tx.citations.byId(id));
      if (E.isLeft(found)) return found;
      const c = found.right.record;
      const next = { ...c, page: input.page ?? c.page, detail: input.detail ?? c.detail, entryDate: input.entryDate ?? c.entryDate, notes: input.notes ?? c.notes, confidence: input.confidence === undefined ? c.confidence : input.confidence, updatedAt: deps.clock.now() };
      await tx.citations.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'citation.update', { type: 'citation', id, treeId: c.treeId }));
      return ok(next);
    });
  };

export const deleteCitation =
  (deps: CitationDeps) =>
  async (actor: Actor, id: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'citation', id, await tx.citations.byId(id));
      if (E.isLeft(found)) return found;
      const c = found.right.record;
      await tx.citations.update({ ...c, deletedAt: deps.clock.now() });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'citation.delete', { type: 'citation', id, treeId: c.treeId }));
      return ok(undefined);
    });
