// A set of ids, compact for an import's: the ids of one import's sequence (core/gedcom/commands/
// import-rows.ts idSequence) share their first 24 characters and count up in their last 12 hex
// digits, so a run of them is kept as bits, 8 KB per 65,536 consecutive ids, instead of a string each
// (a Set of 1,000,000 ids is some 100 MB). Other ids (a prefix with few ids, or not a lower-case uuid)
// are kept as they are. What the bulk writer checks an import's references with (bulk.ts).

/** Ids a prefix holds as strings before they become bits (most prefixes of ids not drawn in a sequence hold one). */
const LOOSE = 64;
/** Ids per block of bits: 2^16, in 2^11 words of 32 bits. */
const BLOCK_WORDS = 2048;

const HEX_VALUE = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let d = 0; d < 10; d++) t[48 + d] = d;
  for (let d = 0; d < 6; d++) t[97 + d] = 10 + d;
  return t;
})();
const HEX_DIGIT = '0123456789abcdef';

/** The value of `id`'s six hex digits from `at`, or -1. */
const hex6 = (id: string, at: number): number => {
  let v = 0;
  for (let i = at; i < at + 6; i++) {
    const c = id.charCodeAt(i);
    const d = c < 128 ? HEX_VALUE[c]! : -1;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
};

const six = (v: number): string => {
  let s = '';
  for (let shift = 20; shift >= 0; shift -= 4) s += HEX_DIGIT[(v >>> shift) & 15];
  return s;
};

type Run = { loose: Set<string> | null; readonly blocks: Map<number, Uint32Array> };

export type IdSet = {
  readonly add: (id: string) => void;
  readonly has: (id: string) => boolean;
  /** The ids of this set that `other` does not hold. */
  readonly missingFrom: (other: IdSet) => string[];
  readonly size: () => number;
};

/** What `place` read of an id: its block (its 48-bit value >> 16) and bit (its value & 0xffff). */
let block = 0;
let bit = 0;

/** Whether `id` is a lower-case uuid (its last 12 hex digits read into block and bit). */
const place = (id: string): boolean => {
  if (id.length !== 36 || id.charCodeAt(23) !== 45) return false;
  const hi = hex6(id, 24);
  const lo = hex6(id, 30);
  if (hi < 0 || lo < 0) return false;
  block = hi * 256 + (lo >>> 16);
  bit = lo & 0xffff;
  return true;
};

const idOf = (prefix: string, b: number, w: number, k: number): string => {
  const value = b * 65536 + w * 32 + k;
  const hi = Math.floor(value / 2 ** 24);
  return prefix + six(hi) + six(value - hi * 2 ** 24);
};

/** Each id of `run`, with its prefix. */
const eachOf = (prefix: string, run: Run, f: (id: string) => void): void => {
  if (run.loose !== null) {
    for (const id of run.loose) f(id);
    return;
  }
  for (const [b, words] of run.blocks) eachBit(words, (w, k) => f(idOf(prefix, b, w, k)));
};

const eachBit = (words: Uint32Array, f: (word: number, k: number) => void): void => {
  for (let w = 0; w < BLOCK_WORDS; w++) {
    let bits = words[w]!;
    while (bits !== 0) {
      const k = 31 - Math.clz32(bits);
      bits &= ~(1 << k);
      f(w, k);
    }
  }
};

type IdSetState = { readonly runs: Map<string, Run>; readonly others: Set<string> };
const states = new WeakMap<IdSet, IdSetState>();

export const createIdSet = (): IdSet => {
  const runs = new Map<string, Run>();
  const others = new Set<string>();
  let count = 0;
  // The run of the last id: most ids follow one of the same prefix.
  let lastPrefix = '';
  let lastRun: Run | undefined;
  const runOf = (id: string, create: boolean): Run | undefined => {
    // A slice and a compare: `startsWith` took some 100-180 ns an id here, twice this.
    const prefix = id.slice(0, 24);
    if (lastRun !== undefined && prefix === lastPrefix) return lastRun;
    let run = runs.get(prefix);
    if (run === undefined && create) runs.set(prefix, (run = { loose: new Set(), blocks: new Map() }));
    if (run !== undefined) {
      lastPrefix = prefix;
      lastRun = run;
    }
    return run;
  };
  /** Sets block and bit in `run`; whether it was not set. */
  const setBit = (run: Run): boolean => {
    let words = run.blocks.get(block);
    if (words === undefined) run.blocks.set(block, (words = new Uint32Array(BLOCK_WORDS)));
    const mask = 1 << (bit & 31);
    const w = bit >>> 5;
    if ((words[w]! & mask) !== 0) return false;
    words[w] = words[w]! | mask;
    return true;
  };
  // The id added last: a reference often names what the row before named (a person's events, their person).
  let last = '';
  const add = (id: string): void => {
    if (id === last) return;
    last = id;
    if (!place(id)) {
      if (!others.has(id)) count++;
      others.add(id);
      return;
    }
    const run = runOf(id, true)!;
    if (run.loose === null) {
      if (setBit(run)) count++;
      return;
    }
    if (run.loose.has(id)) return;
    count++;
    run.loose.add(id);
    if (run.loose.size <= LOOSE) return;
    // Enough ids of one prefix: from now on, bits.
    const loose = run.loose;
    run.loose = null;
    for (const x of loose) if (place(x)) setBit(run);
  };
  const has = (id: string): boolean => {
    if (!place(id)) return others.has(id);
    const run = runOf(id, false);
    if (run === undefined) return false;
    if (run.loose !== null) return run.loose.has(id);
    const words = run.blocks.get(block);
    return words !== undefined && (words[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  };
  const self: IdSet = {
    add,
    has,
    size: () => count,
    missingFrom: (other) => {
      const theirs = states.get(other)!;
      const missing: string[] = [];
      const check = (id: string) => {
        if (!other.has(id)) missing.push(id);
      };
      for (const id of others) check(id);
      for (const [prefix, run] of runs) {
        const their = theirs.runs.get(prefix);
        if (run.loose !== null || their === undefined || their.loose !== null) {
          eachOf(prefix, run, check);
          continue;
        }
        // Both as bits: word by word, an id made only for a bit the other lacks.
        for (const [b, words] of run.blocks) {
          const held = their.blocks.get(b);
          for (let w = 0; w < BLOCK_WORDS; w++) {
            let lacking = words[w]! & ~(held === undefined ? 0 : held[w]!);
            while (lacking !== 0) {
              const k = 31 - Math.clz32(lacking);
              lacking &= ~(1 << k);
              missing.push(idOf(prefix, b, w, k));
            }
          }
        }
      }
      return missing;
    },
  };
  states.set(self, { runs, others });
  return self;
};
