import type { Actor } from '../../kernel/actor.js';
import { ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { byDisplayName, displayName, previewing, isDeceased, treeLifeFacts, type PreviewDeps, type PreviewRow } from '../preview.js';

export type DeceasedByChildRow = PreviewRow & { readonly childBirthYear: number; readonly childId: Id };

/**
 * Parents (through parent_child edges of any qualifier) of a child born on or before `year`, unless
 * the parent is already deceased. The child named is the earliest born of those (ties: lowest id);
 * birth years are read as the privacy engine reads them.
 */
export const previewDeceasedByChild =
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id, year: number): AsyncResult<readonly DeceasedByChildRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      const { persons, facts } = await treeLifeFacts(deps.storage, treeId);
      const edges = await deps.storage.cleanup.edges(treeId, 'parent_child');
      const earliest = new Map<Id, { childId: Id; year: number }>();
      for (const { a: parent, b: child } of edges) {
        const born = facts.get(child)?.birthYear ?? null;
        if (born === null || born > year || isDeceased(facts.get(parent))) continue;
        const seen = earliest.get(parent);
        if (seen === undefined || born < seen.year || (born === seen.year && child < seen.childId)) earliest.set(parent, { childId: child, year: born });
      }
      const rows: DeceasedByChildRow[] = [];
      for (const p of persons) {
        const e = earliest.get(p.id);
        if (e === undefined) continue;
        rows.push({ personId: p.id, displayName: displayName(p), childBirthYear: e.year, childId: e.childId, reason: `has a child born ${e.year}, on or before ${year}` });
      }
      return ok(byDisplayName(rows));
    });
  };
