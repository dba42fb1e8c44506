import { invalidInput, type DomainError } from './errors.js';
import type { Id } from './ids.js';
import type { Stores } from './ports.js';
import type { Person, Relationship } from '../people/model.js';

/** A reference in a body to a missing, deleted or other-tree record: 422, never a crossing of tenants. */
export const badReference = (field: string, what: string): DomainError =>
  invalidInput('invalid_reference', `${field} must name a live ${what} of this tree.`, [{ path: field, message: `no such ${what} in this tree` }]);

export const livePerson = async (stores: Pick<Stores, 'persons'>, treeId: Id, id: Id): Promise<Person | null> => {
  const p = await stores.persons.byId(id);
  return p !== null && p.treeId === treeId && p.deletedAt === null ? p : null;
};

export const livePartnership = async (stores: Pick<Stores, 'relationships'>, treeId: Id, id: Id): Promise<Relationship | null> => {
  const r = await stores.relationships.byId(id);
  return r !== null && r.treeId === treeId && r.deletedAt === null && r.type === 'partnership' ? r : null;
};
