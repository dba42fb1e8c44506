import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { VisibilityMap } from '../../privacy/engine.js';
import type { LifeEvent, Name, Person, Place } from '../model.js';
import { displayNameOf, primaryNames, vitalEvents, vitalOf, type PersonView } from '../vitals.js';

/**
 * Person read records for a reader: hidden persons are dropped, possibly-living ones (for a
 * non-member) redacted to `Living person` with nothing else; the rest in full with their vitals.
 * One places query, whatever the number of persons.
 */
export const personViews = async (
  stores: Pick<Stores, 'places'>,
  persons: readonly Person[],
  names: readonly Name[],
  events: readonly LifeEvent[],
  visibility: VisibilityMap,
  withNames: boolean,
  /** The places of these events when the caller has them already (no places query then). */
  preloaded?: readonly Place[],
): Promise<readonly PersonView[]> => {
  const shown = persons.filter((p) => visibility.of(p.id) === 'full');
  const shownIds = new Set(shown.map((p) => p.id));
  const vitals = vitalEvents(events.filter((e) => e.personId !== null && shownIds.has(e.personId)));
  const placeIds = [...vitals.values()].flatMap((v) => [v.birth?.placeId, v.death?.placeId]).filter((x): x is Id => x != null);
  const places = new Map((preloaded ?? (placeIds.length === 0 ? [] : await stores.places.byIds([...new Set(placeIds)]))).map((p) => [p.id, p]));
  const primary = primaryNames(names.filter((n) => shownIds.has(n.personId)));
  const namesOf = new Map<Id, Name[]>();
  if (withNames) for (const n of names) if (shownIds.has(n.personId)) namesOf.set(n.personId, [...(namesOf.get(n.personId) ?? []), n]);
  return persons.flatMap((p): PersonView[] => {
    const v = visibility.of(p.id);
    if (v === 'hidden') return [];
    if (v === 'redacted') return [{ visibility: 'redacted', person: { id: p.id, treeId: p.treeId }, displayName: 'Living person' }];
    const vital = vitals.get(p.id) ?? {};
    return [{
      visibility: 'full',
      person: p,
      displayName: displayNameOf(primary.get(p.id)),
      primary: primary.get(p.id) ?? null,
      birth: vitalOf(vital.birth, places),
      death: vitalOf(vital.death, places),
      ...(withNames ? { names: namesOf.get(p.id) ?? [] } : {}),
    }];
  });
};
