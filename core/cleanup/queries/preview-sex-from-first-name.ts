import type { Actor } from '../../kernel/actor.js';
import { ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Sex } from '../../people/model.js';
import { dictionarySex, firstGivenName, nameKey } from '../given-names.js';
import { displayNameOf } from '../../people/vitals.js';
import { byDisplayName, previewing, primaryOf, type PreviewDeps, type SexRow } from '../preview.js';

export type SexFromFirstNameRow = SexRow & { readonly firstName: string };

/** The keys a first name is looked up by: itself, and for `Hans-Peter` also `Hans` (as the dictionary falls back). */
const keysOf = (first: string): string[] => {
  const whole = nameKey(first);
  const dash = first.indexOf('-');
  return dash > 0 ? [whole, nameKey(first.slice(0, dash))] : [whole];
};

/**
 * For each person with unset sex, the sex the bundled dictionary gives the first given name of their
 * primary name (case and accents aside). Never proposed: a name the dictionary marks ambiguous, a
 * name this tree uses (in any live name) for people of both sexes, and an unknown name.
 * `includeAmbiguous` lists the first two with their reason.
 */
export const previewSexFromFirstName =
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id, options: { readonly includeAmbiguous?: boolean } = {}): AsyncResult<readonly SexFromFirstNameRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      // One read: every name with its person's sex, each person's primary name first.
      const names = await deps.storage.cleanup.names(treeId);
      // How the tree itself uses each first name: the sexes of the people who bear it.
      const usage = new Map<string, Set<Sex>>();
      for (const n of names) {
        const first = n.sex === null ? null : firstGivenName(n.givenName);
        if (first === null || n.sex === null) continue;
        const key = nameKey(first);
        const set = usage.get(key) ?? new Set<Sex>();
        set.add(n.sex);
        usage.set(key, set);
      }
      const rows: SexFromFirstNameRow[] = [];
      for (const primary of primaryOf(names)) {
        if (primary.sex !== null) continue;
        const first = firstGivenName(primary.givenName);
        if (first === null) continue;
        const found = dictionarySex(first);
        if (found === null) continue;
        const base = { personId: primary.personId, displayName: displayNameOf(primary), sex: null, firstName: first };
        const bothInTree = keysOf(first).some((k) => (usage.get(k)?.size ?? 0) > 1);
        if (found === 'ambiguous' || bothInTree) {
          if (options.includeAmbiguous === true)
            rows.push({ ...base, proposed: null, reason: found === 'ambiguous' ? `ambiguous: ${first} is given to both sexes` : `ambiguous: this tree has both sexes named ${first}` });
          continue;
        }
        rows.push({ ...base, proposed: found, reason: `${first} is a ${found} given name` });
      }
      return ok(byDisplayName(rows));
    });
  };
