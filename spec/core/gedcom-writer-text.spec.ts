import { expect } from 'chai';
import fc from 'fast-check';
import { escapedValue, MAX_551_LINE, single, text } from '../../core/gedcom/writer-text.js';

// Line-level output of the GEDCOM writer: `@` escaping, CONT for newlines, CONC for 5.5.1 lines longer
// than 255 characters (terminator included), split only between two non-space characters and never
// inside a surrogate pair or an `@@`.

/** Folds the lines of one structure back into its value as a GEDCOM reader does. */
const fold = (out: string, seven: boolean): { value: string; lines: string[] } => {
  const lines = out.split('\n');
  expect(lines.pop()).to.equal('');
  const unescape = (v: string): string => (seven ? (v.startsWith('@@') ? v.slice(1) : v) : v.replaceAll('@@', '@'));
  let value = '';
  let level = 0;
  lines.forEach((l, i) => {
    const m = /^(\d+) ([A-Z_]+)(?: (.*))?$/s.exec(l);
    expect(m, l).to.not.equal(null);
    const v = unescape(m![3] ?? '');
    if (i === 0) level = Number(m![1]);
    else expect(Number(m![1]), `the level of ${l}`).to.equal(level + 1);
    if (i === 0) value = v;
    else if (m![2] === 'CONT') value += `\n${v}`;
    else if (m![2] === 'CONC') value += v;
    else expect.fail(`unexpected line ${l}`);
  });
  return { value, lines };
};

const x = (n: number): string => 'x'.repeat(n);

