import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import type { Surface } from '../../privacy/reader.js';
import type { RecordDeps } from '../../shared/record-deps.js';
import type { PersonView } from '../vitals.js';
import { personInView } from './person-in-view.js';
import { personViews } from './person-views.js';

/** One person with their names, through the privacy engine: full, redacted, or 404 when hidden. */
export const getPerson =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, personId: Id, surface: Surface = 'members'): AsyncResult<PersonView> => {
    const found = await personInView(deps.storage, actor, personId, surface, deps.clock.now());
    if (E.isLeft(found)) return found;
    const { person, visibility, events, others } = found.right;
    const names = visibility === 'full' ? await deps.storage.names.listByPersons([personId]) : [];
    const [view] = await personViews(deps.storage, [person], names, events, others, true);
    return ok(view!);
  };
