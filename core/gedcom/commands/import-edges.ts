import type { Id } from '../../kernel/ids.js';
import type { Relationship } from '../../people/model.js';
import { MAX_FILE_PERSONS } from './import-rows.js';
import { numberMap, numberSet, type NumberSet } from '../../kernel/number-set.js';

// The edges an import has seen, so it never makes a second one between a pair. A 1,000,000-person
// file makes about 1.5 million edges: keyed by two person numbers in one double instead of two ids
// in a string, they take a tenth of the memory. New persons are numbered by their place in the file;
// existing persons get numbers above every file number. A pair's partnership is also found by the
// pair: a second FAM record of one couple (married twice) adds to the partnership the first one made.

export type Person = { readonly id: Id; readonly num: number };

/** A pair's live partnership: `existing` when the tree had it before the import. */
export type Partnership = { readonly id: Id; readonly existing: boolean };

export type Edges = {
  /** `role`: associations are one per pair and role (a godfather may be a witness too). */
  readonly has: (type: Relationship['type'], a: Person, b: Person, role?: string | null) => boolean;
  /** Not for partnerships: those are added with their id (addPartnership). */
  readonly add: (type: Exclude<Relationship['type'], 'partnership'>, a: Person, b: Person, role?: string | null) => void;
  /** The pair's partnership (either order), or undefined when it has none yet. */
  readonly partnership: (a: Person, b: Person) => Partnership | undefined;
  /**
   * A partnership the import made, by the number of its id in the import's id sequence (`idAt`):
   * a number beside the pair's key takes far less memory than the id's text.
   */
  readonly addPartnership: (a: Person, b: Person, idNumber: number) => void;
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

export const createEdges = (existing: readonly Relationship[], numberOf: (id: Id) => number, idAt: (n: number) => Id): Edges => {
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
  // Partnerships by the pair's key: the tree's (few: those of skip and merge targets) by id, the file's by id number.
  const existingPartnerships = new Map<number, Id>();
  const made = numberMap();
  for (const r of existing) {
    const [a, b] = [numberOf(r.personAId), numberOf(r.personBId)];
    if (r.type !== 'partnership') add(r.type, a, b, r.role);
    else if (!existingPartnerships.has(keyOf('partnership', a, b))) existingPartnerships.set(keyOf('partnership', a, b), r.id);
  }
  const partnership = (a: Person, b: Person): Partnership | undefined => {
    const key = keyOf('partnership', a.num, b.num);
    const had = existingPartnerships.get(key);
    if (had !== undefined) return { id: had, existing: true };
    const n = made.get(key);
    return n === undefined ? undefined : { id: idAt(n), existing: false };
  };
  return {
    has: (type, a, b, role) =>
      type === 'association' ? associations.has(roleKey(a.num, b.num, role))
      : type === 'partnership' ? partnership(a, b) !== undefined
      : byType.get(type)?.has(keyOf(type, a.num, b.num)) === true,
    add: (type, a, b, role) => add(type, a.num, b.num, role),
    partnership,
    addPartnership: (a, b, idNumber) => made.set(keyOf('partnership', a.num, b.num), idNumber),
  };
};
