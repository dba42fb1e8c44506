import { expect } from 'chai';
import { idSequence } from '../../core/gedcom/commands/import-rows.js';

// An import's ids: one UUIDv7 drawn per import, counted up in its last 48 bits (import-rows.ts).

describe('import ids (idSequence)', () => {
  it('the i-th id is the first one counted up by i in its last 48 bits, as lower-case hex, for every width of the count', () => {
    for (let draw = 0; draw < 20; draw++) {
      const at = idSequence();
      const first = at(0);
      expect(first).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const prefix = first.slice(0, 24);
      const low = Number.parseInt(first.slice(24), 16);
      for (const i of [1, 9, 15, 16, 255, 256, 4095, 65_535, 65_536, 1_000_000, 2 ** 24 - 1, 2 ** 24, 2 ** 25 - 1]) {
        const expected = `${prefix}${((low + i) % 2 ** 48).toString(16).padStart(12, '0')}`;
        expect(at(i), `draw ${draw}, i ${i}`).to.equal(expected);
      }
    }
  });

  it('counts across the 24-bit halves and wraps at 2^48 as the plain formula does', () => {
    const at = idSequence();
    const prefix = at(0).slice(0, 24);
    const low = Number.parseInt(at(0).slice(24), 16);
    // The i that reaches ffffff in the lower half, and the one that reaches the end of the 48 bits.
    const carry = (2 ** 24 - 1 - (low % 2 ** 24) + 2 ** 24) % 2 ** 24;
    expect(at(carry).slice(30)).to.equal('ffffff');
    expect(at(carry + 1).slice(30)).to.equal('000000');
    const wrap = 2 ** 48 - 1 - low;
    expect(at(wrap)).to.equal(`${prefix}ffffffffffff`);
    expect(at(wrap + 1)).to.equal(`${prefix}000000000000`);
    const ids = Array.from({ length: 1000 }, (_, i) => at(i));
    expect(new Set(ids).size).to.equal(1000);
  });
});
