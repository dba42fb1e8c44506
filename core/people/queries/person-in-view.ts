import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type Result } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { readerFor, type Surface, type TreeReader } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { Visibility, VisibilityMap } from '../../privacy/engine.js';
import type { LifeEvent, Person, Relationship } from '../model.js';

export type PersonInView = {
  readonly person: Person;
  readonly reader: TreeReader;
  readonly visibility: Visibility;
  /** The person's events and those of live partnerships involving them. */
  readonly events: readonly LifeEvent[];
  /** Live relationships touching the person. */
  readonly relationships: readonly Relationship[];
  /** Visibility of the person and of everyone those relationships touch. */
  readonly others: VisibilityMap;
};

/**
 * A person addressed by id, with the reader's view of them and their neighbourhood, in a constant
 * number of queries. Missing, deleted or (for a non-member) hidden persons are not found.
 */
export const personInView = async (
  stores: Pick<Stores, 'persons' | 'events' | 'relationships' | 'trees' | 'memberships'>,
  actor: Actor,
  personId: Id,
  surface: Surface,
  now: Date,
): Promise<Result<PersonInView>> => {
  const person = await stores.persons.byId(personId);
  if (person === null) return fail(notFound('person', personId));
  const reader = await readerFor(stores, actor, person.treeId, surface);
  if (E.isLeft(reader)) return reader;
  if (person.deletedAt !== null) return fail(notFound('person', personId));
  const events = await stores.events.listByPersons([personId]);
  const relationships = await stores.relationships.listByPersons([personId]);
  const involved = [personId, ...relationships.flatMap((r) => [r.personAId, r.personBId])];
  const others = await personVisibility(stores, person.treeId, reader.right.member, now, involved, involved.length === 1 ? [person] : undefined);
  const visibility = others.of(personId);
  if (visibility === 'hidden') return fail(notFound('person', personId));
  return ok({ person, reader: reader.right, visibility, events, relationships, others });
};
