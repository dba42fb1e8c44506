import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { readGedcom } from '../../core/gedcom/reader.js';
import type { GedcomDiagnostic, GedcomNode } from '../../core/gedcom/types.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

const FIXTURES = process.env.GEDCOM_FIXTURES ?? GEDCOM_FIXTURES;

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

type Read = { records: GedcomNode[]; diagnostics: GedcomDiagnostic[] };

const read = async (bytes: Uint8Array, size = Math.max(bytes.length, 1)): Promise<Read> => {
  const diagnostics: GedcomDiagnostic[] = [];
  const records: GedcomNode[] = [];
  for await (const r of readGedcom(chunked(bytes, size), { onDiagnostic: (d) => diagnostics.push(d) })) records.push(r);
  return { records, diagnostics };
};
const readFixture = (path: string): Promise<Read> => read(readFileSync(join(FIXTURES, path)));

const record = (records: readonly GedcomNode[], xref: string): GedcomNode => {
  const found = records.find((r) => r.xref === xref);
  if (found === undefined) throw new Error(`no record ${xref}`);
  return found;
};
const valueOf = (node: GedcomNode, ...path: string[]): string | null =>
  path.reduce((n, tag) => {
    const c = n.children.find((x) => x.tag === tag);
    if (c === undefined) throw new Error(`no ${tag} under ${n.tag}`);
    return c;
  }, node).value;

/** All values of a record's subtree, depth first. */
const values = (node: GedcomNode): string[] =>
  [node.value ?? '', ...node.children.flatMap(values)];

describe('GEDCOM reader: encodings fixtures', () => {
  it('utf8-bom, utf16le and utf16be read the same records and names', async () => {
    const utf8 = await readFixture('encodings/utf8-bom.ged');
    const le = await readFixture('encodings/utf16le.ged');
    const be = await readFixture('encodings/utf16be.ged');
    for (const file of [utf8, le, be]) {
      expect(file.diagnostics).to.deep.equal([]);
      expect(file.records[0]).to.include({ tag: 'HEAD', line: 1 });
      expect(valueOf(record(file.records, '@I1@'), 'NAME')).to.equal('Robert Eugene /Williams/');
      expect(valueOf(record(file.records, '@U1@'), 'ADDR', 'CTRY')).to.equal('United States of America');
    }
    expect(valueOf(utf8.records[0]!, 'CHAR')).to.equal('UTF-8');
    expect(valueOf(le.records[0]!, 'CHAR')).to.equal('UNICODE');
    expect(le).to.deep.equal(be);
    expect(le.records.slice(1)).to.deep.equal(utf8.records.slice(1));
    expect(le.records).to.have.length(10);
  });

  it('utf8-unicode reads names in Latin, Cyrillic, CJK, Arabic and Greek script', async () => {
    const { records, diagnostics } = await readFixture('encodings/utf8-unicode.ged');
    const name = (xref: string): string | null => valueOf(record(records, xref), 'NAME');
    expect(name('@I1@')).to.equal('Fran\u00e7ois /M\u00fcller/');
    expect(valueOf(record(records, '@I1@'), 'BIRT', 'PLAC')).to.equal('Paris, \u00cele-de-France, France');
    expect(name('@I3@')).to.equal('S\u00f8ren /Nielsen/');
    expect(name('@I4@')).to.equal('\u0410\u043b\u0435\u043a\u0441\u0435\u0439 /\u0418\u0432\u0430\u043d\u043e\u0432/');
    expect(name('@I5@')).to.equal('\u7530\u4e2d /\u592a\u90ce/');
    expect(name('@I6@')).to.equal('\u0645\u062d\u0645\u062f /\u0623\u062d\u0645\u062f/');
    expect(name('@I7@')).to.equal('\u0395\u03bb\u03ad\u03bd\u03b7 /\u03a0\u03b1\u03c0\u03b1\u03b4\u03cc\u03c0\u03bf\u03c5\u03bb\u03bf\u03c2/');
    expect(name('@I8@')).to.equal('\u0141ukasz /Kowalski/');
    expect(name('@I9@')).to.equal('Bj\u00f6rk /Gu\u00f0mundsd\u00f3ttir/');
    expect(diagnostics).to.deep.equal([]);
  });

  it('ansel-lf reads the ANSEL special characters', async () => {
    const { records, diagnostics } = await readFixture('encodings/ansel-lf.ged');
    const plac = (xref: string, event: string): string | null => valueOf(record(records, xref), event, 'PLAC');
    expect(plac('@CHILD0@', 'BIRT')).to.equal('slash l - uppercase (\u0141), slash o - uppercase (\u00d8), slash d - uppercase (\u0110), thorn - uppercase (\u00de)');
    expect(plac('@CHILD0@', 'DEAT')).to.equal('ligature ae - uppercase (\u00c6), ligature oe - uppercase (\u0152), miagkii znak (\u02b9), middle dot (\u00b7), musical flat (\u266d)');
    expect(plac('@CHILD1@', 'DEAT')).to.equal('alif (\u02bc), ayn (\u02bb), slash l - lowercase (\u0142), slash o - lowercase (\u00f8), slash d - lowercase (\u0111)');
    expect(plac('@CHILD2@', 'BIRT')).to.equal('thorn - lowercase (\u00fe), ligature ae - lowercase (\u00e6), ligature oe - lowercase (\u0153), tverdyi znak (\u02ba)');
    expect(plac('@CHILD2@', 'DEAT')).to.equal('dotless i - lowercase (\u0131), british pound (\u00a3), eth (\u00f0), hook o - lowercase (\u01a1), hook u - lowercase (\u01b0)');
    expect(plac('@CHILD3@', 'BIRT')).to.equal('degree sign (\u00b0), script l (\u2113), phonograph copyright mark (\u2117), copyright symbol (\u00a9)');
    expect(plac('@CHILD3@', 'DEAT')).to.equal('musical sharp (\u266f), inverted question mark (\u00bf), inverted exclamation mark (\u00a1), es zet (\u00df)');
    expect(diagnostics).to.deep.equal([]);
  });

  it('ansel-lf puts each ANSEL diacritic after its letter and composes (NFC)', async () => {
    const { records } = await readFixture('encodings/ansel-lf.ged');
    const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const accented = (letters: string, mark: string): string => [...letters].map((l) => l + mark).join('').normalize('NFC');
    // CHILD6 is "acute" (E2 -> U+0301), CHILD12 "umlaut" (E8 -> U+0308), CHILD20 "cedilla" (F0 -> U+0327)
    for (const [xref, mark] of [['@CHILD6@', '\u0301'], ['@CHILD12@', '\u0308'], ['@CHILD20@', '\u0327']] as const) {
      expect(valueOf(record(records, xref), 'BIRT', 'PLAC')).to.equal(accented(upper, mark));
      expect(valueOf(record(records, xref), 'DEAT', 'PLAC')).to.equal(accented(upper.toLowerCase(), mark));
    }
    expect(valueOf(record(records, '@CHILD6@'), 'BIRT', 'PLAC')!.slice(0, 2)).to.equal('\u00c1B'); // one code point for Á
    expect(valueOf(record(records, '@CHILD12@'), 'DEAT', 'PLAC')).to.contain('\u00e4').and.contain('\u00fc');
  });

  it('ansi-cp1252-ftm17 (CHAR ANSI) reads Windows-1252', async () => {
    const { records, diagnostics } = await readFixture('encodings/ansi-cp1252-ftm17.ged');
    const all = records.flatMap(values).join('\n');
    expect(all).to.contain('comprising the provinces of La Coru\u00f1a, Lugo, Orense, and Pontevedra');
    expect(all).to.contain('king of Castile and Le\u00f3n.');
    expect(all).to.contain('Source Medium: Book\n\n\u00a35.99');
    expect(all).not.to.contain('\ufffd');
    expect(diagnostics).to.deep.equal([]);
  });
});

