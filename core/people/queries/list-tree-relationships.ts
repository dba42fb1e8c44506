import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { nextAfter, type ListOptions } from '../../kernel/list.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import { recordFilter } from '../../privacy/record-filter.js';
import type { QueryDeps } from '../../deps.js';
import { relationshipView, type RelationshipView } from '../../privacy/relationship-view.js';

/**
 * A page of the tree's relationships whose both ends the reader may see (not hidden), projected for
 * the reader: the store filters before the page is cut; the ends' rows decide the details.
 */
export const listTreeRelationships =
  (deps: QueryDeps<'trees' | 'memberships' | 'relationships' | 'persons'>) =>
  async (actor: Actor, treeId: Id, page: Pick<ListOptions, 'limit' | 'after'>, surface: Surface = 'members'): AsyncResult<{ readonly rows: readonly RelationshipView[]; readonly lastId: Id | null }> => {
    const reader = await readerFor(deps.storage, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const { member } = reader.right;
    const now = deps.clock.now();
    const rows = await deps.storage.relationships.listByTree(treeId, { ...page, audience: audienceOf(member, now) });
    const visibility = await personVisibility(deps.storage, treeId, member, now, rows.flatMap((r) => [r.personAId, r.personBId]));
    const filter = recordFilter(member, visibility, { partnership: () => undefined });
    return ok({ rows: rows.map(relationshipView(filter)), lastId: nextAfter(rows, page.limit) });
  };
