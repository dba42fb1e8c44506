import { randomBytes } from 'node:crypto';

/**
 * A set of strings (record ids, edge keys) kept as 64-bit keyed fingerprints in two typed arrays
 * (open addressing, at most half full): about 16 to 32 bytes per member instead of a string and a
 * Set entry each, so restoring a million-record tree holds megabytes, not hundreds of them. The key
 * is drawn per set, so nobody can make two ids collide on purpose; by chance, two of a million
 * members share a fingerprint with odds of about 1 in 30 million.
 */
export type IdSet = { readonly add: (s: string) => void; readonly has: (s: string) => boolean; readonly size: () => number };

const fmix = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Two independent 32-bit murmur-style hashes of the string's code units under the seeds. */
const hash2 = (s: string, seedA: number, seedB: number): [number, number] => {
  let a = seedA;
  let b = seedB;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul((a ^ c) >>> 0, 0xcc9e2d51);
    a = ((a << 15) | (a >>> 17)) >>> 0;
    b = Math.imul((b ^ c) >>> 0, 0x1b873593);
    b = ((b << 13) | (b >>> 19)) >>> 0;
    b = (Math.imul(b, 5) + 0xe6546b64) >>> 0;
  }
  return [fmix(a ^ s.length), fmix(b ^ Math.imul(s.length, 0x9e3779b1))];
};

export const idSet = (): IdSet => {
  const seeds = randomBytes(8);
  const seedA = seeds.readUInt32LE(0);
  const seedB = seeds.readUInt32LE(4);
  let capacity = 1024;
  let hi = new Uint32Array(capacity);
  let lo = new Uint32Array(capacity);
  let count = 0;

  // 0/0 marks an empty slot: a fingerprint that is 0/0 is stored as 0/1.
  const slotOf = (a: number, b: number, his: Uint32Array, los: Uint32Array): number => {
    const mask = his.length - 1;
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
    while (his[i] !== 0 || los[i] !== 0) {
      if (his[i] === a && los[i] === b) return i;
      i = (i + 1) & mask;
    }
    return i;
  };
  const fingerprint = (s: string): [number, number] => {
    const [a, b] = hash2(s, seedA, seedB);
    return a === 0 && b === 0 ? [0, 1] : [a, b];
  };
  const grow = (): void => {
    const oldHi = hi;
    const oldLo = lo;
    capacity *= 2;
    hi = new Uint32Array(capacity);
    lo = new Uint32Array(capacity);
    for (let i = 0; i < oldHi.length; i++) {
      const a = oldHi[i]!;
      const b = oldLo[i]!;
      if (a === 0 && b === 0) continue;
      const j = slotOf(a, b, hi, lo);
      hi[j] = a;
      lo[j] = b;
    }
  };
  return {
    add: (s) => {
      const [a, b] = fingerprint(s);
      const i = slotOf(a, b, hi, lo);
      if (hi[i] === a && lo[i] === b) return;
      hi[i] = a;
      lo[i] = b;
      count += 1;
      if (count * 2 > capacity) grow();
    },
    has: (s) => {
      const [a, b] = fingerprint(s);
      const i = slotOf(a, b, hi, lo);
      return hi[i] === a && lo[i] === b;
    },
    size: () => count,
  };
};
