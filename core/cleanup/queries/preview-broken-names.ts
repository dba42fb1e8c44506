import type { Actor } from '../../kernel/actor.js';
import { ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { checkName, type NameFlag } from '../broken-names.js';
import { byDisplayName, displayName, previewing, type PreviewDeps, type PreviewRow } from '../preview.js';

export type BrokenNameRow = PreviewRow & {
  readonly flags: readonly NameFlag[];
  /** The primary name now. */
  readonly givenName: string;
  readonly surname: string;
  /** The suggested fix, for the caller to edit before applying. */
  readonly proposed: { readonly givenName: string; readonly surname: string };
};

const reasons: Record<NameFlag, string> = {
  date_in_surname: 'a date in the surname',
  date_in_given_name: 'a date in the given name',
  no_surname: 'no surname',
  packed_given_names: 'several people in the given name',
};

export const flagReason = (flags: readonly NameFlag[]): string => flags.map((f) => reasons[f]).join('; ');

/**
 * Primary names that hold a date, lack a surname, or pack several people into the given name
 * (rules: broken-names.ts), with a suggested given name and surname. A person with no name at all
 * has no surname and is listed too.
 */
export const previewBrokenNames =
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id): AsyncResult<readonly BrokenNameRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      const rows: BrokenNameRow[] = [];
      for (const p of await deps.storage.cleanup.persons(treeId)) {
        const givenName = p.name?.givenName ?? '';
        const surname = p.name?.surname ?? '';
        const check = checkName(givenName, surname);
        if (check === null) continue;
        rows.push({
          personId: p.id, displayName: displayName(p), flags: check.flags, givenName, surname,
          proposed: { givenName: check.givenName, surname: check.surname }, reason: flagReason(check.flags),
        });
      }
      return ok(byDisplayName(rows));
    });
  };
