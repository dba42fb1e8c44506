import type { Id } from '../kernel/ids.js';
import type { EventType, LifeEvent, Name, Person, Place } from '../people/model.js';

/** Up: ancestors (parents of parents); down: descendants (children of children). */
export type LineageDirection = 'up' | 'down';

/** A chart never shows more distinct persons than this (descendant charts of big families grow fast). */
export const CHART_PERSON_CAP = 5000;

/** One person the lineage reached: the row, and the next persons one step further in the direction. */
export type LineageStep = {
  readonly person: Person;
  /** Generations from the root (the root: 0), the shallowest over every path. */
  readonly depth: number;
  /**
   * The live persons of the tree one step further (the parents going up, the children going down)
   * along live parent_child edges, each once, in no particular order; ids outside the returned
   * persons were not read (the cap) or lie beyond the generations asked.
   */
  readonly next: readonly Id[];
};

/** What the boxes of a chart show of the persons shown in full. */
export type ChartBoxes = { readonly names: readonly Name[]; readonly events: readonly LifeEvent[]; readonly places: readonly Place[] };

/** The read side of the pedigree and descendant charts. */
export type ChartReads = {
  /**
   * The persons reached from `rootId` along live parent_child edges (relationship person_a is the
   * parent, person_b the child) whose both ends are live persons of `treeId`, up or down, within
   * `generations` counting the root (1: the root alone), each once with their shallowest depth,
   * ordered by depth then id; the root first. An unknown, deleted or other-tree root: nothing.
   * Lines that rejoin (pedigree collapse) and cycles in bad data end: each person comes once.
   * At most `limit` persons: when more are reachable, every person at depths shallower than the
   * deepest one returned is there, and which of the deepest level are returned is not specified
   * (the charts ask for CHART_PERSON_CAP, 5,000, and mark the persons whose next ones were cut).
   * A read costs what it returns (one statement in PostgreSQL, a recursive CTE that stops early),
   * never what the tree holds.
   */
  readonly lineage: (treeId: Id, rootId: Id, direction: LineageDirection, generations: number, limit: number) => Promise<readonly LineageStep[]>;
  /**
   * In one read, for these persons: each one's primary name (their first live primary name by id,
   * else their first live name by id; none without a live name), ordered by person id; their own
   * live events (not their partnerships') whose type is one of `types`, ordered by id; and the
   * places of those events, ordered by id. Unknown ids add nothing.
   */
  readonly boxes: (personIds: readonly Id[], types: readonly EventType[]) => Promise<ChartBoxes>;
};
