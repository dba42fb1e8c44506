import { expect } from 'chai';
import { CHUNK_BYTES, utf8Chunks } from '../../adapters/http/utf8-chunks.js';

// The export's text as UTF-8 chunks (adapters/http/utf8-chunks.ts): the bytes of the whole text, in
// chunks of at most the size, never a character cut between two, each a buffer of its own that the
// spool may hold as it is.

/** A deterministic text of `n` code units mixing 1-, 2-, 3- and 4-byte characters (a 4-byte one is two units). */
const textOf = (seed: number, n: number): string => {
  const alphabet = ['a', 'Z', '\n', ' ', 'é', 'ł', 'Ł', '✓', '中', '😀', '𝄞'];
  let x = seed;
  let s = '';
  while (s.length < n) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += alphabet[x % alphabet.length];
  }
  return s;
};

async function* piecesOf(pieces: readonly string[]) {
  for (const p of pieces) yield p;
}

const chunksOf = async (pieces: readonly string[], size?: number): Promise<Uint8Array[]> => {
  const out: Uint8Array[] = [];
  for await (const c of utf8Chunks(piecesOf(pieces), size)) out.push(c);
  return out;
};

describe('utf8Chunks: the export text as UTF-8 chunks', () => {
  it('gives the bytes of the whole text, in chunks of at most the size, none cutting a character, at every size from 4 to 40 bytes', async () => {
    const pieces = [textOf(1, 7), '', textOf(2, 1), textOf(3, 33), textOf(4, 2), textOf(5, 100), '0 TRLR\n'];
    const whole = Buffer.from(pieces.join(''), 'utf8');
    for (let size = 4; size <= 40; size++) {
      const chunks = await chunksOf(pieces, size);
      expect(Buffer.concat(chunks).equals(whole), `size ${size}`).to.equal(true);
      for (const [i, c] of chunks.entries()) {
        expect(c.byteLength, `size ${size}, chunk ${i}`).to.be.within(1, size);
        // A chunk ends on a whole character: it decodes alone with no replacement character.
        expect(Buffer.from(c).toString('utf8'), `size ${size}, chunk ${i}`).to.not.include('\uFFFD');
        // Only the last is short by more than a character could be.
        if (i < chunks.length - 1) expect(c.byteLength, `size ${size}, chunk ${i}`).to.be.greaterThan(size - 4);
      }
    }
  });

  it('fills chunks of CHUNK_BYTES from pieces of the size chunkRecords hands on, each chunk a buffer of its own', async () => {
    const pieces = Array.from({ length: 40 }, (_, i) => textOf(100 + i, 40_000));
    const chunks = await chunksOf(pieces);
    expect(Buffer.concat(chunks).equals(Buffer.from(pieces.join(''), 'utf8'))).to.equal(true);
    expect(chunks.length).to.be.greaterThan(4);
    for (const c of chunks.slice(0, -1)) expect(c.byteLength).to.be.within(CHUNK_BYTES - 3, CHUNK_BYTES);
    // The spool holds a chunk as it is (spool.ts): no two chunks share memory.
    expect(new Set(chunks.map((c) => c.buffer)).size).to.equal(chunks.length);
  });

  it('gives nothing for no text', async () => {
    expect(await chunksOf([])).to.deep.equal([]);
    expect(await chunksOf(['', ''])).to.deep.equal([]);
  });
});
