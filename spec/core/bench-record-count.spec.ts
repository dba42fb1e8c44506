import { expect } from 'chai';
import { RecordCounter } from '../bench/record-count.js';

// The GEDCOM bench's client counts INDI records in bytes (spec/bench/record-count.ts): it must count
// what the regular expression it replaced counted, however the stream is cut.

const regexCount = (text: string): number => (text.match(/^0 @[^@]*@ INDI$/gm) ?? []).length;

const text = [
  '0 HEAD', '1 GEDC', '0 @I1@ INDI', '1 NAME A /B/', '0 @I22@ INDI', '1 NOTE 0 @I3@ INDI', '0 @F1@ FAM', '1 HUSB @I1@',
  '0 @X@ NOTE a@ INDI', '0 @I4@ INDIVIDUAL', '0 @I5@ INDI', '2 CONT é ü @ INDI', '0 @I6@ INDI', '0 TRLR', '0 @I7@ INDI',
].join('\n');

const counted = (bytes: Buffer, cuts: readonly number[]): number => {
  const c = new RecordCounter('INDI');
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    c.push(bytes.subarray(at, cut));
    at = cut;
  }
  return c.end();
};

describe('the GEDCOM bench client\'s record count', () => {
  it('counts the INDI records the regular expression counts, with LF and CRLF line breaks', () => {
    expect(regexCount(text)).to.equal(5);
    expect(counted(Buffer.from(text, 'utf8'), [])).to.equal(5);
    expect(counted(Buffer.from(text.replaceAll('\n', '\r\n'), 'utf8'), [])).to.equal(5);
  });

  it('counts the same wherever the stream is cut', () => {
    const bytes = Buffer.from(text, 'utf8');
    for (let a = 0; a <= bytes.length; a++) {
      expect(counted(bytes, [a]), `cut at ${a}`).to.equal(5);
      for (let b = a; b <= bytes.length; b += 7) expect(counted(bytes, [a, b]), `cuts at ${a}, ${b}`).to.equal(5);
    }
  });
});
