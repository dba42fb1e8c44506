import type { Actor } from '../../kernel/actor.js';
import { ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { byDisplayName, displayName, previewing, isDeceased, treeLifeFacts, type PreviewDeps, type PreviewRow } from '../preview.js';

/** SPEC "Limits": the default cutoff of the deceased-by-birth-year tool. */
export const DEFAULT_BIRTH_CUTOFF = 1930;

export type DeceasedByBirthYearRow = PreviewRow & { readonly birthYear: number; readonly isLiving: boolean | null };

/**
 * People whose birth year (the latest year their birth fact allows: `ABT 1930` is 1930, `BET 1920 AND
 * 1935` is 1935, `1930/31` is 1931, as the privacy engine reads it) is on or before the cutoff and who
 * are not already deceased. An explicit `is_living: true` is listed too: the cutoff is the question.
 */
export const previewDeceasedByBirthYear =
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id, cutoff: number = DEFAULT_BIRTH_CUTOFF): AsyncResult<readonly DeceasedByBirthYearRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      const { persons, facts } = await treeLifeFacts(deps.storage, treeId);
      const rows: DeceasedByBirthYearRow[] = [];
      for (const p of persons) {
        const f = facts.get(p.id);
        if (f === undefined || f.birthYear === null || f.birthYear > cutoff || isDeceased(f)) continue;
        rows.push({
          personId: p.id, displayName: displayName(p), birthYear: f.birthYear, isLiving: p.isLiving,
          reason: `born ${f.birthYear}, on or before ${cutoff}, with no death fact`,
        });
      }
      return ok(byDisplayName(rows));
    });
  };
