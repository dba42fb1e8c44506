export type NumberSet = { readonly has: (n: number) => boolean; readonly add: (n: number) => void; readonly size: () => number };

/**
 * A set of non-negative integers below 2^53 in one Float64Array (open addressing, linear probing, at
 * most three quarters full): 11-21 bytes a key where a Set of numbers this large boxes each one (about 50).
 * At most half full, the 1.5 million parent-child edges of a 1,000,000-person import took a table of
 * 2^22 slots (32 MB, made while the 16 MB one before it was still held) where 2^21 hold them; a look-up
 * probes a few slots more (about 7 for a key that is absent at 0.72 full, one or two cache lines).
 */
const EMPTY = -1;

/** The slot of `n` in `table` (a power of two long): where it is, or the empty one where it would go. */
const slotOf = (table: Float64Array, n: number): number => {
  const mask = table.length - 1;
  // Mixes the high and low halves of the key (both person numbers matter) into a slot.
  let i = (Math.imul((n % 4294967296) ^ Math.floor(n / 4294967296), 0x9e3779b1) >>> 0) & mask;
  while (table[i] !== EMPTY && table[i] !== n) i = (i + 1) & mask;
  return i;
};

/** Whether `count` keys in `slots` slots are past the load the tables keep (three quarters). */
const crowded = (count: number, slots: number): boolean => count * 4 > slots * 3;

export const numberSet = (): NumberSet => {
  let slots = new Float64Array(1024).fill(EMPTY);
  let count = 0;
  const add = (n: number): void => {
    const i = slotOf(slots, n);
    if (slots[i] === n) return;
    slots[i] = n;
    count += 1;
    if (!crowded(count, slots.length)) return;
    const old = slots;
    slots = new Float64Array(old.length * 2).fill(EMPTY);
    for (const v of old) if (v !== EMPTY) slots[slotOf(slots, v)] = v;
  };
  return { has: (n) => slots[slotOf(slots, n)] === n, add, size: () => count };
};

export type NumberMap = { readonly get: (key: number) => number | undefined; readonly set: (key: number, value: number) => void };

/** A map of such integers to numbers, the same way: keys and values in two Float64Arrays, 21-43 bytes a key. */
export const numberMap = (): NumberMap => {
  let keys = new Float64Array(1024).fill(EMPTY);
  let values = new Float64Array(1024);
  let count = 0;
  const set = (key: number, value: number): void => {
    const i = slotOf(keys, key);
    values[i] = value;
    if (keys[i] === key) return;
    keys[i] = key;
    count += 1;
    if (!crowded(count, keys.length)) return;
    const [oldKeys, oldValues] = [keys, values];
    keys = new Float64Array(oldKeys.length * 2).fill(EMPTY);
    values = new Float64Array(oldKeys.length * 2);
    oldKeys.forEach((k, j) => {
      if (k === EMPTY) return;
      const s = slotOf(keys, k);
      keys[s] = k;
      values[s] = oldValues[j]!;
    });
  };
  return {
    get: (key) => {
      const i = slotOf(keys, key);
      return keys[i] === key ? values[i] : undefined;
    },
    set,
  };
};
