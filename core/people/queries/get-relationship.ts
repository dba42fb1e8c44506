import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { notFound } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { RecordDeps } from '../deps.js';
import type { Relationship } from '../model.js';

/** One relationship: a non-member sees it only when neither end is hidden. */
export const getRelationship =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, id: Id): AsyncResult<Relationship> => {
    const s = deps.storage;
    const rel = await s.relationships.byId(id);
    if (rel === null) return fail(notFound('relationship', id));
    const reader = await readerFor(s, actor, rel.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (rel.deletedAt !== null) return fail(notFound('relationship', id));
    const ends = [rel.personAId, rel.personBId];
    const persons = await s.persons.byIds(rel.treeId, ends);
    if (persons.length !== 2) return fail(notFound('relationship', id));
    const visibility = await personVisibility(s, rel.treeId, reader.right.member, deps.clock.now(), { kind: 'persons', ids: ends }, { persons });
    return recordFilter(reader.right.member, visibility, { partnership: () => undefined }).relationship(rel) ? ok(rel) : fail(notFound('relationship', id));
  };
