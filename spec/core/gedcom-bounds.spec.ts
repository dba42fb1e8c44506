import { expect } from 'chai';
import { E } from '../../core/kernel/either.js';
import { readGedcom, type ReadLimits } from '../../core/gedcom/reader.js';
import { readPlan, type ReadPlan } from '../../core/gedcom/read-plan.js';
import { planOf as mapRecords } from '../../core/gedcom/read-plan.js';
import { OTHER_PATHS } from '../../core/gedcom/mapping-context.js';
import { GedcomTooLargeError, type GedcomDiagnostic, type GedcomNode } from '../../core/gedcom/types.js';
import { createWarningLog, MAX_WARNINGS, mergeWarnings } from '../../core/gedcom/warnings.js';

// What one upload can make the GEDCOM reader and mapping hold (issue 9, findings 5 and 6): warnings
// are kept up to a cap and counted exactly; a line or a record past its limit stops the read with
// its line number; U+0000 never leaves the reader.

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield enc(text);
}

/** `head`, then `chunk` up to `times` times (counted in `pulled.n`), then `tail`: a big file never built whole. */
async function* repeat(head: string, chunk: string, times: number, pulled: { n: number }, tail = ''): AsyncGenerator<Uint8Array> {
  yield enc(head);
  const bytes = enc(chunk);
  for (let i = 0; i < times; i++) {
    pulled.n += 1;
    yield bytes;
  }
  yield enc(tail);
}

const readAll = async (bytes: AsyncIterable<Uint8Array>, limits?: Partial<ReadLimits>) => {
  const diagnostics: GedcomDiagnostic[] = [];
  const records: GedcomNode[] = [];
  for await (const r of readGedcom(bytes, { onDiagnostic: (d) => diagnostics.push(d), ...(limits ? { limits } : {}) })) records.push(r);
  return { records, diagnostics };
};

const tooLarge = async (bytes: AsyncIterable<Uint8Array>, limits?: Partial<ReadLimits>): Promise<GedcomTooLargeError> => {
  try {
    await readAll(bytes, limits);
  } catch (err) {
    if (err instanceof GedcomTooLargeError) return err;
    throw err;
  }
  throw new Error('expected GedcomTooLargeError');
};

const planOf = async (bytes: AsyncIterable<Uint8Array>): Promise<ReadPlan> => {
  const r = await readPlan(bytes);
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left));
  return r.right;
};

