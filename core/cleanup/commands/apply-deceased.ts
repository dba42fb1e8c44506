import type { Actor } from '../../kernel/actor.js';
import type { AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { lifeFactsOf } from '../../privacy/engine.js';
import { applyCleanup, type ApplyResult, type ApplyStores, type SkipReason } from '../apply.js';
import { isDeceased } from '../preview.js';
import type { CommandDeps } from '../../deps.js';

/** Each person once (a UUID in any case), at the index of its first mention in the request. */
const firstOccurrences = (ids: readonly Id[]): { id: Id; index: number }[] => {
  const seen = new Set<Id>();
  return ids.flatMap((given, index) => {
    const id = given.toLowerCase();
    return seen.has(id) ? [] : (seen.add(id), [{ id, index }]);
  });
};

/**
 * Sets `is_living` to false for the kept rows of either deceased tool. A person who is deceased by
 * now (`is_living` false, or a death fact) is skipped as `already_deceased`.
 */
export const applyDeceased =
  (deps: CommandDeps<ApplyStores>) =>
  (actor: Actor, treeId: Id, personIds: readonly Id[]): AsyncResult<ApplyResult> =>
    applyCleanup(deps)(
      actor, treeId, 'deceased',
      // The same person twice in a list of ids asks for one change: not an error.
      firstOccurrences(personIds).map(({ id, index }) => ({ personId: id, input: { isLiving: false }, path: `person_ids[${index}]` })),
      async (tx, persons) => {
        const facts = lifeFactsOf(persons, await tx.events.listByPersons(persons.map((p) => p.id)));
        const refused = new Map<Id, SkipReason>();
        for (const p of persons) if (isDeceased(facts.get(p.id))) refused.set(p.id, 'already_deceased');
        return refused;
      },
    );
