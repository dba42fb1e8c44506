// PersonRepository.listJson and pickJson for the memory adapter: the page's views built by the core as the
// per-row path builds them (the engine's visibility, personViews) and written by the list route's
// own personWire. The wire shape is the route's; it is used here because the port answers text
// (PostgreSQL writes it in SQL: adapters/postgres/person-list-json.ts, which says why), and the memory
// adapter answers exactly what the route would have written, so both pass one contract.
import type { PersonRepository } from '../../core/people/ports.js';
import type { Id } from '../../core/kernel/ids.js';
import { visibilityOf, type VisibilityMap } from '../../core/privacy/engine.js';
import { personViews } from '../../core/people/queries/person-views.js';
import { vitalTypes } from '../../core/people/vitals.js';
import { personWire } from '../http/wire-records.js';
import type { MemoryState } from './state.js';
import type { Audience } from '../../core/kernel/audience.js';
import type { Person } from '../../core/people/model.js';
import type { PersonView } from '../../core/people/vitals.js';

const everyoneFull: VisibilityMap = { of: () => 'full' };

/** The persons' views as the per-row path builds them: names primary first then by id, vital events by id, their places. */
const viewsOf = async (s: MemoryState, persons: readonly Person[], visibility: VisibilityMap, withNames: boolean): Promise<readonly PersonView[]> => {
  const shown = new Set<Id>(persons.filter((p) => visibility.of(p.id) === 'full').map((p) => p.id));
  // As names.listByPersons and events.ownOfTypes answer them: primary first then by id; by id.
  const names = [...s.names.values()]
    .filter((n) => n.deletedAt === null && shown.has(n.personId))
    .sort((x, y) => Number(y.isPrimary) - Number(x.isPrimary) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const events = [...s.events.values()]
    .filter((e) => e.deletedAt === null && e.personId !== null && shown.has(e.personId) && vitalTypes.includes(e.type))
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const places = [...new Set(events.flatMap((e) => (e.placeId === null ? [] : [e.placeId])))].flatMap((id) => s.places.get(id) ?? []);
  // The places are preloaded, so personViews reads no store: it is given none that could answer.
  const noStore = { places: { byIds: async () => [], ensure: async () => { throw new Error('not read'); }, listByTree: async () => [], setCoordinates: async () => { throw new Error('not written'); } } };
  return personViews(noStore, persons, names, events, visibility, withNames, places);
};

const visibilityFor = (s: MemoryState, a: Audience): VisibilityMap =>
  a.member ? everyoneFull : { of: (id) => (id === null || !s.persons.has(id) ? 'hidden' : visibilityOf({ member: false }, s.persons.get(id)!, a.now)) };

export const memoryPersonListJson = (s: MemoryState): Pick<PersonRepository, 'listJson' | 'pickJson'> => ({
  pickJson: async (treeId, ids, audience) => {
    const visibility = visibilityFor(s, audience);
    const persons = [...new Set(ids)].flatMap((id) => {
      const p = s.persons.get(id);
      return p !== undefined && p.treeId === treeId && p.deletedAt === null && visibility.of(p.id) !== 'hidden' ? [p] : [];
    });
    return (await viewsOf(s, persons, visibility, true)).map((v) => JSON.stringify(personWire(v))).join(',');
  },
  listJson: async (treeId, page) => {
    const a = page.audience;
    const visibility = visibilityFor(s, a);
    const limit = Math.max(0, Math.floor(page.limit));
    const listed = [...s.persons.values()]
      .filter((p) => p.treeId === treeId && p.deletedAt === null && (page.after === undefined || p.id > page.after) && visibility.of(p.id) !== 'hidden')
      .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    const persons = listed.slice(0, limit);
    const views = await viewsOf(s, persons, visibility, false);
    const full = persons.length > 0 && persons.length === page.limit;
    return {
      json: views.length === 0 ? [] : [views.map((v) => JSON.stringify(personWire(v))).join(',')],
      count: persons.length,
      lastId: full ? persons[persons.length - 1]!.id : null,
      ahead: full ? (listed[2 * limit - 1]?.id ?? null) : null,
    };
  },
});
