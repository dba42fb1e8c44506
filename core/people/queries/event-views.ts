import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { Coordinates, LifeEvent, Place } from '../model.js';

/** An event with its place's text and coordinates (null: no place, or a place without coordinates). */
export type EventView = { readonly event: LifeEvent; readonly place: string | null; readonly coordinates: Coordinates | null };

/** Events with their place text and coordinates, in one places query. */
export const eventViews = async (stores: Pick<Stores, 'places'>, events: readonly LifeEvent[]): Promise<readonly EventView[]> => {
  const ids = [...new Set(events.map((e) => e.placeId).filter((x): x is Id => x !== null))];
  const places = new Map<Id, Place>((ids.length === 0 ? [] : await stores.places.byIds(ids)).map((p) => [p.id, p]));
  return events.map((event) => {
    const p = event.placeId === null ? undefined : places.get(event.placeId);
    const coordinates = p === undefined || p.latitude === null || p.longitude === null ? null : { latitude: p.latitude, longitude: p.longitude };
    return { event, place: p?.name ?? null, coordinates };
  });
};
