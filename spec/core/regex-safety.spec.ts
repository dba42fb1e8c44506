import { expect } from 'chai';
import fc from 'fast-check';
import { parseRange } from '../../adapters/http/range.js';
import { parseGedcomDate } from '../../core/kernel/gedcom-date.js';
import { readGedcom } from '../../core/gedcom/reader.js';
import type { GedcomNode } from '../../core/gedcom/types.js';
import { nameLine } from '../../core/gedcom/writer-text.js';
import { checkEmail } from '../../core/identity/policy.js';

// Issue 9, finding 1: text a user sends (an email, a GEDCOM line, a stored name, a date, a Range
// header) went through regular expressions that backtrack or move quadratically, so one long input
// held the event loop for seconds and every other request waited. Each case feeds such an input of
// HOSTILE characters and expects the right answer. No clock here: the former patterns took 10 s and
// more on 100,000 characters, and grow with the square of the input, so on 1,000,000 they would run
// for a quarter of an hour and more; this suite's timeout is the bound, linear code answers in
// milliseconds. The times themselves are measured by the `hostile-input` bench (spec/bench).
// The old patterns stay below as oracles on short inputs: the plain code must answer exactly as they did.

const HOSTILE = 1_000_000;

const chars = (alphabet: readonly string[], maxLength = 12): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((a) => a.join(''));

describe('regex safety: hostile input is answered in linear time', function () {
  // The only bound: far above what linear code takes here (milliseconds), far below what the former patterns took.
  this.timeout(30_000);
  describe('email check (POST /auth/register)', () => {
    it('rejects `x@` + dots + `@` at once', () => {
      const value = checkEmail(`x@${'.'.repeat(HOSTILE)}@`);
      expect(value?._tag).to.equal('InvalidInput');
    });

    it('rejects a 320-character domain of dots and a long run of spaces at once', () => {
      expect(checkEmail(`x@${'.'.repeat(300)}@`)?._tag).to.equal('InvalidInput');
      const value = checkEmail(`a@b${' '.repeat(HOSTILE)}.c`);
      expect(value?._tag).to.equal('InvalidInput');
    });

    it('accepts and rejects exactly what the former pattern did', () => {
      // eslint-disable-next-line regexp/no-super-linear-backtracking -- the former pattern, an oracle on short strings only
      const former = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
      for (const email of ['ann@example.org', 'a@b.c', 'a.b@c.d.e', 'a@.b.c', 'a@b..c', 'a@b.', 'a@.b', '@b.c', 'a@b', 'a b@c.d', 'a@b@c.d', 'a@b.c\n']) {
        expect(checkEmail(email) === null, email).to.equal(former.test(email));
      }
      fc.assert(fc.property(chars(['a', '.', '@', ' ', '\t', '\u00a0', '\n', 'é']), (email) => {
        expect(checkEmail(email) === null, JSON.stringify(email)).to.equal(former.test(email));
      }), { numRuns: 1000 });
    });
  });

  describe('GEDCOM reader: trailing spaces of a value', () => {
    const readAll = async (text: string): Promise<GedcomNode[]> => {
      async function* once(): AsyncGenerator<Uint8Array> { yield new TextEncoder().encode(text); }
      const out: GedcomNode[] = [];
      for await (const r of readGedcom(once())) out.push(r);
      return out;
    };
    const file = (note: string): string => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE ${note}\n0 TRLR\n`;
    const noteOf = (records: readonly GedcomNode[]): string | null => records.find((r) => r.xref === '@N1@')?.value ?? null;

    it('reads a NOTE line holding a long run of spaces at once, trailing spaces and tabs dropped', async () => {
      const inner = `a${' '.repeat(HOSTILE)}b`;
      const value = await readAll(file(`${inner} \t `));
      expect(noteOf(value)).to.equal(inner);
    });

    it('drops only trailing spaces and tabs, and reads a value of blanks as none', async () => {
      expect(noteOf(await readAll(file('a \t b \t')))).to.equal('a \t b');
      expect(noteOf(await readAll(file('a\u00a0 ')))).to.equal('a\u00a0');
      expect(noteOf(await readAll(file(' \t ')))).to.equal(null);
    });
  });

  describe('GEDCOM writer: slashes in name parts', () => {
    it('writes a surname of many spaces and a slash at once', () => {
      const surname = `a${' '.repeat(HOSTILE)}b/`;
      const value = nameLine('Ann', surname, true);
      expect(value).to.equal(`1 NAME Ann /a${' '.repeat(HOSTILE)}b/\n`);
    });

    it('writes exactly what the former replacement wrote', () => {
      // eslint-disable-next-line regexp/no-super-linear-move -- the former pattern, an oracle on short strings only
      const former = (part: string): string => (part.includes('/') ? part.replace(/\s*\/+\s*/g, ' ').trim() : part);
      const part = chars(['a', '/', ' ', '\t', '\n', '\u00a0', '\u3000']);
      fc.assert(fc.property(part, part, fc.boolean(), (given, surname, seven) => {
        expect(nameLine(given, surname, seven)).to.equal(nameLine(former(given), former(surname), seven));
      }), { numRuns: 1000 });
      expect(nameLine(' a / / b ', 'x//y', true)).to.equal('1 NAME a  b /x y/\n');
    });
  });

  describe('GEDCOM dates: INT with a phrase', () => {
    it('reads `INT` + a long run of spaces without a phrase at once, as text', () => {
      const v = `INT 1900${' '.repeat(HOSTILE)}x (`;
      const value = parseGedcomDate(v);
      expect(value).to.deep.equal({ qualifier: 'text', text: v });
    });

    it('still reads `INT 1900` + a long run of spaces + a phrase', () => {
      expect(parseGedcomDate(`INT 1900${' '.repeat(HOSTILE)}(a phrase)`)).to.deep.equal({ qualifier: 'exact', year: 1900, text: 'a phrase' });
    });
  });

  describe('Range header (GET /media/{id}/file)', () => {
    it('ignores `bytes=` + a long run of spaces at once', () => {
      const value = parseRange(`bytes=${' '.repeat(HOSTILE)}x`, 1000);
      expect(value).to.deep.equal({ kind: 'whole' });
    });

    it('answers exactly what the former pattern answered', () => {
      // eslint-disable-next-line regexp/no-super-linear-backtracking -- the former pattern, an oracle on short strings only
      const formerMatch = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/;
      const former = (header: string, size: number): ReturnType<typeof parseRange> => {
        const m = formerMatch.exec(header);
        if (m === null) return { kind: 'whole' };
        const [, a, b] = m as unknown as [string, string, string];
        if (a === '' && b === '') return { kind: 'whole' };
        if (a === '') {
          const suffix = Number(b);
          if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
          return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
        }
        const start = Number(a);
        const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
        if (b !== '' && Number(b) < start) return { kind: 'whole' };
        if (start >= size) return { kind: 'unsatisfiable' };
        return { kind: 'part', start, end };
      };
      const header = fc.tuple(fc.constantFrom('bytes=', 'bytes =', 'Bytes=', 'items=', ''), chars(['0', '1', '9', '-', ' ', '\t', ',', 'x', '\u00a0']))
        .map(([unit, rest]) => unit + rest);
      fc.assert(fc.property(header, fc.constantFrom(0, 1, 10, 1000), (h, size) => {
        expect(parseRange(h, size), JSON.stringify(h)).to.deep.equal(former(h, size));
      }), { numRuns: 1000 });
    });
  });
});