describe('GEDCOM reader: charsets', () => {
  const NAME = 'Fran\u00e7ois /M\u00fcller-\u00c5gren/';
  const file = (char: string | null): string =>
    `0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n${char === null ? '' : `1 CHAR ${char}\r\n`}0 @I1@ INDI\r\n1 NAME ${NAME}\r\n0 TRLR\r\n`;
  const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  const [before, after] = file('ANSEL').split(NAME) as [string, string];
  const cases: [string, Uint8Array][] = [
    ['UTF-8', iconv.encode(file('UTF-8'), 'utf-8')],
    ['UTF-8 with BOM', iconv.encode(file('UTF-8'), 'utf-8', { addBOM: true })],
    ['UTF-16LE with BOM', iconv.encode(file('UNICODE'), 'utf-16le', { addBOM: true })],
    ['UTF-16LE without BOM', iconv.encode(file('UNICODE'), 'utf-16le')],
    ['UTF-16BE with BOM', iconv.encode(file('UNICODE'), 'utf-16be', { addBOM: true })],
    ['UTF-16BE without BOM', iconv.encode(file('UNICODE'), 'utf-16be')],
    ['ANSI (Windows-1252)', iconv.encode(file('ANSI'), 'windows-1252')],
    ['IBM WINDOWS (Windows-1252)', iconv.encode(file('IBM WINDOWS'), 'windows-1252')],
    ['IBMPC (code page 850)', iconv.encode(file('IBMPC'), 'cp850')],
    ['MACINTOSH (Mac Roman)', iconv.encode(file('MACINTOSH'), 'macintosh')],
    ['ANSEL', bytes(before, 'Fran', [0xf0], 'cois /M', [0xe8], 'uller-', [0xea], 'Agren/', after)],
  ];
  for (const [name, input] of cases) {
    it(`reads the same name from ${name}, whole and byte by byte`, async () => {
      for (const size of [input.length, 1, 3]) {
        const { records, diagnostics } = await read(input, size);
        expect(records.map((r) => r.tag), `chunks of ${size}`).to.deep.equal(['HEAD', 'INDI', 'TRLR']);
        expect(valueOf(records[1]!, 'NAME'), `chunks of ${size}`).to.equal(NAME);
        expect(records[1]!.line).to.equal(5);
        expect(diagnostics, `chunks of ${size}`).to.deep.equal([]);
      }
    });
  }

  it('reads the Windows-1252 characters that are not Latin-1 (0x80-0x9F)', async () => {
    const [pre, post] = file('ANSI').split(`1 NAME ${NAME}`) as [string, string];
    const input = bytes(pre, '1 NOTE ', [0x80, 0x20, 0x93, 0x8c, 0x9e, 0x94, 0x85], post);
    const { records } = await read(input, 3);
    expect(valueOf(records[1]!, 'NOTE')).to.equal('\u20ac \u201c\u0152\u017e\u201d\u2026');
  });

  it('reads ASCII holding Windows-1252 bytes as Windows-1252, and says from which line', async () => {
    const { records, diagnostics } = await read(iconv.encode(file('ASCII'), 'windows-1252'));
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics.map((d) => d.line)).to.deep.equal([6]);
    expect((await read(iconv.encode(file('ASCII'), 'utf-8'))).diagnostics).to.deep.equal([]);
  });

  it('reads an unknown charset as UTF-8 when the bytes are UTF-8, with a diagnostic at the CHAR line', async () => {
    const { records, diagnostics } = await read(iconv.encode(file('X-MYSTERY'), 'utf-8'));
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics).to.have.length(1);
    expect(diagnostics[0]).to.include({ line: 4 });
    expect(diagnostics[0]!.message).to.contain('X-MYSTERY');
  });

  it('reads an unknown charset as Windows-1252 where the bytes are not UTF-8, and says from which line', async () => {
    const { records, diagnostics } = await read(iconv.encode(file('X-MYSTERY'), 'windows-1252'), 2);
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics.map((d) => d.line)).to.deep.equal([4, 6]);
    expect(diagnostics[1]!.message).to.match(/not UTF-8/);
  });

  it('reads a missing CHAR like an unknown one, and says so', async () => {
    const { records, diagnostics } = await read(iconv.encode(file(null), 'windows-1252'));
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics.map((d) => d.line)).to.deep.equal([1, 5]);
    expect(diagnostics[0]!.message).to.match(/no CHAR/);
  });

  it('reads a stray Windows-1252 byte in a UTF-8 file as Windows-1252, with its line number', async () => {
    const input = bytes(iconv.encode(file('UTF-8'), 'utf-8'));
    const withStray = Buffer.concat([input.subarray(0, input.length - 8), Buffer.from('1 NOTE Jos\xe9\r\n0 TRLR\r\n', 'latin1')]);
    const { records, diagnostics } = await read(withStray, 5);
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(valueOf(records[1]!, 'NOTE')).to.equal('Jos\u00e9');
    expect(diagnostics.map((d) => d.line)).to.deep.equal([7]);
  });

  it('reads GEDCOM 7 as UTF-8 whatever HEAD.CHAR says', async () => {
    const text = `0 HEAD\n1 GEDC\n2 VERS 7.0\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME ${NAME}\n0 TRLR\n`;
    const { records, diagnostics } = await read(iconv.encode(text, 'utf-8'));
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics.map((d) => d.line)).to.deep.equal([4]);
  });

  it('trusts a byte order mark over HEAD.CHAR, and says so', async () => {
    const { records, diagnostics } = await read(iconv.encode(file('ANSEL'), 'utf-8', { addBOM: true }));
    expect(valueOf(records[1]!, 'NAME')).to.equal(NAME);
    expect(diagnostics.map((d) => d.line)).to.deep.equal([4]);
    expect(diagnostics[0]!.message).to.match(/byte order mark/);
  });

  it('composes stacked ANSEL diacritics split from their letter by a chunk boundary', async () => {
    // E8 E2 u = u + diaeresis + acute = ǘ (U+01D8); the chunks of 1 split marks from the letter.
    const input = bytes(before, [0xe8, 0xe2], 'u ', [0xe2], 'E', after);
    for (const size of [input.length, 1]) {
      const { records } = await read(input, size);
      expect(valueOf(records[1]!, 'NAME')).to.equal('\u01d8 \u00c9');
    }
  });
});
