import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Surface } from '../../privacy/reader.js';
import type { QueryDeps } from '../../deps.js';
import type { Name } from '../model.js';
import { personInView } from './person-in-view.js';

/** A person's names, primary first: only for fully visible persons (a redacted person shows none). */
export const listPersonNames =
  (deps: QueryDeps<'persons' | 'events' | 'relationships' | 'trees' | 'memberships' | 'names'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<readonly Name[]> => {
    const found = await personInView(deps.storage, actor, personId, surface, deps.clock.now());
    if (E.isLeft(found)) return found;
    return ok(found.right.visibility === 'full' ? await deps.storage.names.listByPersons([personId]) : []);
  };