describe('GEDCOM bounds: warnings, NUL, long lines and records', () => {
  describe('the warning log', () => {
    it('keeps what a stable sort by line would list first, never more than the cap, and counts all', () => {
      let seed = 7;
      const rnd = () => (seed = (seed * 48271) % 2147483647) % 500;
      const all = Array.from({ length: 20_000 }, (_, i) => ({ line: rnd(), message: `w${i}` }));
      const log = createWarningLog(100);
      let most = 0;
      for (const d of all) {
        log.add(d);
        most = Math.max(most, log.result().list.length);
      }
      expect(most).to.equal(100);
      const expected = [...all].sort((a, b) => a.line - b.line).slice(0, 100);
      expect(log.result()).to.deep.equal({ list: expected, count: 20_000 });
    });

    it('merges logs as one log of everything (the first part first on equal lines) and cuts long messages', () => {
      const a = createWarningLog(3);
      const b = createWarningLog(3);
      for (const l of [5, 1, 9, 2]) a.add({ line: l, message: `a${l}` });
      for (const l of [2, 0, 7]) b.add({ line: l, message: `b${l}` });
      expect(mergeWarnings([a.result(), b.result()], 3)).to.deep.equal({
        list: [{ line: 0, message: 'b0' }, { line: 1, message: 'a1' }, { line: 2, message: 'a2' }], count: 7,
      });
      const long = createWarningLog();
      long.add({ line: 1, message: 'x'.repeat(100_000) });
      expect(long.result().list[0]!.message).to.have.length(500);
    });
  });

  it('200,000 junk lines: the read keeps the first 1,000 diagnostics and counts 200,000', async () => {
    const read = await planOf(repeat(`${HEAD}0 @I1@ INDI\n`, 'junk\n'.repeat(1000), 200, { n: 0 }, '0 TRLR\n'));
    expect(read.diagnostics).to.have.length(MAX_WARNINGS);
    expect(read.diagnosticCount).to.equal(200_000);
    expect(read.diagnostics[0]!.line).to.equal(6);
    expect(read.diagnostics[MAX_WARNINGS - 1]!.line).to.equal(6 + MAX_WARNINGS - 1);
  });

  it('200,000 mapping warnings: the plan keeps the first 1,000 and counts 200,000', async () => {
    // Links to families the file lacks: warned about when the plan is finished, not in file order
    // (one warning per person and missing family: the scan indexes links as it reads them).
    // 1,000 links a record: as many as the scan takes in one record (SCAN_LIMITS.linksPerRecord).
    const links = Array.from({ length: 1_000 }, (_, i) => `1 FAMC @F${i}@\n`).join('');
    const read = await planOf(repeat(HEAD, `0 INDI\n${links}`, 200, { n: 0 }, '0 TRLR\n'));
    expect(read.plan.persons).to.have.length(200);
    expect(read.plan.warnings).to.have.length(MAX_WARNINGS);
    expect(read.plan.warningCount).to.equal(200_000);
    expect(read.plan.warnings[0]!.line).to.equal(6);
  });

  it('unmapped paths: at most 1,000 listed, the rest counted together, every structure counted once', () => {
    const children = Array.from({ length: 5000 }, (_, i): GedcomNode => ({ tag: `_T${i}`, xref: null, value: 'x', pointer: false, line: i + 2, children: [] }));
    const unmapped = mapRecords([{ tag: 'INDI', xref: '@I1@', value: null, pointer: false, line: 1, children }]).unmapped;
    expect(unmapped).to.have.length(1001);
    expect(unmapped.reduce((n, u) => n + u.count, 0)).to.equal(5000);
    expect(unmapped.find((u) => u.tag === OTHER_PATHS)).to.deep.equal({ tag: OTHER_PATHS, count: 4000, firstLine: 1002, keptLines: 4000 });
  });

  it('records kept whole (issue 28): past 16 MiB of them, the rest are counted, not kept, with one warning', () => {
    const value = 'x'.repeat(64 * 1024);
    const records = Array.from({ length: 300 }, (_, i): GedcomNode => ({ tag: '_JUNK', xref: `@J${i}@`, value, pointer: false, line: i + 2, children: [] }));
    const plan = mapRecords(records);
    const kept = plan.records ?? [];
    expect(kept.length).to.be.greaterThan(200).and.lessThan(300);
    expect(JSON.stringify(kept).length).to.be.at.most(16 * 1024 * 1024 + 2);
    expect(plan.unmapped).to.deep.equal([{ tag: '_JUNK', count: 300, firstLine: 2, keptLines: kept.length }]);
    expect(plan.warnings.map((w) => w.message)).to.deep.equal(['records kept whole pass 16 MiB here: this one and the rest are counted, not kept']);
  });

  it('shared notes kept whole for their note forms have a 16 MiB bound of their own: other records are still kept (the notes past it at the end, in what the records\' bound has left)', () => {
    const value = 'x'.repeat(64 * 1024);
    const notes = Array.from({ length: 300 }, (_, i): GedcomNode => ({ tag: 'NOTE', xref: `@N${i}@`, value, pointer: false, line: i + 2, children: [] }));
    const person: GedcomNode = {
      tag: 'INDI', xref: '@I1@', value: null, pointer: false, line: 400,
      children: notes.map((n, i) => ({ tag: 'NOTE', xref: null, value: n.xref, pointer: true, line: 401 + i, children: [] })),
    };
    const junk: GedcomNode = { tag: '_JUNK', xref: '@J1@', value: 'kept', pointer: false, line: 800, children: [] };
    const plan = mapRecords([...notes, person, junk]);
    const kept = plan.records ?? [];
    const keptNotes = kept.filter((r) => r.node[0] === 'NOTE');
    expect(kept.some((r) => r.xref === '@J1@'), 'the junk record after the notes').to.equal(true);
    // 16 MiB of notes as they came; the rest at the end, from the other records' bound.
    expect(kept.findIndex((r) => r.xref === '@J1@')).to.be.greaterThan(200).and.lessThan(300);
    expect(keptNotes.length).to.equal(300);
    expect(plan.warnings.map((w) => w.message)).to.deep.equal(['shared notes kept whole pass 16 MiB here: this one and the rest are written inline where they are used']);
  });

  it('drops U+0000 from every line, with one diagnostic per line, whatever the chunking', async () => {
    const text = `${HEAD}0 @I\u00001@ INDI\n1 NAME Jo\u0000hn /Sm\u0000ith/\n1 NOTE a\u0000\n2 CONT \u0000b\n0 TRLR\n`;
    for (const size of [1, 3, 1000]) {
      const bytes = enc(text);
      const chunks = async function* () {
        for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
      };
      const { records, diagnostics } = await readAll(chunks());
      const indi = records.find((r) => r.tag === 'INDI')!;
      expect(indi.xref).to.equal('@I1@');
      expect(indi.children.map((c) => c.value)).to.deep.equal(['John /Smith/', 'a\nb']);
      expect(diagnostics.map((d) => d.line), `chunks of ${size}`).to.deep.equal([5, 6, 7, 8]);
      expect(JSON.stringify(records)).not.to.include('\\u0000');
    }
  });

  it('UTF-16: an unpaired surrogate reads as U+FFFD with a diagnostic; a pair split across chunks stays whole', async () => {
    const text = `\uFEFF${HEAD}0 @I1@ INDI\n1 NAME A\uD800 /B\uDC00/\n1 NOTE \uD83D\uDE00 ok\n0 TRLR\n`;
    const bytes = Buffer.from(text, 'utf16le');
    for (const size of [1, 3, bytes.length]) {
      const chunks = async function* () {
        for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
      };
      const { records, diagnostics } = await readAll(chunks());
      const indi = records.find((r) => r.tag === 'INDI')!;
      expect(indi.children.map((c) => c.value), `chunks of ${size}`).to.deep.equal(['A\uFFFD /B\uFFFD/', '\uD83D\uDE00 ok']);
      expect(diagnostics.map((d) => d.line)).to.deep.equal([6]);
    }
  });

  it('a line without end stops the read at the line limit: the rest of a 100 MB stream is never pulled', async () => {
    const pulled = { n: 0 };
    const err = await tooLarge(repeat(`${HEAD}0 @I1@ INDI\n1 NOTE `, 'a'.repeat(64 * 1024), 1600, pulled));
    expect(err.line).to.equal(6);
    expect(err.message).to.contain('line 6');
    expect(pulled.n).to.be.below(20);
    const small = await tooLarge(once(`${HEAD}0 @I1@ INDI\n1 NOTE ${'b'.repeat(200)}\n0 TRLR\n`), { maxLineChars: 100 });
    expect(small.line).to.equal(6);
    const fits = await readAll(once(`${HEAD}0 @I1@ INDI\n1 NOTE ${'b'.repeat(93)}\n0 TRLR\n`), { maxLineChars: 100 });
    expect(fits.records.find((r) => r.tag === 'INDI')!.children[0]!.value).to.have.length(93);
  });

  it('a record of more than 100,000 lines stops the read, naming the record\'s first line', async () => {
    const pulled = { n: 0 };
    const err = await tooLarge(repeat(`${HEAD}0 @I1@ INDI\n1 NAME A /B/\n0 @I2@ INDI\n`, '1 _X y\n2 CONC z\n'.repeat(1000), 1000, pulled));
    expect(err.line).to.equal(7);
    expect(err.message).to.match(/record at line 7 has more than 100000 lines/);
    expect(pulled.n).to.be.below(52);
    const fits = await readAll(repeat(`${HEAD}0 @I1@ INDI\n`, '1 _X y\n'.repeat(1000), 99, { n: 0 }, '0 TRLR\n'));
    expect(fits.records.find((r) => r.tag === 'INDI')!.children).to.have.length(99_000);
  });

  it('a record of more characters than the limit stops the read (limit configurable)', async () => {
    const note = `1 NOTE ${'n'.repeat(93)}\n`;
    const err = await tooLarge(repeat(`${HEAD}0 @I1@ INDI\n`, note, 200, { n: 0 }, '0 TRLR\n'), { maxRecordChars: 10_000 });
    expect(err.line).to.equal(5);
    expect(err.message).to.contain('more than 10000 characters');
    expect((await readAll(repeat(`${HEAD}0 @I1@ INDI\n`, note, 90, { n: 0 }, '0 TRLR\n'), { maxRecordChars: 10_000 })).records).to.have.length(3);
  });

  it('readPlan answers 422 gedcom_too_large with the line', async () => {
    const r = await readPlan(once(`${HEAD}0 @I1@ INDI\n1 NOTE ${'b'.repeat(200)}\n0 TRLR\n`), { maxLineChars: 100 });
    expect(E.isLeft(r) && r.left).to.deep.include({ _tag: 'InvalidInput', code: 'gedcom_too_large' });
    expect(E.isLeft(r) && r.left._tag === 'InvalidInput' && r.left.detail).to.contain('line 6');
  });
});
