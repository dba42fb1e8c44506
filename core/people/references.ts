import { liveIn } from '../kernel/deletion.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { Person, Relationship } from './model.js';

export const livePerson = async (stores: Pick<Stores, 'persons'>, treeId: Id, id: Id): Promise<Person | null> => {
  const p = await stores.persons.byId(id);
  return liveIn(treeId, p) ? p : null;
};

export const livePartnership = async (stores: Pick<Stores, 'relationships'>, treeId: Id, id: Id): Promise<Relationship | null> => {
  const r = await stores.relationships.byId(id);
  return r !== null && r.treeId === treeId && r.deletedAt === null && r.type === 'partnership' ? r : null;
};
