import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { atOnce, type InTurn } from '../../kernel/turns.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import { findPairsInTurns, type FoundPair } from '../finder.js';
import { readPrepared } from '../read-tree.js';

/**
 * Likely duplicate pairs of a tree (members): the finder over the tree's live persons, their names,
 * birth and death facts, parents and partners, less the dismissed pairs. The tree is read whole, as a
 * tree-wide analysis must, but a page of subjects at a time (read-tree.ts); what is
 * compared is bounded by blocking (finder.ts), never every pair. The finder gives the event loop turns
 * while it prepares and compares (seconds on a large tree), so other requests are answered meanwhile.
 */
export const listDuplicates =
  (deps: {
    readonly storage: Pick<Stores, 'trees' | 'memberships' | 'duplicates' | 'cleanup'>;
    /** Asks for a garbage collection when the host thinks it worthwhile (the reads are large and short-lived). */
    readonly reclaim?: () => void;
    /** Runs the analysis when its turn comes (a host lets a few run at once); absent: at once. */
    readonly inTurn?: InTurn;
  }) =>
  async (actor: Actor, treeId: Id): AsyncResult<readonly FoundPair[]> => {
    const s = deps.storage;
    const access = await accessTree(s, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    return (deps.inTurn ?? atOnce)(async () => {
      // Read a page at a time; each read leaves its driver's garbage behind, collected as the host sees fit.
      const { prepared } = await readPrepared(s, treeId, { ...(deps.reclaim === undefined ? {} : { reclaim: deps.reclaim }) });
      const dismissed = (await s.duplicates.dismissed(treeId)).map((d) => [d.personAId, d.personBId] as const);
      return ok(await findPairsInTurns(prepared, dismissed));
    });
  };
