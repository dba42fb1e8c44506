import { E, fail, ok, type Result } from '../kernel/either.js';
import { badReference, invalidInput } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { MediaTarget } from './model.js';

/** The attachment fields of a request: at most one may be set. */
export type TargetInput = { readonly personId?: Id; readonly eventId?: Id; readonly sourceId?: Id };

/** null: unattached; undefined: the input does not name one (leave as it is). */
export const targetOf = (input: TargetInput): Result<MediaTarget | undefined> => {
  const given = [
    input.personId === undefined ? null : ({ kind: 'person', id: input.personId } as const),
    input.eventId === undefined ? null : ({ kind: 'event', id: input.eventId } as const),
    input.sourceId === undefined ? null : ({ kind: 'source', id: input.sourceId } as const),
  ].filter((x) => x !== null);
  if (given.length > 1)
    return fail(invalidInput('invalid_input', 'Attach a media item to one person, event or source at most.', [{ path: 'person_id', message: 'only one of person_id, event_id, source_id' }]));
  return ok(given[0]);
};

/** A target must be a live record of the same tree (422 otherwise, never a crossing of tenants). */
export const checkTarget = async (
  stores: Pick<Stores, 'persons' | 'events' | 'sources'>,
  treeId: Id,
  target: MediaTarget | null,
): Promise<Result<MediaTarget | null>> => {
  if (target === null) return ok(null);
  const record =
    target.kind === 'person' ? await stores.persons.byId(target.id)
    : target.kind === 'event' ? await stores.events.byId(target.id)
    : await stores.sources.byId(target.id);
  if (record === null || record.treeId !== treeId || record.deletedAt !== null) return fail(badReference(`${target.kind}_id`, target.kind));
  return E.right(target);
};
