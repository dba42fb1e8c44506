import { expect } from 'chai';
import { gedcomVersion, readGedcom } from '../../core/gedcom/reader.js';
import { NotGedcomError, type GedcomDiagnostic, type GedcomNode } from '../../core/gedcom/types.js';

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

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

describe('GEDCOM reader: lines', () => {
  it('steps over malformed lines with their line numbers and keeps reading', async () => {
    const { records, diagnostics } = await readText([
      '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', // 1-4
      '0 @I1@ INDI', '1 NAME John /Smith/', // 5-6
      'not a gedcom line', // 7
      '3 DATE 1900', // 8: level 3 under level 1
      '1', // 9: missing tag
      '', // 10: blank, silently
      '    1 SEX M', // 11: indented, silently
      '0 CONT orphan', // 12
      '1 BIRT   ', // 13
      '2 DATE 1 JAN 1900  ', // 14
      '0 @N1@ NOTE first', // 15
      '2 CONC orphan', // 16: no level-1 line to continue
      '1 CONT second', // 17
      '1 @X1 NAME broken xref', // 18
      '0 TRLR', // 19
    ].join('\n'));
    expect(diagnostics.map((d) => d.line)).to.deep.equal([7, 8, 9, 12, 16, 18]);
    expect(diagnostics[0]!.message).to.match(/not a GEDCOM line/);
    expect(diagnostics[1]!.message).to.match(/level 3 .*level 1/);
    expect(diagnostics[2]!.message).to.match(/missing tag/);
    expect(diagnostics[3]!.message).to.match(/CONT at level 0/);
    expect(diagnostics[4]!.message).to.match(/CONC/);
    expect(diagnostics[5]!.message).to.match(/cross-reference/);
    expect(records.map((r) => r.tag)).to.deep.equal(['HEAD', 'INDI', 'NOTE', 'TRLR']);
    const i1 = record(records, '@I1@');
    expect(i1.children.map((c) => [c.tag, c.value, c.line])).to.deep.equal([
      ['NAME', 'John /Smith/', 6], ['SEX', 'M', 11], ['BIRT', null, 13]]);
    expect(valueOf(i1, 'BIRT', 'DATE')).to.equal('1 JAN 1900');
    expect(record(records, '@N1@').value).to.equal('first\nsecond');
  });

  it('counts physical lines across CR, LF, CR LF and LF CR line ends mixed in one file, in any chunking', async () => {
    const text = '0 HEAD\r\n1 GEDC\r2 VERS 5.5.1\n1 CHAR UTF-8\n\r0 @I1@ INDI\r\n\r\n1 NAME A /B/\r\r1 SEX F\n\n0 TRLR';
    const expected = [['HEAD', 1], ['GEDC', 2], ['VERS', 3], ['CHAR', 4], ['INDI', 5], ['NAME', 7], ['SEX', 9], ['TRLR', 11]];
    const lines = (records: readonly GedcomNode[]): unknown[] => {
      const out: unknown[] = [];
      const walk = (n: GedcomNode): void => { out.push([n.tag, n.line]); n.children.forEach(walk); };
      records.forEach(walk);
      return out;
    };
    for (let size = 1; size <= text.length; size++) {
      const { records, diagnostics } = await readText(text, size);
      expect(lines(records), `chunks of ${size}`).to.deep.equal(expected);
      expect(diagnostics, `chunks of ${size}`).to.deep.equal([]);
    }
  });

  it('takes a CR at the end of one chunk and an LF at the start of the next as one line end', async () => {
    const chunks = ['0 HEAD\r', '\n1 GEDC\r', '\n2 VERS 5.5.1\r', '\n1 CHAR ASCII\r', '\n0 @I1@ INDI\r', '\n1 NAME A /B/\r', '\n0 TRLR\r', '\n'];
    const { records, diagnostics } = await readChunks((async function* () {
      for (const c of chunks) yield enc(c);
    })());
    expect(records.map((r) => [r.tag, r.line])).to.deep.equal([['HEAD', 1], ['INDI', 5], ['TRLR', 7]]);
    expect(child(records[1]!, 'NAME').line).to.equal(6);
    expect(diagnostics).to.deep.equal([]);
  });

  it('decodes a UTF-8 character split across chunks', async () => {
    const bytes = enc(`${HEAD}0 @I1@ INDI\n1 NAME J\u00fcrgen /M\u00fcller/\n1 NOTE smile \u{1F600} \u4e2d\n0 TRLR\n`);
    const nameAt = Buffer.from(bytes).indexOf(0xc3); // the first byte of the first ü
    const emojiAt = Buffer.from(bytes).indexOf(0xf0);
    const cuts = [0, nameAt + 1, emojiAt + 1, emojiAt + 2, emojiAt + 3, bytes.length];
    expect(bytes[nameAt]).to.equal(0xc3);
    const { records, diagnostics } = await readChunks((async function* () {
      for (let i = 1; i < cuts.length; i++) yield bytes.slice(cuts[i - 1], cuts[i]);
    })());
    expect(valueOf(record(records, '@I1@'), 'NAME')).to.equal('J\u00fcrgen /M\u00fcller/');
    expect(valueOf(record(records, '@I1@'), 'NOTE')).to.equal('smile \u{1F600} \u4e2d');
    expect(diagnostics).to.deep.equal([]);
  });

  it('reads lines far longer than 255 characters', async () => {
    const long = 'x'.repeat(100_000);
    const { records } = await readText(`${HEAD}0 @N1@ NOTE ${long}\n1 CONC ${'y'.repeat(300)}\n0 TRLR\n`, 4096);
    expect(record(records, '@N1@').value).to.equal(long + 'y'.repeat(300));
  });

  it('unescapes @@ anywhere in a 5.5.x text value, but never in a pointer or a date escape', async () => {
    const { records } = await readText(`${HEAD}0 @I1@ INDI\n1 NOTE mail me at a@@b.org or @@home\n2 CONT line @@2\n` +
      '1 BIRT\n2 DATE @#DJULIAN@ 1 JAN 1700\n1 FAMS @F1@  \n0 TRLR\n');
    const i1 = record(records, '@I1@');
    expect(valueOf(i1, 'NOTE')).to.equal('mail me at a@b.org or @home\nline @2');
    expect(child(i1, 'BIRT').children[0]).to.include({ value: '@#DJULIAN@ 1 JAN 1700', pointer: false });
    expect(child(i1, 'FAMS')).to.include({ value: '@F1@', pointer: true });
  });

  it('reports a file that ends without TRLR and still yields its last record', async () => {
    const { records, diagnostics } = await readText(`${HEAD}0 @I1@ INDI\n1 NAME Last /One/\n`);
    expect(records.map((r) => r.xref ?? r.tag)).to.deep.equal(['HEAD', '@I1@']);
    expect(valueOf(records[1]!, 'NAME')).to.equal('Last /One/');
    expect(diagnostics).to.have.length(1);
    expect(diagnostics[0]).to.include({ line: 6 });
    expect(diagnostics[0]!.message).to.match(/TRLR/);
  });

  it('yields each record as soon as it is complete, before the rest of the input has arrived', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const source = (async function* () {
      yield enc(`${HEAD}0 @I1@ INDI\n1 NAME A /B/\n0 @I2@ INDI\n`);
      await gate;
      yield enc('1 NAME C /D/\n0 TRLR\n');
    })();
    const records = readGedcom(source)[Symbol.asyncIterator]();
    // No clock: I1 must come while the gate is shut. A reader that waited for more input would wait
    // for ever here (the gate opens only after I1), and the suite's timeout fails it.
    const next = (): Promise<IteratorResult<GedcomNode>> => records.next();
    expect((await next()).value).to.include({ tag: 'HEAD' });
    expect((await next()).value).to.include({ xref: '@I1@' });
    release();
    const i2 = (await next()).value as GedcomNode;
    expect(valueOf(i2, 'NAME')).to.equal('C /D/');
    expect((await next()).value).to.include({ tag: 'TRLR' });
    expect((await next()).done).to.equal(true);
  });

  it('accepts blank lines and indentation before 0 HEAD', async () => {
    const { records } = await readText('\n\r\n   0 HEAD\n  1 GEDC\n    2 VERS 5.5\n0 TRLR\n');
    expect(records.map((r) => [r.tag, r.line])).to.deep.equal([['HEAD', 3], ['TRLR', 6]]);
    expect(gedcomVersion(records[0]!)).to.equal('5.5');
  });
});

