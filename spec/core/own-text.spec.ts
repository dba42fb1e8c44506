import { expect } from 'chai';
import { ownText } from '../../core/kernel/own-text.js';
import { liveHeap } from '../support/heap.js';

// V8 makes a slice of 13 or more characters a view of the string it was cut from: holding the slice
// holds the whole string. ownText answers a copy that holds nothing else (own-text.ts).

const MB = 1024 * 1024;

/**
 * The heap that 80 slices of 100 characters keep, each cut from a string of 512 KiB of its own and
 * passed through `keep`. (Node makes a string of more than about 1 MB decoded from a Buffer an
 * external one, outside the heap that liveHeap counts: the pieces are smaller, as the reader's are.)
 */
const heldBy = (keep: (s: string) => string): { readonly bytes: number; readonly kept: readonly string[] } => {
  const before = liveHeap();
  let pieces: string[] | null = Array.from({ length: 80 }, (_, i) => Buffer.alloc(MB / 2, 97 + (i % 26)).toString('latin1'));
  const kept = pieces.map((p, i) => keep(p.slice(1000 + i, 1100 + i)));
  pieces = null;
  return { bytes: liveHeap() - before, kept };
};

describe('ownText', () => {
  it('keeps what a slice kept alive of the string it was cut from: nothing', () => {
    // The premise: plain slices keep their pieces, 40 MiB.
    const plain = heldBy((s) => s);
    expect(plain.bytes).to.be.greaterThan(30 * MB);
    const owned = heldBy(ownText);
    expect(owned.bytes).to.be.lessThan(1 * MB);
    expect(owned.kept).to.deep.equal(plain.kept);
    expect(owned.kept[3]).to.equal('d'.repeat(100));
  });

  it('answers the same text, short or long, one-byte or not', () => {
    for (const s of ['', 'a', '@I1@', 'x'.repeat(12), 'x'.repeat(13), 'Åsa Ødegård, Tromsø', '𝔊𝔢𝔡𝔠𝔬𝔪 ✓'.repeat(5), `${'a'.repeat(20)}${'b'.repeat(20)}`]) expect(ownText(s)).to.equal(s);
  });
});
