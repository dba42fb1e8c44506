import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import type { Stores } from '../../shared/ports.js';
import { accessTree } from '../../shared/tree-access.js';
import { findDuplicates, type FoundPair } from '../finder.js';

/**
 * Likely duplicate pairs of a tree (members): the finder over the tree's live persons, their names,
 * birth and death facts, parents and partners, less the dismissed pairs. The tree is read whole (five
 * lean statements: subjects, facts, two edge kinds, dismissals), as a tree-wide analysis must; what is
 * compared is bounded by blocking (finder.ts), never every pair.
 */
export const listDuplicates =
  (deps: { readonly storage: Pick<Stores, 'trees' | 'memberships' | 'duplicates' | 'cleanup'> }) =>
  async (actor: Actor, treeId: Id): AsyncResult<readonly FoundPair[]> => {
    const s = deps.storage;
    const access = await accessTree(s, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const subjects = await s.duplicates.subjects(treeId);
    const facts = await s.duplicates.facts(treeId);
    const parentEdges = await s.cleanup.edges(treeId, 'parent_child');
    const partnerEdges = await s.cleanup.edges(treeId, 'partnership');
    const dismissed = (await s.duplicates.dismissed(treeId)).map((d) => [d.personAId, d.personBId] as const);
    return ok(findDuplicates({ subjects, facts, parentEdges, partnerEdges, dismissed }));
  };
