import type { Actor } from '../../kernel/actor.js';
import { ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Sex } from '../../people/model.js';
import { byDisplayName, displayName, previewing, oppositeSex, type PreviewDeps, type SexRow } from '../preview.js';

export type SexFromSpouseRow = SexRow & { readonly partnerIds: readonly Id[] };

/**
 * For each person with unset sex, the partners (live partnerships) whose sex is set: all of one sex,
 * propose the other; of both sexes, ambiguous and not proposed. People with no partner of known sex,
 * and people whose sex is set, are not listed. `includeAmbiguous` lists the ambiguous with a reason.
 */
export const previewSexFromSpouse =
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id, options: { readonly includeAmbiguous?: boolean } = {}): AsyncResult<readonly SexFromSpouseRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      const persons = await deps.storage.cleanup.persons(treeId);
      const edges = await deps.storage.cleanup.edges(treeId, 'partnership');
      const sexOf = new Map(persons.map((p) => [p.id, p.sex]));
      const partners = new Map<Id, Set<Id>>();
      const link = (from: Id, to: Id): void => {
        if (sexOf.get(from) !== null || (sexOf.get(to) ?? null) === null) return;
        const set = partners.get(from) ?? new Set<Id>();
        set.add(to);
        partners.set(from, set);
      };
      for (const { a, b } of edges) {
        link(a, b);
        link(b, a);
      }
      const rows: SexFromSpouseRow[] = [];
      for (const p of persons) {
        const known = partners.get(p.id);
        if (known === undefined) continue;
        const partnerIds = [...known].sort();
        const sexes = new Set(partnerIds.map((id) => sexOf.get(id) as Sex));
        const base = { personId: p.id, displayName: displayName(p), sex: null, partnerIds };
        if (sexes.size === 1) {
          const partnerSex = [...sexes][0]!;
          rows.push({ ...base, proposed: oppositeSex(partnerSex), reason: `partner${partnerIds.length > 1 ? 's are' : ' is'} ${partnerSex}` });
        } else if (options.includeAmbiguous === true) {
          rows.push({ ...base, proposed: null, reason: 'ambiguous: partners of both sexes' });
        }
      }
      return ok(byDisplayName(rows));
    });
  };