describe('GEDCOM writer: text lines', () => {
  describe('5.5.1 CONC at 255 characters', () => {
    // "1 NOTE " is 7 characters and the terminator 1, so the first line holds 247 characters of text.
    it('fills a line to exactly 255 characters with its terminator, and continues with CONC', () => {
      const out = text(1, 'NOTE', x(300), false);
      expect(out).to.equal(`1 NOTE ${x(247)}\n2 CONC ${x(53)}\n`);
      expect(out.split('\n')[0]!.length + 1).to.equal(MAX_551_LINE);
    });

    it('continues a long CONT line with CONC at the same level as the CONT', () => {
      expect(text(1, 'NOTE', `a\n${x(300)}`, false)).to.equal(`1 NOTE a\n2 CONT ${x(247)}\n2 CONC ${x(53)}\n`);
    });

    it('keeps a value that fits on one line', () => {
      expect(text(1, 'NOTE', x(247), false)).to.equal(`1 NOTE ${x(247)}\n`);
      expect(text(1, 'NOTE', x(248), false)).to.equal(`1 NOTE ${x(247)}\n2 CONC x\n`);
    });

    it('never splits before or after a space: it moves the split back to two non-space characters', () => {
      const value = `${x(246)} ${'y'.repeat(20)}`;
      const out = text(1, 'NOTE', value, false);
      expect(out).to.equal(`1 NOTE ${x(245)}\n2 CONC x ${'y'.repeat(20)}\n`);
      expect(fold(out, false).value).to.equal(value);
    });

    it('splits between two letters right after a space-free stretch', () => {
      const value = `${x(245)} yy${'z'.repeat(20)}`;
      expect(text(1, 'NOTE', value, false)).to.equal(`1 NOTE ${x(245)} y\n2 CONC y${'z'.repeat(20)}\n`);
    });

    it('never splits a surrogate pair', () => {
      const value = `${x(246)}😀${'y'.repeat(10)}`;
      expect(text(1, 'NOTE', value, false)).to.equal(`1 NOTE ${x(246)}\n2 CONC 😀${'y'.repeat(10)}\n`);
    });

    it('counts an escaped @ as two characters and never splits the pair', () => {
      const value = `${x(246)}@${'y'.repeat(5)}`;
      expect(text(1, 'NOTE', value, false)).to.equal(`1 NOTE ${x(246)}\n2 CONC @@${'y'.repeat(5)}\n`);
    });

    it('splits every CONC line again at the limit, deeper levels included', () => {
      const out = text(3, 'TEXT', x(1000), false);
      const lines = out.split('\n').slice(0, -1);
      expect(lines.map((l) => l.length)).to.deep.equal([254, 254, 254, 254, 19]);
      expect(lines.slice(1).every((l) => l.startsWith('4 CONC '))).to.equal(true);
      expect(fold(out, false).value).to.equal(x(1000));
    });

    it('cuts inside a run of spaces longer than a line only because nothing else fits', () => {
      const value = `a${' '.repeat(600)}b`;
      const out = text(1, 'NOTE', value, false);
      expect(out.split('\n').every((l) => l.length < MAX_551_LINE)).to.equal(true);
      expect(fold(out, false).value).to.equal(value);
    });

    it('also splits one-line values (PLAC) and pre-escaped ones (DATE) with CONC', () => {
      expect(single(2, 'PLAC', x(260), false)).to.equal(`2 PLAC ${x(247)}\n3 CONC ${x(13)}\n`);
      const date = `(${'@@'.repeat(130)})`;
      const out = escapedValue(2, 'DATE', date, false);
      expect(out.split('\n').every((l) => l.length < MAX_551_LINE)).to.equal(true);
      expect(out.split('\n').slice(0, -1).map((l) => l.replace(/^\d \w+ /, '')).join('')).to.equal(date);
    });
  });

  describe('newlines and escaping', () => {
    it('writes newlines as CONT in both versions; CR LF and CR count as one newline', () => {
      for (const seven of [false, true]) {
        expect(text(1, 'NOTE', 'one\r\ntwo\rthree\n\nfive', seven)).to.equal('1 NOTE one\n2 CONT two\n2 CONT three\n2 CONT\n2 CONT five\n');
      }
    });

    it('7.0 never writes CONC, however long the line', () => {
      expect(text(1, 'NOTE', x(1000), true)).to.equal(`1 NOTE ${x(1000)}\n`);
    });

    it('5.5.1 doubles every @', () => {
      expect(text(1, 'NOTE', '@home: a@b.c @@', false)).to.equal('1 NOTE @@home: a@@b.c @@@@\n');
      expect(text(1, 'NOTE', 'x\n@y@', false)).to.equal('1 NOTE x\n2 CONT @@y@@\n');
    });

    it('7.0 doubles only a leading @ of each line', () => {
      expect(text(1, 'NOTE', '@home: a@b.c', true)).to.equal('1 NOTE @@home: a@b.c\n');
      expect(text(1, 'NOTE', 'x\n@y@', true)).to.equal('1 NOTE x\n2 CONT @@y@\n');
    });

    it('drops control characters other than tab, and writes nothing for an empty value', () => {
      expect(text(1, 'NOTE', 'a\u0000b\u0007\tc', true)).to.equal('1 NOTE ab\tc\n');
      expect(text(1, 'NOTE', '', false)).to.equal('');
      expect(single(2, 'PLAC', '', true)).to.equal('');
    });

    it('a one-line value turns newlines into spaces', () => {
      expect(single(2, 'PLAC', 'Kent\nEngland', false)).to.equal('2 PLAC Kent England\n');
    });
  });

  describe('properties', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', '@', 'é', '😀', '\n', '\t', '\u{1F469}\u200D\u{1F467}');
    const arbText = fc.array(alphabet, { maxLength: 1500 }).map((a) => a.join('')).filter((s) => s !== '');

    it('folding CONT/CONC and unescaping gives back the text, and 5.5.1 lines never exceed 255', () => {
      fc.assert(fc.property(arbText, fc.boolean(), fc.integer({ min: 0, max: 5 }), (value, seven, level) => {
        const out = text(level, 'NOTE', value, seven);
        const { value: back, lines } = fold(out, seven);
        expect(back).to.equal(value);
        if (seven) expect(lines.some((l) => / CONC( |$)/.test(l))).to.equal(false);
        else for (const l of lines) expect(l.length + 1).to.be.at.most(MAX_551_LINE);
      }), { numRuns: 400 });
    });

    it('5.5.1 splits only between two non-space characters and never inside a surrogate pair', () => {
      // Words joined by single spaces: there is always a legal place to split.
      const word = fc.array(fc.constantFrom('a', '@', 'é', '😀'), { minLength: 1, maxLength: 30 }).map((a) => a.join(''));
      const arbWords = fc.array(word, { minLength: 1, maxLength: 120 }).map((w) => w.join(' '));
      fc.assert(fc.property(arbWords, (value) => {
        const lines = text(1, 'NOTE', value, false).split('\n').slice(0, -1);
        for (let i = 1; i < lines.length; i++) {
          const before = lines[i - 1]!;
          const after = lines[i]!.slice('2 CONC '.length);
          expect(before.endsWith(' ')).to.equal(false);
          expect(after.startsWith(' ')).to.equal(false);
          expect(/[\uD800-\uDBFF]$/.test(before)).to.equal(false);
          expect(after === '' || /^[\uDC00-\uDFFF]/.test(after)).to.equal(false);
        }
      }), { numRuns: 400 });
    });
  });
});
