import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import { isGenealogical, type Relationship } from '../../people/model.js';
import { kinshipTerm, type Step } from '../terms.js';

/** Longest path searched (steps). Each level of the search is one query per side. */
export const MAX_PATH = 40;

export type RelationshipFinding = {
  /** An English kinship term for what `to` is to `from`, or null when they are not connected. */
  readonly relationship: string | null;
  /** The shortest chain from `from` to `to`; each step says what that person is to the one before. */
  readonly path: readonly { readonly personId: Id; readonly step: Step | null }[];
  readonly commonAncestorIds: readonly Id[];
};

type Visit = { readonly prev: Id | null; readonly step: Step | null; readonly depth: number };

/** The step from `from` across `r` to its other end: what that person is to `from`. */
const stepAcross = (r: Ends, from: Id): { readonly to: Id; readonly step: Step } =>
  r.type === 'partnership'
    ? { to: r.personAId === from ? r.personBId : r.personAId, step: 'partner' }
    : r.personAId === from ? { to: r.personBId, step: 'child' } : { to: r.personAId, step: 'parent' };

const inverse = (s: Step): Step => (s === 'parent' ? 'child' : s === 'child' ? 'parent' : 'partner');

type Ends = Pick<Relationship, 'type' | 'personAId' | 'personBId'>;

/** Live kinship edges of the tree touching these persons (associations are no kinship): one query. */
const edgesOf = async (storage: Pick<Stores, 'relationships'>, treeId: Id, ids: readonly Id[]): Promise<readonly Ends[]> =>
  (await storage.relationships.endsTouching(treeId, ids)).filter(isGenealogical);

/** Ancestors exactly `generations` up from `id`, one query per generation. */
const ancestorsAt = async (storage: Pick<Stores, 'relationships'>, treeId: Id, id: Id, generations: number): Promise<Set<Id>> => {
  let level = new Set<Id>([id]);
  for (let g = 0; g < generations && level.size > 0; g++) {
    const next = new Set<Id>();
    for (const r of await edgesOf(storage, treeId, [...level])) if (r.type === 'parent_child' && level.has(r.personBId)) next.add(r.personAId);
    level = next;
  }
  return level;
};

/**
 * The relationship calculator (members): a bidirectional breadth-first search over parent_child
 * and partnership edges from both persons at once, reading only their neighbourhoods (one query per
 * level and side, at most MAX_PATH levels), then the kinship term of the shortest path: blood
 * relations through a common ancestor, spouses, in-laws and step-relations, and a chained
 * description for anything longer ("wife's first cousin").
 */
export const findRelationship =
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'persons' | 'relationships'>, 'storage'>) =>
  async (actor: Actor, treeId: Id, fromId: Id, toId: Id): AsyncResult<RelationshipFinding> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const people = await deps.storage.persons.byIds(treeId, [fromId, toId]);
    for (const id of [fromId, toId]) if (!people.some((p) => p.id === id)) return fail(notFound('person', id));
    if (fromId === toId) return ok({ relationship: 'self', path: [{ personId: fromId, step: null }], commonAncestorIds: [] });

    const seen = [new Map<Id, Visit>([[fromId, { prev: null, step: null, depth: 0 }]]), new Map<Id, Visit>([[toId, { prev: null, step: null, depth: 0 }]])] as const;
    let frontiers: [Id[], Id[]] = [[fromId], [toId]];
    let meeting: Id | null = null;
    for (let depth = 0; depth < MAX_PATH && meeting === null && frontiers[0].length > 0 && frontiers[1].length > 0; depth++) {
      const side = frontiers[0].length <= frontiers[1].length ? 0 : 1;
      const next: Id[] = [];
      const frontier = new Set(frontiers[side]);
      for (const r of await edgesOf(deps.storage, treeId, frontiers[side])) {
        for (const from of [r.personAId, r.personBId]) {
          if (!frontier.has(from)) continue;
          const { to, step } = stepAcross(r, from);
          if (seen[side].has(to)) continue;
          seen[side].set(to, { prev: from, step, depth: seen[side].get(from)!.depth + 1 });
          next.push(to);
          // Of the meetings this level makes, the one nearest the other side gives the shortest path.
          const other = seen[1 - side]!.get(to);
          if (other !== undefined && (meeting === null || other.depth < seen[1 - side]!.get(meeting)!.depth)) meeting = to;
        }
      }
      frontiers = side === 0 ? [next, frontiers[1]] : [frontiers[0], next];
    }
    if (meeting === null) return ok({ relationship: null, path: [], commonAncestorIds: [] });

    // from -> meeting (forward visits), then meeting -> to (the backward visits, reversed).
    const head: { personId: Id; step: Step | null }[] = [];
    for (let id: Id | null = meeting; id !== null; id = seen[0].get(id)!.prev) head.unshift({ personId: id, step: seen[0].get(id)!.step });
    const path = [...head];
    for (let id: Id = meeting; seen[1].get(id)!.prev !== null; ) {
      const visit = seen[1].get(id)!;
      path.push({ personId: visit.prev!, step: inverse(visit.step!) });
      id = visit.prev!;
    }
    const steps = path.slice(1).map((p) => p.step!);
    const up = steps.findIndex((s) => s !== 'parent');
    const ups = up < 0 ? steps.length : up;
    const blood = steps.slice(ups).every((s) => s === 'child');
    const downs = steps.length - ups;

    let half = false;
    let commonAncestorIds: Id[] = [];
    if (blood) {
      if (ups === 0) commonAncestorIds = [fromId];
      else if (downs === 0) commonAncestorIds = [toId];
      else {
        const [a, b] = [await ancestorsAt(deps.storage, treeId, fromId, ups), await ancestorsAt(deps.storage, treeId, toId, downs)];
        commonAncestorIds = [...a].filter((x) => b.has(x)).sort();
        if (ups === 1 && downs === 1) half = commonAncestorIds.length === 1 && (a.size > 1 || b.size > 1);
      }
    }
    const sex = people.find((p) => p.id === toId)!.sex;
    return ok({ relationship: kinshipTerm(steps, sex, half), path, commonAncestorIds });
  };
