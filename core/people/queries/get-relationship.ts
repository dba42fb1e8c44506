import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { QueryDeps } from '../../deps.js';
import { relationshipView, type RelationshipView } from '../../privacy/relationship-view.js';

/** One relationship: a non-member sees it only when neither end is hidden, its details only when both are full. */
export const getRelationship =
  (deps: QueryDeps<'relationships' | 'trees' | 'memberships' | 'persons'>) =>
  async (actor: Actor, id: Id): AsyncResult<RelationshipView> => {
    const s = deps.storage;
    const rel = await s.relationships.byId(id);
    if (rel === null) return fail(notFound('relationship', id));
    const reader = await readerFor(s, actor, rel.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (rel.deletedAt !== null) return fail(notFound('relationship', id));
    const ends = [rel.personAId, rel.personBId];
    const persons = await s.persons.byIds(rel.treeId, ends);
    if (persons.length !== 2) return fail(notFound('relationship', id));
    const visibility = await personVisibility(s, rel.treeId, reader.right.member, deps.clock.now(), ends, persons);
    const filter = recordFilter(reader.right.member, visibility, { partnership: () => undefined });
    return filter.relationship(rel) ? ok(relationshipView(filter)(rel)) : fail(notFound('relationship', id));
  };
