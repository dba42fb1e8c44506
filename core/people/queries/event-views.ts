import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { LifeEvent, Place } from '../model.js';

export type EventView = { readonly event: LifeEvent; readonly place: string | null };

/** Events with their place text, in one places query. */
export const eventViews = async (stores: Pick<Stores, 'places'>, events: readonly LifeEvent[]): Promise<readonly EventView[]> => {
  const ids = [...new Set(events.map((e) => e.placeId).filter((x): x is Id => x !== null))];
  const places = new Map<Id, Place>((ids.length === 0 ? [] : await stores.places.byIds(ids)).map((p) => [p.id, p]));
  return events.map((event) => ({ event, place: event.placeId === null ? null : (places.get(event.placeId)?.name ?? null) }));
};
