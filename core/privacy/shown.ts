// Whether a non-member is shown one record, read at the cost of that record: the record's subject and
// the rows of the persons it involves (their kept facts decide), never the tree. The same rules as
// the record filter (record-filter.ts), which lists apply in the stores (ListOptions.audience).
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { LifeEvent, Relationship } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import type { Media } from '../media/model.js';
import { visibilityOf } from './engine.js';

type Reads = Pick<Stores, 'persons' | 'names' | 'events' | 'relationships' | 'sources'>;

/** Every one of these persons is live, of the tree, and shown in full to a non-member at `now`. */
export const allFull = async (stores: Pick<Stores, 'persons'>, treeId: Id, ids: readonly Id[], now: Date): Promise<boolean> => {
  const wanted = [...new Set(ids)];
  const rows = await stores.persons.byIds(treeId, wanted);
  return rows.length === wanted.length && rows.every((p) => visibilityOf({ member: false }, p, now) === 'full');
};

const liveEdge = async (stores: Pick<Stores, 'relationships'>, id: Id): Promise<Relationship | null> => {
  const r = await stores.relationships.byId(id);
  return r !== null && r.deletedAt === null ? r : null;
};

/** The event rule: its person in full, or a live partnership whose two persons are. */
export const eventShown = async (stores: Pick<Stores, 'persons' | 'relationships'>, e: LifeEvent, now: Date): Promise<boolean> => {
  if (e.deletedAt !== null) return false;
  if (e.personId !== null) return allFull(stores, e.treeId, [e.personId], now);
  const r = e.partnershipId === null ? null : await liveEdge(stores, e.partnershipId);
  return r !== null && allFull(stores, e.treeId, [r.personAId, r.personBId], now);
};

/** The citation rule: the cited fact resolves to persons shown in full. */
export const citationShown = async (stores: Reads, c: Citation, now: Date): Promise<boolean> => {
  switch (c.target.kind) {
    case 'person':
      return allFull(stores, c.treeId, [c.target.id], now);
    case 'name': {
      const n = await stores.names.byId(c.target.id);
      return n !== null && n.deletedAt === null && allFull(stores, c.treeId, [n.personId], now);
    }
    case 'event': {
      const e = await stores.events.byId(c.target.id);
      return e !== null && e.treeId === c.treeId && eventShown(stores, e, now);
    }
    case 'relationship': {
      const r = await liveEdge(stores, c.target.id);
      return r !== null && allFull(stores, c.treeId, [r.personAId, r.personBId], now);
    }
  }
};

/** The media rule: attached to a person in full, an event shown, or a source shown; unattached: never. */
export const mediaShown = async (stores: Reads, m: Media, now: Date): Promise<boolean> => {
  if (m.deletedAt !== null || m.target === null) return false;
  switch (m.target.kind) {
    case 'person':
      return allFull(stores, m.treeId, [m.target.id], now);
    case 'event': {
      const e = await stores.events.byId(m.target.id);
      return e !== null && e.treeId === m.treeId && eventShown(stores, e, now);
    }
    case 'source':
      return stores.sources.shownAt(m.target.id, now);
  }
};
