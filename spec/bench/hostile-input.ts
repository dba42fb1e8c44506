// `npm run bench -- hostile-input`: how long the checks of text a user sends take on hostile input
// (issue 9, finding 1), at 100,000 and 1,000,000 characters. The specs (spec/core/regex-safety,
// spec/core/broken-names) check the answers with no clock; the times, and how they grow with the
// input (linear code: about 10x for 10x the input), are measured here.
import { parseRange } from '../../adapters/http/range.js';
import { checkName } from '../../core/cleanup/broken-names.js';
import { readGedcom } from '../../core/gedcom/reader.js';
import { nameLine } from '../../core/gedcom/writer-text.js';
import { parseGedcomDate } from '../../core/kernel/gedcom-date.js';
import { checkEmail } from '../../core/identity/policy.js';
import { median, ms, printTable, runMain } from './harness.js';

const RUNS = 5;
const SIZES = [100_000, 1_000_000] as const;

const readAll = async (text: string): Promise<number> => {
  async function* once(): AsyncGenerator<Uint8Array> { yield new TextEncoder().encode(text); }
  let n = 0;
  for await (const _ of readGedcom(once())) n += 1;
  return n;
};
const gedcomNote = (note: string): string => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE ${note}\n0 TRLR\n`;

/** Each case: a name and the work on `n` hostile characters. */
const cases: readonly (readonly [string, (n: number) => unknown])[] = [
  ['email: x@ + dots + @', (n) => checkEmail(`x@${'.'.repeat(n)}@`)],
  ['email: a run of spaces', (n) => checkEmail(`a@b${' '.repeat(n)}.c`)],
  ['GEDCOM reader: a NOTE of spaces', (n) => readAll(gedcomNote(`a${' '.repeat(n)}b \t `))],
  ['GEDCOM writer: a surname of spaces and a slash', (n) => nameLine('Ann', `a${' '.repeat(n)}b/`, true)],
  ['GEDCOM date: INT + spaces, no phrase', (n) => parseGedcomDate(`INT 1900${' '.repeat(n)}x (`)],
  ['Range: bytes= + spaces', (n) => parseRange(`bytes=${' '.repeat(n)}x`, 1000)],
  ...Object.entries({
    digits: (n: number) => '1'.repeat(n), spaces: (n: number) => ' '.repeat(n), ampersands: (n: number) => '&'.repeat(n), dots: (n: number) => '.'.repeat(n),
    years: (n: number) => '1850 and '.repeat(n / 9), markers: (n: number) => `${'b. '.repeat(n / 3)}1850`,
    brackets: (n: number) => `${'(, '.repeat(n / 3)}1850${')'.repeat(n / 3)}`, packed: (n: number) => 'a & '.repeat(n / 4),
  }).map(([name, text]) => [`checkName: ${name}`, (n: number) => checkName(text(n), text(n))] as const),
];

const main = async (): Promise<void> => {
  const rows: [string, string][] = [];
  for (const [name, work] of cases) {
    const medians: number[] = [];
    for (const n of SIZES) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        await work(n);
        times.push(performance.now() - t0);
      }
      medians.push(median(times));
    }
    rows.push([name, `${SIZES.map((n, i) => `${n.toLocaleString('en')}: ${ms(medians[i]!)}`).join(', ')}; x${(medians[1]! / Math.max(medians[0]!, 0.01)).toFixed(1)}`]);
  }
  printTable(`Benchmark: hostile input, median of ${RUNS} runs at ${SIZES.map((n) => n.toLocaleString('en')).join(' and ')} characters`, rows);
};

runMain(main);