describe('GEDCOM reader: input that is not GEDCOM', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]);
  let seed = 42;
  const noise = Uint8Array.from({ length: 200_000 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed >> 16) & 0xff;
  });
  const cases: [string, Uint8Array][] = [
    ['an empty file', new Uint8Array(0)],
    ['only blank lines', enc('\n\n  \r\n')],
    ['a PNG', png],
    ['JSON', enc('{"persons": [{"name": "0 HEAD"}]}\n')],
    ['random text', enc('Dear family,\nhere is our tree.\n0 HEAD\n')],
    ['a level-1 first line', enc('1 HEAD\n0 TRLR\n')],
    ['random bytes', noise],
    ['a long text without line ends', enc('a'.repeat(100_000))],
  ];
  for (const [name, bytes] of cases) {
    for (const size of new Set([Math.max(bytes.length, 1), 1])) {
      it(`throws NotGedcomError for ${name} (chunks of ${size}) before yielding anything`, async () => {
        const yielded: GedcomNode[] = [];
        let error: unknown = null;
        try {
          for await (const r of readGedcom(chunked(bytes, size))) yielded.push(r);
        } catch (e) {
          error = e;
        }
        expect(error).to.be.instanceOf(NotGedcomError);
        expect(yielded).to.deep.equal([]);
      });
    }
  }
});
