import type { Id } from '../kernel/ids.js';
import type { EventType, LifeEvent, Name, Person, Place } from '../people/model.js';
import type { TreeWithRole } from '../trees/model.js';

/** Up: ancestors (parents of parents); down: descendants (children of children). */
export type LineageDirection = 'up' | 'down';

/** A chart never shows more distinct persons than this (descendant charts of big families grow fast). */
export const CHART_PERSON_CAP = 5000;

/** What the privacy engine decides from, as kept on a person's row (see core/privacy/engine.ts LifeFacts). */
export type ChartFacts = Pick<Person, 'privacy' | 'isLiving' | 'hasDeathFact' | 'birthYear'>;

/** What a box shows of a person shown in full: their row, their primary name, their own vital events. */
export type ChartBox = {
  readonly person: Person;
  /** Their first live primary name by id, else their first live name by id; null without a live name. */
  readonly name: Name | null;
  /** Their own live events (not their partnerships') of the types asked, ordered by id. */
  readonly events: readonly LifeEvent[];
};

/** One person the lineage reached, and the next persons one step further in the direction. */
export type LineageStep = {
  readonly id: Id;
  /** Generations from the root (the root: 0), the shallowest over every path. */
  readonly depth: number;
  /**
   * The live persons of the tree one step further (the parents going up, the children going down)
   * along live parent_child edges, each once, in no particular order; ids outside the returned
   * persons were not read (the cap) or lie beyond the generations asked.
   */
  readonly next: readonly Id[];
  readonly facts: ChartFacts;
  /** What their box shows when the reader is shown them in full; null otherwise (nothing more is read of them). */
  readonly box: ChartBox | null;
};

/**
 * Whom a chart is read for: on the members' API a role in the tree makes the reader a member
 * (`byRole`), on the public surface nobody is; a reader who is not a member reads as a non-member at
 * `now`.
 */
export type ChartReading = { readonly byRole: boolean; readonly now: Date };

/** What a chart read answers (see ChartReads.chart). */
export type ChartRead = {
  readonly person: Person;
  readonly tree: TreeWithRole;
  /**
   * Null when the root is deleted or hidden from the reader; else the persons reached (`steps`) and
   * the places of the events in their boxes (`places`, by id).
   */
  readonly lineage: { readonly steps: readonly LineageStep[]; readonly places: readonly Place[] } | null;
};

/** The read side of the pedigree and descendant charts. */
export type ChartReads = {
  /**
   * Everything a chart of `rootId` needs, in one read. Null when no person has that id; else the
   * root's row (deleted too) and its tree with the role `userId` holds in it (null role: not a member,
   * or no user), as PersonRepository.withTree answers them, and `lineage`.
   *
   * Who is shown what: a member (a role in the tree, where `reading.byRole`) sees every live person
   * in full; anyone else what the non-member rule (core/privacy/engine.ts) shows at `reading.now`,
   * decided from the facts kept on each person's row. `lineage` is null when the root is deleted or
   * hidden from this reader. The caller still decides (core/charts/chart-read.ts): the read only
   * never reads the lineage of a root it would withhold, nor the box of a person it would not show in
   * full.
   *
   * `lineage.steps`: the persons reached from the root along live parent_child edges (relationship
   * person_a is the parent, person_b the child) whose both ends are live persons of the root's tree,
   * up or down, within `generations` counting the root (1: the root alone), each once with their
   * shallowest depth, ordered by depth then id; the root first. Lines that rejoin (pedigree collapse)
   * and cycles in bad data end: each person comes once. At most `limit` persons: when more are
   * reachable, every person at depths shallower than the deepest one returned is there, and which of
   * the deepest level are returned is not specified (the charts ask for CHART_PERSON_CAP, 5,000, and
   * mark the persons whose next ones were cut). Hidden persons are steps too (the caller leaves them
   * out with what is reachable only through them).
   *
   * Each step brings the facts the engine decides from, and its `box` only when the reader is shown
   * that person in full: their row, their primary name, and their own live events whose type is one
   * of `types`; `lineage.places` holds the places of those events.
   *
   * A read costs what it returns (one statement in PostgreSQL, a recursive CTE that stops early),
   * never what the tree holds.
   */
  readonly chart: (
    rootId: Id,
    userId: Id | null,
    direction: LineageDirection,
    generations: number,
    limit: number,
    types: readonly EventType[],
    reading: ChartReading,
  ) => Promise<ChartRead | null>;
};
