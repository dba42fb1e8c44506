import type { Actor } from '../kernel/actor.js';
import { E, type AsyncResult } from '../kernel/either.js';
import { atOnce, type InTurn } from '../kernel/turns.js';
import type { Id } from '../kernel/ids.js';
import type { QueryDeps } from '../deps.js';
import type { Stores } from '../stores.js';
import { accessTree } from '../trees/access.js';
import { deathFacts, birthFacts, type EventType, type Sex } from '../people/model.js';
import { displayNameOf } from '../people/vitals.js';
import { lifeFactsInTurns, type LifeFacts } from '../privacy/engine.js';
import { nameKey } from './given-names.js';
import type { CleanupName, CleanupPerson } from './ports.js';

/** What every preview reads: the tree's access, then the cleanup reads (members see all, so privacy plays no part). */
export type PreviewDeps = Pick<QueryDeps<'trees' | 'memberships' | 'cleanup'>, 'storage'> & {
  /** Runs the preview when its turn comes (a host lets a few tree-wide analyses run at once); absent: at once. */
  readonly inTurn?: InTurn;
};

/** What every preview row carries; each tool adds its own fields. */
export type PreviewRow = { readonly personId: Id; readonly displayName: string; readonly reason: string };

export const displayName = (p: CleanupPerson): string => displayNameOf(p.name);

/** The primary name of each person in a `names` read: the first of the person's rows. */
export const primaryOf = <N extends CleanupName>(names: readonly N[]): N[] => names.filter((n, i) => i === 0 || names[i - 1]!.personId !== n.personId);

/**
 * Preview rows sorted by display name, accents and case aside (Ärger with Arger, before Berg), ties
 * by person id, so the order is stable. Each name is folded once (a collator compare per comparison
 * cost a tenth of a second on 25,000 rows).
 */
export const byDisplayName = <R extends PreviewRow>(rows: R[]): R[] => {
  const keyed = rows.map((row) => ({ row, key: nameKey(row.displayName) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.personId < b.row.personId ? -1 : a.row.personId > b.row.personId ? 1 : 0));
  return keyed.map((k) => k.row);
};

/** Every cleanup path is for editors (and owners): members see all, so privacy plays no part. */
/**
 * A preview for an editor of the tree: refused at once otherwise, else `work` when its turn comes
 * (a preview reads the whole tree: `deps.inTurn`, a host's limit on tree-wide analyses at once).
 */
export const previewing = async <A>(deps: PreviewDeps, actor: Actor, treeId: Id, work: () => AsyncResult<A>): AsyncResult<A> => {
  const access = await accessTree(deps.storage, actor, treeId, 'editor');
  if (E.isLeft(access)) return access;
  return (deps.inTurn ?? atOnce)(work);
};

export const lifeFactTypes: readonly EventType[] = [...birthFacts, ...deathFacts];

/** Already deceased: `is_living` false, or any death fact (API.md). */
export const isDeceased = (f: LifeFacts | undefined): boolean => f !== undefined && (f.isLiving === false || f.hasDeathFact);

/** The living-rule facts of every live person of the tree, from two queries. */
export const treeLifeFacts = async (storage: Pick<Stores, 'cleanup'>, treeId: Id): Promise<{ persons: readonly CleanupPerson[]; facts: ReadonlyMap<Id, LifeFacts> }> => {
  const persons = await storage.cleanup.persons(treeId);
  const events = await storage.cleanup.facts(treeId, lifeFactTypes);
  return { persons, facts: await lifeFactsInTurns(persons, events) };
};

/**
 * A row of the sex tools: `proposed` is the sex to set; null on a row kept only to say why it is not
 * proposed (`include_ambiguous`), with the reason.
 */
export type SexRow = PreviewRow & { readonly sex: null; readonly proposed: Sex | null };

export const oppositeSex = (s: Sex): Sex => (s === 'male' ? 'female' : 'male');
