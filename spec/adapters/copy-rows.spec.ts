import { expect } from 'chai';
import { copyText, CopyRows, uuidArrayLiteral, uuidListLiteral } from '../../adapters/postgres/copy-out.js';

// CopyRows (adapters/postgres/copy-out.ts) reads COPY text rows field by field; the export's
// sections (gedcom-export.ts Section) ask each row's owner with fieldIs and compareField. These hold
// them at the field's edges: the row's last field, a field that only begins with the value, a value
// longer than the field, the text's last row without its newline, a null, an escape and a character
// above ASCII.

const ID_A = '019b76da-a82f-7dee-a2c8-140e29643491';
const ID_B = '019b76da-a82f-7dee-a2c8-140e29643492';

const rowsOf = (text: string): CopyRows => new CopyRows(copyText(Buffer.from(text, 'utf8')));

describe('CopyRows: a field compared without reading it', () => {
  it('tells the field that is the value, in the middle of a row and as its last field', () => {
    const rows = rowsOf(`n\t${ID_A}\tx\nv\t${ID_B}\n`);
    expect(rows.next()).to.equal(true);
    rows.skip();
    expect(rows.fieldIs(ID_A)).to.equal(true);
    expect(rows.compareField(ID_A)).to.equal(0);
    expect(rows.field()).to.equal(ID_A);
    expect(rows.field()).to.equal('x');
    expect(rows.next()).to.equal(true);
    rows.skip();
    expect(rows.fieldIs(ID_B)).to.equal(true);
    expect(rows.compareField(ID_A)).to.be.greaterThan(0);
    expect(rows.field()).to.equal(ID_B);
    expect(rows.next()).to.equal(false);
  });

  it('is not the value when the field only begins with it, is shorter, or is another', () => {
    const rows = rowsOf(`${ID_A}0\t1\n${ID_A.slice(0, 30)}\t${ID_A}\n${ID_B}`);
    expect(rows.next()).to.equal(true);
    expect(rows.fieldIs(ID_A)).to.equal(false);
    expect(rows.compareField(ID_A)).to.be.greaterThan(0);
    expect(rows.field()).to.equal(`${ID_A}0`);
    expect(rows.next()).to.equal(true);
    // The field ends before the value does; the rest of the value is the next field's text.
    expect(rows.fieldIs(ID_A)).to.equal(false);
    expect(rows.compareField(ID_A)).to.be.lessThan(0);
    rows.skip();
    expect(rows.fieldIs(ID_A)).to.equal(true);
    expect(rows.next()).to.equal(true);
    // The text's last row, with no newline after it.
    expect(rows.fieldIs(ID_A)).to.equal(false);
    expect(rows.compareField(ID_A)).to.be.greaterThan(0);
    expect(rows.fieldIs(ID_B)).to.equal(true);
    expect(rows.compareField(ID_B)).to.equal(0);
    expect(rows.field()).to.equal(ID_B);
  });

  it('does not reach past its row or its section', () => {
    // The value would match across the newline if the row's end were not the field's.
    const text = `a\t${ID_A.slice(0, 10)}\n${ID_A.slice(10)}\tb\n`;
    const rows = rowsOf(text);
    expect(rows.next()).to.equal(true);
    rows.skip();
    expect(rows.fieldIs(ID_A)).to.equal(false);
    // A section that ends inside a row: its last field ends there.
    const cut = new CopyRows(copyText(Buffer.from(`p\t${ID_A}\tmore`, 'utf8')), 0, 2 + ID_A.length);
    expect(cut.next()).to.equal(true);
    cut.skip();
    expect(cut.fieldIs(ID_A)).to.equal(true);
    expect(cut.fieldIs(ID_A.slice(0, 35))).to.equal(false);
  });

  it('reads nulls, escapes and characters above ASCII as the fields they are', () => {
    const rows = rowsOf('\\N\tŁódź\ta\\tb\\\\c\tZoë\\nx\n');
    expect(rows.next()).to.equal(true);
    expect(rows.fieldIs('\\N')).to.equal(true);
    expect(rows.field()).to.equal(null);
    expect(rows.field()).to.equal('Łódź');
    expect(rows.field()).to.equal('a\tb\\c');
    expect(rows.field()).to.equal('Zoë\nx');
    expect(rows.next()).to.equal(false);
  });
});

// A chunk's statement names its persons by a list of their ids written into the statement (COPY
// takes no bind parameters): the list must be uuids and commas only, or it is refused.
describe('uuid lists written into a COPY statement', () => {
  it('writes a list of uuids, one, or none as an array literal', () => {
    expect(uuidListLiteral(`${ID_A},${ID_B}`)).to.equal(`'{${ID_A},${ID_B}}'::uuid[]`);
    expect(uuidArrayLiteral([ID_A])).to.equal(`'{${ID_A}}'::uuid[]`);
    expect(uuidArrayLiteral([])).to.equal(`'{}'::uuid[]`);
  });

  it('refuses anything else: a quote, a brace, a stray comma, a short id', () => {
    for (const list of [`${ID_A}'`, `${ID_A}}`, `${ID_A},`, `,${ID_A}`, `${ID_A},,${ID_B}`, ID_A.slice(1), `${ID_A} ,${ID_B}`, `${ID_A}');drop table persons;--`]) {
      expect(() => uuidListLiteral(list), list).to.throw('not a list of uuids');
    }
    expect(() => uuidArrayLiteral([ID_A, 'x'])).to.throw('not a list of uuids');
  });
});
