import { expect } from 'chai';
import { KeptHomes } from '../../adapters/http/pages/public/kept-homes.js';

// The public trees' home pages each instance keeps as rendered, by ETag (kept-homes.ts): per tree
// only the last version's pages, for at most a while, and at most so many characters in all.

describe('KeptHomes (a tree\'s home pages kept in the process)', () => {
  let clock = 0;
  const kept = (o: { maxChars?: number } = {}) => new KeptHomes({ now: () => clock, keepMs: 1000, ...o });
  beforeEach(() => (clock = 1_000_000));

  it('answers a page by its tree and ETag until its time is up', () => {
    const k = kept();
    k.keep('t', 'v1', '"a"', '<p>a</p>');
    k.keep('t', 'v1', '"b"', '<p>bb</p>');
    expect(k.get('t', '"a"')).to.equal('<p>a</p>');
    expect(k.get('t', '"b"')).to.equal('<p>bb</p>');
    expect(k.get('t', '"c"')).to.equal(undefined);
    expect(k.get('u', '"a"')).to.equal(undefined);
    expect(k.size).to.equal(17);
    clock += 1001;
    expect(k.get('t', '"a"')).to.equal(undefined);
    expect(k.size).to.equal(0);
  });

  it('keeps only the pages of the tree\'s last version', () => {
    const k = kept();
    k.keep('t', 'v1', '"a"', 'aaaa');
    k.keep('t', 'v2', '"b"', 'bb');
    expect(k.get('t', '"a"')).to.equal(undefined);
    expect(k.get('t', '"b"')).to.equal('bb');
    expect(k.size).to.equal(2);
  });

  it('keeps at most maxChars characters: the trees kept longest go first, and a page larger than that is not kept', () => {
    const k = kept({ maxChars: 10 });
    k.keep('a', 'v', '"1"', 'aaaa');
    k.keep('b', 'v', '"1"', 'bbbb');
    k.keep('c', 'v', '"1"', 'cccc');
    expect(k.get('a', '"1"')).to.equal(undefined);
    expect(k.get('b', '"1"')).to.equal('bbbb');
    expect(k.get('c', '"1"')).to.equal('cccc');
    expect(k.size).to.equal(8);
    k.keep('big', 'v', '"1"', 'x'.repeat(11));
    expect(k.get('big', '"1"')).to.equal(undefined);
    expect(k.size).to.equal(8);
  });

  it('sweeps what is older than its time every sweepMs, whether or not anyone asks for it, and stops when nothing is kept', async () => {
    let now = 0;
    const k = new KeptHomes({ now: () => now, keepMs: 1000, sweepMs: 20 });
    k.keep('t', 'v', '"1"', 'abc');
    await new Promise((r) => setTimeout(r, 60));
    expect(k.size, 'not yet old').to.equal(3);
    now = 1001;
    await new Promise((r) => setTimeout(r, 60));
    expect(k.size, 'swept without being asked for').to.equal(0);
    k.close();
  });
});
