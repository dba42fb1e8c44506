import type { Actor } from '../../kernel/actor.js';
import type { AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { primaryNames } from '../../people/vitals.js';
import { applyCleanup, type ApplyResult, type ApplyStores, type SkipReason } from '../apply.js';
import type { CommandDeps } from '../../deps.js';
import { checkName } from '../broken-names.js';

/**
 * Writes the caller's given name and surname over the primary name of the kept rows, through the
 * same write as PATCH /persons/{id}. A person whose primary name is no longer flagged (someone fixed
 * it since the preview) is skipped as `no_longer_flagged`, so a stale preview never undoes an edit.
 */
export const applyNames =
  (deps: CommandDeps<ApplyStores>) =>
  (actor: Actor, treeId: Id, changes: readonly { readonly personId: Id; readonly givenName: string; readonly surname: string }[]): AsyncResult<ApplyResult> =>
    applyCleanup(deps)(
      actor, treeId, 'names',
      changes.map((c, i) => ({ personId: c.personId, input: { givenName: c.givenName, surname: c.surname }, path: `changes[${i}].person_id` })),
      async (tx, persons) => {
        const primary = primaryNames(await tx.names.listByPersons(persons.map((p) => p.id)));
        const refused = new Map<Id, SkipReason>();
        for (const p of persons) {
          const n = primary.get(p.id);
          if (checkName(n?.givenName ?? '', n?.surname ?? '') === null) refused.set(p.id, 'no_longer_flagged');
        }
        return refused;
      },
    );
