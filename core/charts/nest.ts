import type { Id } from '../kernel/ids.js';
import type { VisibilityMap } from '../privacy/engine.js';
import type { Person } from '../people/model.js';
import type { LineageDirection } from './ports.js';

/**
 * One box of a chart. An expanded person (`ref: false`) carries `next` (their parents or children
 * shown, empty at the last generation and where none are known) and `truncated` when some of them
 * were not read because of the person cap; a later occurrence of a person already shown (pedigree
 * collapse, a cycle in bad data) is a reference (`ref: true`) with no `next`.
 */
export type ChartNode<P> =
  | { readonly person: P; readonly ref: false; readonly next: readonly ChartNode<P>[]; readonly truncated?: true }
  | { readonly person: P; readonly ref: true };

/** What the nesting reads of a person: their id, and their sex and birth year to order those shown in full. */
export type NestPerson = Pick<Person, 'id' | 'sex' | 'birthYear'>;

/** A person the lineage reached and their next ones (see LineageStep). */
export type NestStep<P extends NestPerson> = { readonly person: P; readonly next: readonly Id[] };

type Open<P> = { person: P; ref: false; next: ChartNode<P>[]; truncated?: true };

const SEX_RANK: Record<string, number> = { male: 0, female: 1 };

/**
 * Parents: male, female, unknown, then birth year (unknown last), then id; children: birth year
 * (unknown last), then id. Redacted persons come after the others by id alone, so the order never
 * tells their sex or age.
 */
const order = (direction: LineageDirection, visibility: VisibilityMap) => (a: NestPerson, b: NestPerson): number => {
  const ra = visibility.of(a.id) === 'redacted' ? 1 : 0;
  const rb = visibility.of(b.id) === 'redacted' ? 1 : 0;
  if (ra !== rb) return ra - rb;
  if (ra === 0) {
    if (direction === 'up') {
      const sex = (SEX_RANK[a.sex ?? ''] ?? 2) - (SEX_RANK[b.sex ?? ''] ?? 2);
      if (sex !== 0) return sex;
    }
    const year = (a.birthYear ?? Infinity) - (b.birthYear ?? Infinity);
    if (year !== 0 && !Number.isNaN(year)) return year;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * The nested chart of `rootId` over the persons a lineage read reached, for one reader: built
 * breadth-first, so each person is expanded once, at the shallowest generation where the reader can
 * reach them (equal depths: the earlier in parent/child order), and is a reference everywhere else.
 * Hidden persons are left out with everything reachable only through them; redacted ones stay and
 * the chart goes on through them. Null when the root is not among the steps or hidden.
 */
export const nestChart = <P extends NestPerson>(
  rootId: Id,
  steps: readonly NestStep<P>[],
  generations: number,
  visibility: VisibilityMap,
  direction: LineageDirection,
): ChartNode<P> | null => {
  const byId = new Map(steps.map((s) => [s.person.id, s]));
  const first = byId.get(rootId);
  if (first === undefined || visibility.of(rootId) === 'hidden') return null;
  const root: Open<P> = { person: first.person, ref: false, next: [] };
  const placed = new Set<Id>([rootId]);
  const queue: { node: Open<P>; step: NestStep<P>; generation: number }[] = [{ node: root, step: first, generation: 1 }];
  const sort = order(direction, visibility);
  for (let i = 0; i < queue.length; i += 1) {
    const { node, step, generation } = queue[i]!;
    if (generation >= generations) continue;
    const shown: NestStep<P>[] = [];
    for (const id of new Set(step.next)) {
      const s = byId.get(id);
      // Within the generations asked, a next person the read left out was cut by the cap.
      if (s === undefined) node.truncated = true;
      else if (visibility.of(id) !== 'hidden') shown.push(s);
    }
    shown.sort((a, b) => sort(a.person, b.person));
    for (const s of shown) {
      if (placed.has(s.person.id)) {
        node.next.push({ person: s.person, ref: true });
        continue;
      }
      placed.add(s.person.id);
      const open: Open<P> = { person: s.person, ref: false, next: [] };
      node.next.push(open);
      queue.push({ node: open, step: s, generation: generation + 1 });
    }
  }
  return root;
};

/** The same chart with each person replaced by `f` of them. */
export const mapChart = <P, Q>(node: ChartNode<P>, f: (p: P) => Q): ChartNode<Q> =>
  node.ref
    ? { person: f(node.person), ref: true }
    : { person: f(node.person), ref: false, next: node.next.map((n) => mapChart(n, f)), ...(node.truncated ? { truncated: true as const } : {}) };
