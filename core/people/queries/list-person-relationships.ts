import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Surface } from '../../privacy/reader.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { QueryDeps } from '../../deps.js';
import { relationshipView, type RelationshipView } from '../../privacy/relationship-view.js';
import { personInView } from './person-in-view.js';

/** The relationships touching a person whose other end the reader may see (not hidden), projected for the reader. */
export const listPersonRelationships =
  (deps: QueryDeps<'persons' | 'events' | 'relationships' | 'trees' | 'memberships'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<readonly RelationshipView[]> => {
    const found = await personInView(deps.storage, actor, personId, surface, deps.clock.now());
    if (E.isLeft(found)) return found;
    const { reader, relationships, others } = found.right;
    const filter = recordFilter(reader.member, others, { partnership: () => undefined });
    return ok(relationships.filter(filter.relationship).map(relationshipView(filter)));
  };
