import type { Actor } from '../../kernel/actor.js';
import type { AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Sex } from '../../people/model.js';
import { applyCleanup, type ApplyResult, type ApplyStores, type SkipReason } from '../apply.js';
import type { CommandDeps } from '../../deps.js';

/** Sets the sex of the kept rows of the three sex tools; a person whose sex is set by now is skipped. */
export const applySex =
  (deps: CommandDeps<ApplyStores>) =>
  (actor: Actor, treeId: Id, changes: readonly { readonly personId: Id; readonly sex: Sex }[]): AsyncResult<ApplyResult> =>
    applyCleanup(deps)(
      actor, treeId, 'gender',
      changes.map((c, i) => ({ personId: c.personId, input: { sex: c.sex }, path: `changes[${i}].person_id` })),
      async (_tx, persons) => new Map<Id, SkipReason>(persons.filter((p) => p.sex !== null).map((p) => [p.id, 'sex_already_set'])),
    );
