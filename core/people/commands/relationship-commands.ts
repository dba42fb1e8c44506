// Create, update and delete of relationship edges.
import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { badReference, conflict, invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { livePerson } from '../references.js';
import { accessTree } from '../../trees/access.js';
import { MAX_CODE_LENGTH, type ParentChildQualifier, type Relationship, type RelationshipType } from '../model.js';

type Deps = CommandDeps<'trees' | 'memberships' | 'persons' | 'relationships' | 'audit'>;
/** Update and delete address the edge by id and never read its persons. */
type EdgeDeps = CommandDeps<'trees' | 'memberships' | 'relationships' | 'audit'>;

export type RelationshipCreate = {
  readonly type: RelationshipType;
  readonly personAId: Id;
  readonly personBId: Id;
  readonly qualifier?: ParentChildQualifier | null;
  /** association only (else 422): what person b is to person a. */
  readonly role?: string | null;
  readonly notes?: string;
};

export type RelationshipPatch = { readonly qualifier?: ParentChildQualifier | null; readonly role?: string | null; readonly notes?: string };

const qualifierRule = (type: RelationshipType, qualifier: ParentChildQualifier | null, role: string | null) =>
  type === 'parent_child' && qualifier === null
    ? invalidInput('invalid_input', 'A parent_child edge needs a qualifier.', [{ path: 'qualifier', message: 'required for parent_child' }])
    : type !== 'parent_child' && qualifier !== null
      ? invalidInput('invalid_input', `A ${type} has no qualifier.`, [{ path: 'qualifier', message: 'only for parent_child' }])
      : type !== 'association' && role !== null
        ? invalidInput('invalid_input', `A ${type} has no role.`, [{ path: 'role', message: 'only for association' }])
        : role !== null && [...role].length > MAX_CODE_LENGTH
          ? invalidInput('invalid_input', `A role has at most ${MAX_CODE_LENGTH} characters.`, [{ path: 'role', message: `at most ${MAX_CODE_LENGTH} characters` }])
          : null;

/** Stored trimmed; a blank role is no role. */
const roleOf = (role: string | null | undefined): string | null => (role === undefined || role === null || role.trim() === '' ? null : role.trim());

/**
 * Creates an edge between two live persons of the tree. The same pair and genealogical type is never
 * stored twice: creating it again is a 409 (`relationship_exists`); partnerships are symmetric.
 * Associations are not deduplicated: one person may be another's godparent and witness.
 */
export const createRelationship =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: RelationshipCreate): AsyncResult<Relationship> => {
    const qualifier = input.qualifier ?? null;
    const role = roleOf(input.role);
    const bad = qualifierRule(input.type, qualifier, role);
    if (bad) return fail(bad);
    if (input.personAId === input.personBId)
      return fail(invalidInput('invalid_input', 'A relationship joins two different persons.', [{ path: 'person_b_id', message: 'same as person_a_id' }]));
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      if ((await livePerson(tx, treeId, input.personAId)) === null) return fail(badReference('person_a_id', 'person'));
      if ((await livePerson(tx, treeId, input.personBId)) === null) return fail(badReference('person_b_id', 'person'));
      const existing = input.type === 'association' ? null : await tx.relationships.findEdge(treeId, input.type, input.personAId, input.personBId);
      if (existing) return fail(conflict('relationship_exists', `That relationship exists already: ${existing.id}.`));
      // Nobody is their own ancestor, through any qualifier: the child may not be the parent's ancestor.
      if (input.type === 'parent_child' && (await tx.relationships.isAncestor(treeId, input.personBId, input.personAId)))
        return fail(invalidInput('relationship_cycle', 'That would make a person their own ancestor: person_b_id is already an ancestor of person_a_id.', [{ path: 'person_b_id', message: 'an ancestor of person_a_id' }]));
      const now = deps.clock.now();
      const rel: Relationship = {
        id: newId(), treeId, type: input.type, personAId: input.personAId, personBId: input.personBId, qualifier, role, notes: input.notes ?? '',
        createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
      };
      await tx.relationships.insert(rel);
      // Not an association's role: free text, which the audit never keeps (core/kernel/audit-details.ts).
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'relationship.create', { type: 'relationship', id: rel.id, treeId }, {
        type: rel.type, person_a_id: rel.personAId, person_b_id: rel.personBId, qualifier,
      }));
      return ok(rel);
    });
  };

export const updateRelationship =
  (deps: EdgeDeps) =>
  async (actor: Actor, id: Id, input: RelationshipPatch): AsyncResult<Relationship> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'relationship', id, await tx.relationships.byId(id));
      if (E.isLeft(found)) return found;
      const r = found.right.record;
      const qualifier = input.qualifier === undefined ? r.qualifier : input.qualifier;
      const role = input.role === undefined ? r.role : roleOf(input.role);
      const bad = qualifierRule(r.type, qualifier, role);
      if (bad) return fail(bad);
      const next = { ...r, qualifier, role, notes: input.notes ?? r.notes, updatedAt: deps.clock.now() };
      await tx.relationships.update(next);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'relationship.update', { type: 'relationship', id, treeId: r.treeId }, { qualifier }));
      return ok(next);
    });

export const deleteRelationship =
  (deps: EdgeDeps) =>
  async (actor: Actor, id: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'relationship', id, await tx.relationships.byId(id));
      if (E.isLeft(found)) return found;
      const r = found.right.record;
      await tx.relationships.update({ ...r, deletedAt: deps.clock.now() });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'relationship.delete', { type: 'relationship', id, treeId: r.treeId }, { type: r.type }));
      return ok(undefined);
    });
