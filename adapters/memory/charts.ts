import type { ChartBox, ChartReads, LineageDirection, LineageStep } from '../../core/charts/ports.js';
import type { EventType, Name, Person } from '../../core/people/model.js';
import type { Id } from '../../core/kernel/ids.js';
import { visibilityOf } from '../../core/privacy/engine.js';
import type { MemoryState } from './state.js';
import { treeWithRole } from './tree-read.js';

const lineage = (s: MemoryState, treeId: Id, rootId: Id, direction: LineageDirection, generations: number, limit: number) => {
  const livePerson = (id: Id): Person | undefined => {
    const p = s.persons.get(id);
    return p !== undefined && p.deletedAt === null && p.treeId === treeId ? p : undefined;
  };
  // One step further from each person, over live parent_child edges between live persons of the tree.
  const next = new Map<Id, Set<Id>>();
  for (const r of s.relationships.values()) {
    if (r.type !== 'parent_child' || r.deletedAt !== null || r.treeId !== treeId) continue;
    if (livePerson(r.personAId) === undefined || livePerson(r.personBId) === undefined) continue;
    const [from, to] = direction === 'up' ? [r.personBId, r.personAId] : [r.personAId, r.personBId];
    next.set(from, (next.get(from) ?? new Set()).add(to));
  }
  const root = livePerson(rootId);
  if (root === undefined || limit < 1 || generations < 1) return [];
  const depthOf = new Map<Id, number>([[rootId, 0]]);
  let level = [rootId];
  for (let depth = 1; depth < generations && level.length > 0; depth += 1) {
    const found = new Set<Id>();
    for (const id of level) for (const n of next.get(id) ?? []) if (!depthOf.has(n)) found.add(n);
    level = [...found].sort();
    for (const id of level) depthOf.set(id, depth);
  }
  const ordered = [...depthOf].sort(([a, da], [b, db]) => da - db || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
  return ordered.map(([id, depth]) => ({ person: livePerson(id)!, depth, next: [...(next.get(id) ?? [])] }));
};

/** The box of a person shown in full: their row, their primary name, their own live events of the types (by id). */
const boxOf = (s: MemoryState, person: Person, types: readonly EventType[]): ChartBox => {
  let name: Name | null = null;
  for (const n of s.names.values()) {
    if (n.deletedAt !== null || n.personId !== person.id) continue;
    // The first primary name by id, else the first name by id.
    if (name === null || (n.isPrimary && !name.isPrimary) || (n.isPrimary === name.isPrimary && n.id < name.id)) name = n;
  }
  const events = [...s.events.values()].filter((e) => e.deletedAt === null && e.personId === person.id && types.includes(e.type)).sort(byId);
  return { person, name, events };
};

const byId = <T extends { readonly id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// The engine's own rule decides what is read (PostgreSQL runs SQL generated from it).
export const memoryChartReads = (s: MemoryState): ChartReads => ({
  chart: async (rootId, userId, direction, generations, limit, types, reading) => {
    const person = s.persons.get(rootId);
    const tree = person === undefined ? null : treeWithRole(s, person.treeId, userId);
    if (!person || !tree) return null;
    const member = reading.byRole && tree.role !== null;
    if (person.deletedAt !== null || (!member && visibilityOf({ member: false }, person, reading.now) === 'hidden')) return { person, tree, lineage: null };
    const steps = lineage(s, person.treeId, rootId, direction, generations, limit).map(({ person: p, depth, next }): LineageStep => ({
      id: p.id, depth, next, facts: { privacy: p.privacy, isLiving: p.isLiving, hasDeathFact: p.hasDeathFact, birthYear: p.birthYear },
      box: member || visibilityOf({ member: false }, p, reading.now) === 'full' ? boxOf(s, p, types) : null,
    }));
    const placeIds = new Set(steps.flatMap((st) => st.box?.events.flatMap((e) => (e.placeId === null ? [] : [e.placeId])) ?? []));
    return { person, tree, lineage: { steps, places: [...placeIds].flatMap((id) => s.places.get(id) ?? []).sort(byId) } };
  },
});
