import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gedcomVersion, readGedcom, readGedcomBatches } from '../../core/gedcom/reader.js';
import type { GedcomDiagnostic, GedcomNode } from '../../core/gedcom/types.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

const FIXTURES = process.env.GEDCOM_FIXTURES ?? GEDCOM_FIXTURES;

const fixtureFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return fixtureFiles(path);
    return name.endsWith('.ged') ? [path] : [];
  });

/** Fresh copies, as a stream hands them out. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

type Read = { records: GedcomNode[]; diagnostics: GedcomDiagnostic[] };

const readChunks = async (chunks: AsyncIterable<Uint8Array>): Promise<Read> => {
  const diagnostics: GedcomDiagnostic[] = [];
  const records: GedcomNode[] = [];
  for await (const record of readGedcom(chunks, { onDiagnostic: (d) => diagnostics.push(d) })) records.push(record);
  return { records, diagnostics };
};

const read = (bytes: Uint8Array, size = Math.max(bytes.length, 1)): Promise<Read> => readChunks(chunked(bytes, size));
const readText = (text: string, size?: number): Promise<Read> => read(enc(text), size);
const readFixture = (path: string, size?: number): Promise<Read> => read(readFileSync(join(FIXTURES, path)), size);

const record = (records: readonly GedcomNode[], xref: string): GedcomNode => {
  const found = records.find((r) => r.xref === xref);
  if (found === undefined) throw new Error(`no record ${xref}`);
  return found;
};
const child = (node: GedcomNode, tag: string, index = 0): GedcomNode => {
  const found = node.children.filter((c) => c.tag === tag)[index];
  if (found === undefined) throw new Error(`no ${tag} #${index} under ${node.tag} (line ${node.line})`);
  return found;
};
const valueOf = (node: GedcomNode, ...path: string[]): string | null =>
  path.reduce((n, tag) => child(n, tag), node).value;

describe('GEDCOM reader: fixtures', () => {
  for (const path of fixtureFiles(FIXTURES)) {
    const name = relative(FIXTURES, path);
    it(`${name}: reads HEAD first and TRLR last, the same in one chunk, 1-byte and 7-byte chunks`, async () => {
      const bytes = readFileSync(path);
      const whole = await read(bytes);
      expect(whole.records[0]?.tag).to.equal('HEAD');
      expect(whole.records.at(-1)?.tag).to.equal('TRLR');
      expect(await read(bytes, 1)).to.deep.equal(whole);
      expect(await read(bytes, 7)).to.deep.equal(whole);
    });
  }

  for (const file of ['5.5/royal92.ged', '5.5/pres2020.ged']) {
    it(`${file}: readGedcomBatches gives the same records and diagnostics in batches, none empty, in 1,000-byte and 1 MiB chunks`, async () => {
      const bytes = readFileSync(join(FIXTURES, file));
      const whole = await read(bytes);
      for (const size of [1_000, 1 << 20]) {
        const diagnostics: GedcomDiagnostic[] = [];
        const batches: (readonly GedcomNode[])[] = [];
        for await (const batch of readGedcomBatches(chunked(bytes, size), { onDiagnostic: (d) => diagnostics.push(d) })) batches.push(batch);
        expect(batches.every((b) => b.length > 0), `chunks of ${size}`).to.equal(true);
        // A batch per chunk (or 64 KiB slice of one) that completes records: in large chunks, many records each.
        if (size === 1 << 20) expect(batches.length).to.be.at.most(Math.ceil(bytes.length / 65_536) + 1);
        expect({ records: batches.flat(), diagnostics }, `chunks of ${size}`).to.deep.equal(whole);
      }
    });

    it(`${file}: yields one INDI record per "0 @X@ INDI" line of the file`, async () => {
      const raw = readFileSync(join(FIXTURES, file), 'latin1');
      const expected = raw.split(/\r\n|\r|\n/).filter((l) => /^0 @[^@]*@ INDI/.test(l)).length;
      const { records, diagnostics } = await readFixture(file);
      expect(expected).to.be.greaterThan(2000);
      expect(records.filter((r) => r.tag === 'INDI')).to.have.length(expected);
      expect(diagnostics).to.deep.equal([]);
    });
  }

  it('torture/TGC55C.ged (CR line ends, ANSEL) and TGC55CLF.ged (LF) give the same records', async () => {
    const cr = await readFixture('torture/TGC55C.ged');
    const lf = await readFixture('torture/TGC55CLF.ged');
    expect(cr.records).to.have.length(67);
    expect(cr).to.deep.equal(lf);
    const head = cr.records[0]!;
    expect(valueOf(head, 'COPR')).to.equal('\u00a9 1997 by H. Eichmann, parts \u00a9 1999-2000 by J. A. Nairn.');
    expect(valueOf(head, 'CHAR')).to.equal('ANSEL');
    // 5.5: `@@` is unescaped anywhere in a text value
    expect(valueOf(head, 'NOTE')).to.contain('created by H. Eichmann at <h.eichmann@mbox.iqo.uni-hannover.de> and posted');
  });

  it('7.0/escapes.ged: only a leading @@ is unescaped in GEDCOM 7', async () => {
    const { records } = await readFixture('7.0/escapes.ged');
    expect(valueOf(record(records, '@I1@'), 'NOTE')).to.equal(
      'me@example.com is an example email address.\n' +
      '@me and @I are example social media handles.\n' +
      '@@@@ has four @ characters where only the first is escaped.');
    expect(record(records, '@N01@').value).to.equal('@ one leading');
    expect(record(records, '@N02@').value).to.equal('@one leading no space');
    expect(record(records, '@N05@').value).to.equal('doubled @@ internal has two @ characters, not escaped');
    expect(record(records, '@N06@').value).to.equal('doubled@@internal no space');
    expect(record(records, '@N08@').value).to.equal('single@internal no space');
    expect(record(records, '@N19@').value).to.equal('@ at at front and @ inside line and \n@ at after CONT and @ inside CONT\'s line too.');
    expect(record(records, '@N19@').pointer).to.equal(false);
  });

  it('vendors/cont-conc.ged: CONT adds a line break, CONC joins as written', async () => {
    const { records, diagnostics } = await readFixture('vendors/cont-conc.ged');
    expect(record(records, '@N1@').value).to.equal('This note tests CONT (continuation) which adds a newline.\n' +
      'This is the second line after a CONT.\nThis is the third line after another CONT.\n\nThis line follows a blank CONT line.');
    expect(record(records, '@N2@').value).to.equal('This note tests CONC (concatenation) which does NOT add a newline. This text ' +
      'should be concatenated directly to the previous line without a line break. Additional concatenated text.');
    expect(record(records, '@N3@').value).to.equal('Mixed CONT and CONC test. This line has CONC text concatenated immediately after it.\n' +
      'This line starts on a new line due to CONT. But this text is concatenated to the CONT line above.\nAnother new line. With more concatenated text.');
    expect(record(records, '@N5@').value).to.equal('Edge case: CONC with empty value\nShould be on new line');
    expect(record(records, '@N6@').value).to.equal('Edge case: Multiple CONCs in a row first second third fourth');
    expect(record(records, '@TEXT1@').value).to.match(/\nEscaped at sign: @$/);
    expect(record(records, '@N1@').children).to.deep.equal([]);
    // `1 NOTE` + `1 CONC` (continuation at the NOTE's own level) continues the NOTE, with one diagnostic each
    const i2 = record(records, '@I2@');
    expect(i2.value).to.equal(null);
    expect(valueOf(i2, 'NAME')).to.equal('Mar\u00eda /Garc\u00eda/');
    expect(valueOf(i2, 'NOTE')).to.equal('Testing Unicode with CONT/CONC: Fran\u00e7ois \u00e9tait un g\u00e9n\u00e9alogiste qui travaillait ' +
      'avec des caract\u00e8res sp\u00e9ciaux comme \u00e0\u00e9\u00e8\u00ea\u00eb\u00ef\u00f4\u00f9\u00fb et des\n' +
      'symboles cyrilliques: \u0410\u043b\u0435\u043a\u0441\u0435\u0439 \u0418\u0432\u0430\u043d\u043e\u0432.\nJapanese: \u7530\u4e2d\u592a\u90ce \u4e2d\u6587');
    expect(diagnostics.map((d) => d.line)).to.deep.equal([49, 63]);
  });

  it('keeps pointers with their at signs, GEDCOM 7 @VOID@ included, and reads xrefs of any shape', async () => {
    const { records } = await readFixture('7.0/voidptr.ged');
    const i1 = record(records, '@I1@');
    expect(i1.children.map((c) => [c.tag, c.value, c.pointer])).to.deep.equal([
      ['NAME', 'John /Smith/', false], ['FAMS', '@VOID@', true], ['FAMS', '@F1@', true], ['FAMC', '@VOID@', true]]);
    expect(valueOf(i1, 'FAMS', 'NOTE')).to.equal('This tests a case where we want to show that Jane Doe was the 2nd wife.');
    const xrefs = (await readFixture('7.0/xref.ged')).records.map((r) => r.xref);
    expect(xrefs).to.deep.equal([null, null, '@I1@', '@I@', '@1@', '@_@', '@0XFFFFFFFF@',
      '@THEXREFPRODUCTIONDOESNOTHAVEAMAXIMUMLENGTHSOTHISISATESTOFALONGCROSSREFERENCEIDENTIFIER@', null]);
  });

  it('passes extension tags through and keeps HEAD.SCHMA.TAG lines in HEAD', async () => {
    const { records } = await readFixture('7.0/extensions.ged');
    const schma = child(records[0]!, 'SCHMA');
    expect(schma.children).to.have.length(14);
    expect(schma.children[0]).to.include({ tag: 'TAG', value: '_RECORD http://example.com/record-type', pointer: false, line: 5 });
    expect(record(records, '@U1@').tag).to.equal('_USER');
    expect(record(records, '@R1@')).to.include({ tag: '_RECORD', value: 'not empty' });
    expect(child(record(records, '@I1@'), '_CREATOR', 1)).to.include({ value: '@U2@', pointer: true });
    const paf = (await readFixture('vendors/vendor-paf5.ged')).records;
    expect(paf.filter((r) => r.tag === 'INDI').every((r) => r.children.some((c) => c.tag === '_UID'))).to.equal(true);
  });

  it('reports the declared version with gedcomVersion', async () => {
    const head = async (file: string): Promise<GedcomNode> => (await readFixture(file)).records[0]!;
    expect(gedcomVersion(await head('5.5/555SAMPLE.ged'))).to.equal('5.5.5');
    expect(gedcomVersion(await head('5.5/comprehensive-551.ged'))).to.equal('5.5.1');
    expect(gedcomVersion(await head('torture/TGC55C.ged'))).to.equal('5.5');
    expect(gedcomVersion(await head('7.0/maximal70.ged'))).to.equal('7.0');
    expect(gedcomVersion(await head('5.5/royal92.ged'))).to.equal(null); // no GEDC at all
    const declared = async (vers: string) =>
      gedcomVersion((await readText(`0 HEAD\n1 GEDC\n2 VERS ${vers}\n0 TRLR\n`)).records[0]!);
    expect(await declared('7.0.14')).to.equal('7.0');
    expect(await declared('5.5.1 ')).to.equal('5.5.1');
    expect(await declared('4.0')).to.equal(null);
  });
});
