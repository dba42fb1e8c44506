import type { Id } from '../../kernel/ids.js';
import type { Relationship } from '../../people/model.js';
import { MAX_FILE_PERSONS } from './import-rows.js';
import { numberSet, type NumberSet } from '../../kernel/number-set.js';

// The edges an import has seen, so it never makes a second one between a pair. A 1,000,000-person
// file makes about 1.5 million edges: keyed by two person numbers in one double instead of two ids
// in a string, they take a tenth of the memory. New persons are numbered by their place in the file;
// existing persons get numbers above every file number.

export type Person = { readonly id: Id; readonly num: number };

export type Edges = {
  /** `role`: associations are one per pair and role (a godfather may be a witness too). */
  readonly has: (type: Relationship['type'], a: Person, b: Person, role?: string | null) => boolean;
  readonly add: (type: Relationship['type'], a: Person, b: Person, role?: string | null) => void;
};

/** Numbers for existing persons, above MAX_FILE_PERSONS. */
export const existingNumbers = (): ((id: Id) => number) => {
  const nums = new Map<Id, number>();
  return (id) => {
    let n = nums.get(id);
    if (n === undefined) {
      n = MAX_FILE_PERSONS + nums.size;
      nums.set(id, n);
    }
    return n;
  };
};

const SPAN = 2 * MAX_FILE_PERSONS;

/** Partnerships are symmetric: the smaller number first. Parent-child edges keep their direction. */
const keyOf = (type: Relationship['type'], a: number, b: number): number => (type === 'partnership' && b < a ? b * SPAN + a : a * SPAN + b);

export const createEdges = (existing: readonly Relationship[], numberOf: (id: Id) => number): Edges => {
  const byType = new Map<Relationship['type'], NumberSet>();
  const table = (type: Relationship['type']): NumberSet => {
    let t = byType.get(type);
    if (t === undefined) {
      t = numberSet();
      byType.set(type, t);
    }
    return t;
  };
  // Associations are few: a string key has room for the role.
  const associations = new Set<string>();
  const roleKey = (a: number, b: number, role: string | null | undefined): string => `${a}|${b}|${role ?? ''}`;
  const add = (type: Relationship['type'], a: number, b: number, role: string | null | undefined): void => {
    if (type === 'association') associations.add(roleKey(a, b, role));
    else table(type).add(keyOf(type, a, b));
  };
  for (const r of existing) add(r.type, numberOf(r.personAId), numberOf(r.personBId), r.role);
  return {
    has: (type, a, b, role) => (type === 'association' ? associations.has(roleKey(a.num, b.num, role)) : byType.get(type)?.has(keyOf(type, a.num, b.num)) === true),
    add: (type, a, b, role) => add(type, a.num, b.num, role),
  };
};
