import { open } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { seededRandom } from './generate-tree.js';
import { femaleGivenNames, maleGivenNames, nicknames, placeNames, surnames } from './vocabulary.js';

// A deterministic, large, realistic GEDCOM 5.5.1 file for benchmarks (import, reader, mapping), not a
// test fixture. It reuses the synthetic tree's vocabulary and PRNG (generate-tree.ts), with the
// accents the word lists fold away put back, as real files have them.
//
// Shape: HEAD, SUBM, every INDI, every FAM, every SOUR, TRLR, the record order most programs export.
// The pedigree is simulated in waves of a few founder couples (born 1685-1715, about eight
// generations each); a wave's structure is all that is held in memory. The structure comes from its
// own PRNG stream, so it is simulated twice, identically: once to write the wave's INDI records and
// once to write its FAM records, each with its own stream for the record contents. Memory stays flat
// whatever the size; the output is streamed in ~64 KiB string chunks.
//
// `npx tsx spec/bench/generate-gedcom.ts --persons 100000 --out /tmp/bench100k.ged [--seed N]`

export type GedcomBenchOptions = { readonly persons: number; readonly seed?: number };

export type GedcomBenchCounts = {
  persons: number;
  families: number;
  sources: number;
  /** `SOUR @Sn@` citations (on events). */
  citations: number;
  /** Event and attribute structures: BIRT, CHR, DEAT, BURI, OCCU, RESI, RELI, MARR, DIV. */
  events: number;
  /** Distinct PLAC values. */
  places: number;
  bytes: number;
};

const DEFAULT_SEED = 20261122;
const CHUNK = 64 * 1024;
const LAST_YEAR = 2024;
const GENERATIONS = 8;
/** Mean children per couple by the parents' generation (as generate-tree.ts). */
const CHILD_MEAN = [5.2, 5, 4.8, 4.4, 4, 3.4, 2.8, 2.2];
/** About how many persons one founder couple yields; sizes the waves. */
const PER_FOUNDER_COUPLE = 450;
const MAX_WAVE_COUPLES = 6;

type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <A>(rng: Rng, xs: readonly A[]): A => xs[Math.floor(rng() * xs.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

// ------------------------------------------------------------------------------------------------
// Vocabulary: the shared word lists with their diacritics restored, and a few names with ñ.
// ------------------------------------------------------------------------------------------------

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  `Jurgen:Jürgen Andre:André Rene:René Emile:Émile Etienne:Étienne Theo:Théo Jose:José Joao:João Alvaro:Álvaro
   Bjorn:Björn Soren:Søren Stanislaw:Stanisław Lukasz:Łukasz Pawel:Paweł Laszlo:László
   Janos:János Sandor:Sándor Miklos:Miklós Vaclav:Václav Jiri:Jiří Ondrej:Ondřej Matej:Matěj
   Genevieve:Geneviève Celine:Céline Ines:Inés Concepcion:Concepción Malgorzata:Małgorzata Erzsebet:Erzsébet
   Bozena:Božena Sinead:Sinéad Roisin:Róisín Grainne:Gráinne
   Muller:Müller Schroder:Schröder Kruger:Krüger Kohler:Köhler Lefevre:Lefèvre Guerin:Guérin
   Fernandez:Fernández Gonzalez:González Rodriguez:Rodríguez Lopez:López Martinez:Martínez Sanchez:Sánchez
   Perez:Pérez Gomez:Gómez Jimenez:Jiménez Hernandez:Hernández Diaz:Díaz Alvarez:Álvarez Gutierrez:Gutiérrez
   Goncalves:Gonçalves Sorensen:Sørensen Jorgensen:Jørgensen Wisniewski:Wiśniewski Wojcik:Wójcik
   Kaminski:Kamiński Zielinski:Zieliński Szymanski:Szymański Wozniak:Woźniak Dabrowski:Dąbrowski
   Kovacs:Kovács Toth:Tóth Szabo:Szabó Horvath:Horváth Molnar:Molnár Nemeth:Németh Novotny:Novotný
   Dvorak:Dvořák Cerny:Černý Prochazka:Procházka Kucera:Kučera Vesely:Veselý Horak:Horák Nemec:Němec
   Malmo:Malmö Zurich:Zürich Krakow:Kraków Gdansk:Gdańsk Lodz:Łódź Wroclaw:Wrocław Poznan:Poznań Liege:Liège
   Dusseldorf:Düsseldorf Nuremberg:Nürnberg Aarhus:Århus Quebec:Québec Montreal:Montréal Gothenburg:Göteborg
   Skane:Skåne Smaland:Småland Trondelag:Trøndelag`
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((pair) => pair.split(':') as [string, string]),
);
const accent = (word: string): string => ACCENTED[word] ?? word;

const MALE = [...maleGivenNames.map(accent), 'Iñigo', 'Iñaki', 'Ángel'];
const FEMALE = [...femaleGivenNames.map(accent), 'Begoña', 'Zoë', 'Noémie'];
const SURNAMES = [...surnames.map(accent), 'Núñez', 'Muñoz', 'Peña', 'Ibáñez', 'Castaño'];
const PLACES: readonly string[] = [
  ...placeNames.map((p) => p.split(', ').map((part) => part.split(' ').map(accent).join(' ')).join(', ')),
  'A Coruña, Galicia, Spain', 'Logroño, Castile, Spain', 'Peñafiel, Castile, Spain', 'Ourense, Galicia, Spain',
];
/** Nicknames by (accented) first given name. */
const NICKNAMES: ReadonlyMap<string, string> = new Map(Object.entries(nicknames).map(([k, v]) => [accent(k), v]));

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const OCCUPATIONS = [
  'Farmer', 'Agricultural Labourer', 'Labourer', 'Blacksmith', 'Carpenter', 'Weaver', 'Coal Miner', 'Shoemaker',
  'Tailor', 'Baker', 'Butcher', 'Stonemason', 'Clerk', 'Schoolmaster', 'Teacher', 'Domestic Servant', 'Dressmaker',
  'Mariner', 'Merchant', 'Innkeeper', 'Clergyman', 'Railway Porter', 'Engine Driver', 'Nurse', 'Engineer', 'Miller',
  'Cooper', 'Wheelwright', 'Shopkeeper', 'Lace Maker', 'Seamstress', 'Laundress', 'Fisherman', 'Saddler',
  'Tanner', 'Printer', 'Solicitor', 'Physician', 'Grocer', 'Draper', 'Cordwainer', 'Thatcher', 'Gamekeeper',
  'Journalier', 'Tisserand', 'Bäcker', 'Zimmermann', 'Rolnik', 'Pescador', 'Comerciante',
];
const RELIGIONS = [
  'Church of England', 'Roman Catholic', 'Methodist', 'Wesleyan Methodist', 'Baptist', 'Presbyterian', 'Lutheran',
  'Quaker', 'Jewish', 'Congregationalist', 'Reformed', 'Evangelisch', 'Römisch-katholisch', 'Orthodox',
];
const STREETS = ['High Street', 'Church Lane', 'Mill Road', 'Station Road', 'Market Square', 'King Street', 'Hauptstraße', 'Rue de l\'Église', 'Calle Mayor', 'ulica Długa'];
const CAUSES = ['Consumption', 'Old age', 'Fever', 'Pneumonia', 'Childbirth', 'Drowning', 'Influenza', 'Smallpox', 'Heart failure'];
const SAINTS = ['Mary', 'Peter', 'John', 'Andrew', 'Michael', 'Nicholas', 'Margaret', 'James', 'Thomas', 'Giles', 'Lawrence', 'Martin'];

// ------------------------------------------------------------------------------------------------
// The pedigree of one wave (structure only: who, born and died when, married to whom).
// ------------------------------------------------------------------------------------------------

/** 0: male, 1: female, 2: unknown. */
type SexCode = 0 | 1 | 2;

type Person = {
  readonly n: number;
  readonly sex: SexCode;
  readonly birth: number;
  /** Year of death, or 0: living. */
  death: number;
  readonly surname: string;
  /** Index into PLACES: where this person lived. */
  readonly home: number;
  /** The family this person was born into, or null (founders and partners marrying in). */
  readonly famc: Family | null;
  readonly adopted: boolean;
  readonly fams: Family[];
};

type Family = {
  readonly n: number;
  readonly husb: Person | null;
  readonly wife: Person | null;
  /** Year of the marriage (or of the partnership: unmarried and single-parent families have one too). */
  readonly year: number;
  /** Year of a divorce, or 0. */
  div: number;
  readonly gen: number;
  readonly children: Person[];
};

type Wave = { readonly persons: Person[]; readonly families: Family[] };

type Sim = {
  readonly rng: Rng;
  readonly target: number;
  nextPerson: number;
  nextFamily: number;
};

/** Death year for someone born in `birth`, or 0 (living): most born before 1930 are dead, few after. */
const deathYear = (rng: Rng, birth: number): number => {
  if (!(birth < 1930 ? chance(rng, 0.93) : chance(rng, 0.12))) return 0;
  const age = chance(rng, 0.15) ? int(rng, 0, 15) : int(rng, 35, 96);
  return birth + age <= LAST_YEAR ? birth + age : 0;
};
const alive = (p: Person, year: number): boolean => p.death === 0 || p.death > year;

/** One wave: `couples` founder couples and their descendants, generation by generation, within the target. */
const simulateWave = (sim: Sim, couples: number): Wave => {
  const { rng } = sim;
  const persons: Person[] = [];
  const families: Family[] = [];
  const room = (k = 1): boolean => sim.nextPerson + k - 1 <= sim.target;

  const person = (sex: SexCode, birth: number, surname: string, home: number, famc: Family | null, death = deathYear(rng, birth)): Person => {
    const p: Person = { n: sim.nextPerson++, sex, birth, death, surname, home, famc, adopted: famc !== null && chance(rng, 0.015), fams: [] };
    persons.push(p);
    famc?.children.push(p);
    return p;
  };
  const family = (husb: Person | null, wife: Person | null, year: number, gen: number): Family => {
    const f: Family = { n: sim.nextFamily++, husb, wife, year, div: 0, gen, children: [] };
    husb?.fams.push(f);
    wife?.fams.push(f);
    families.push(f);
    return f;
  };

  /** A partner for `p` married in `year` (or null when there is no room or they would not both live to it). */
  const partnerFor = (p: Person, year: number, gen: number): Family | null => {
    if (!room() || year > LAST_YEAR || !alive(p, year)) return null;
    const birth = p.birth + int(rng, -6, 6);
    let death = deathYear(rng, birth);
    if (death !== 0 && death <= year) {
      death = year + int(rng, 2, 45);
      if (death > LAST_YEAR) death = 0;
    }
    const spouse = person(p.sex === 0 ? 1 : 0, birth, pick(rng, SURNAMES), chance(rng, 0.6) ? p.home : int(rng, 0, PLACES.length - 1), null, death);
    return p.sex === 0 ? family(p, spouse, year, gen) : family(spouse, p, year, gen);
  };

  // Founders: born 1685-1715, married in their twenties, living at least into their forties.
  let current: Family[] = [];
  for (let i = 0; i < couples && room(2); i++) {
    const hBirth = int(rng, 1685, 1715);
    const wBirth = hBirth + int(rng, -8, 3);
    const year = Math.max(hBirth, wBirth) + int(rng, 20, 28);
    const h = person(0, hBirth, pick(rng, SURNAMES), int(rng, 0, PLACES.length - 1), null, year + int(rng, 16, 50));
    const w = person(1, wBirth, pick(rng, SURNAMES), chance(rng, 0.7) ? h.home : int(rng, 0, PLACES.length - 1), null, year + int(rng, 16, 50));
    current.push(family(h, w, year, 0));
  }
  if (current.length === 0 && room()) {
    const birth = int(rng, 1685, 1715);
    person(chance(rng, 0.5) ? 0 : 1, birth, pick(rng, SURNAMES), int(rng, 0, PLACES.length - 1), null);
  }

  for (let gen = 1; gen < GENERATIONS && current.length > 0 && room(); gen++) {
    const next: Family[] = [];
    for (const f of current) {
      const parents = [f.husb, f.wife].filter((p): p is Person => p !== null);
      const mother = f.wife ?? f.husb!;
      const surname = (f.husb ?? f.wife!).surname;
      const home = (f.husb ?? f.wife!).home;
      // Children are born while the marriage lasts and both parents live, with every parent 20-40 years older.
      const youngest = Math.max(...parents.map((p) => p.birth));
      const eldest = Math.min(...parents.map((p) => p.birth));
      let last = Math.min(eldest + 40, LAST_YEAR, f.div === 0 ? LAST_YEAR : f.div);
      for (const p of parents) if (p.death !== 0) last = Math.min(last, p === mother ? p.death : p.death + 1);
      const mean = CHILD_MEAN[Math.min(gen - 1, CHILD_MEAN.length - 1)]!;
      const kids = Math.min(8, Math.max(0, Math.round(mean + (rng() + rng() + rng() - 1.5) * 2.2)));
      let year = Math.max(f.year + int(rng, 1, 3), youngest + 20);
      for (let k = 0; k < kids && year <= last && room(); k++) {
        const sex: SexCode = chance(rng, 0.004) ? 2 : chance(rng, 0.51) ? 0 : 1;
        const child = person(sex, year, surname, chance(rng, 0.85) ? home : int(rng, 0, PLACES.length - 1), f);
        year += int(rng, 1, 4);
        // Most lines are not followed (a partner married in, children of their own), as in generate-tree.ts.
        const follow = gen < GENERATIONS - 1 && sex !== 2 && chance(rng, child.birth > 1998 ? 0.1 : gen < 4 ? 0.45 : 0.42);
        if (!follow || !room()) continue;
        const married = child.birth + int(rng, 20, 30);
        if (chance(rng, 0.03)) {
          // A single parent: the other partner is not in the tree.
          if (married <= LAST_YEAR && alive(child, married)) next.push(child.sex === 0 ? family(child, null, married, gen) : family(null, child, married, gen));
          continue;
        }
        const first = partnerFor(child, married, gen);
        if (first === null) continue;
        next.push(first);
        // Some remarry: after a divorce (from the 1850s on) or after being widowed.
        if (!chance(rng, 0.1)) continue;
        const spouse = first.husb === child ? first.wife! : first.husb!;
        let end: number;
        if (married > 1850 && chance(rng, 0.5)) {
          end = married + int(rng, 3, 15);
          if (!alive(child, end) || !alive(spouse, end) || end > LAST_YEAR) continue;
          first.div = end;
        } else {
          if (spouse.death === 0) continue;
          end = spouse.death;
        }
        const again = end + int(rng, 1, 4);
        if (again - child.birth > 55) continue;
        const second = partnerFor(child, again, gen);
        if (second !== null) next.push(second);
      }
    }
    current = next;
  }
  return { persons, families };
};

/** Simulates waves until the target is reached; each is dropped once the caller moves on. */
function* waves(target: number, seed: number): Generator<Wave> {
  const sim: Sim = { rng: seededRandom(seed), target, nextPerson: 1, nextFamily: 1 };
  while (sim.nextPerson <= target) {
    const remaining = target - sim.nextPerson + 1;
    const couples = Math.min(MAX_WAVE_COUPLES, Math.max(1, Math.round(remaining / PER_FOUNDER_COUPLE)));
    yield simulateWave(sim, couples);
  }
}

// ------------------------------------------------------------------------------------------------
// Writing records.
// ------------------------------------------------------------------------------------------------

/** Accumulates lines; `full()` says a chunk is ready to take. */
class Out {
  private buf = '';
  line(s: string): void {
    this.buf += s + '\n';
  }
  full(): boolean {
    return this.buf.length >= CHUNK;
  }
  take(): string {
    const s = this.buf;
    this.buf = '';
    return s;
  }
}

const daysIn = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

type Day = { readonly y: number; readonly m: number; readonly d: number };
const dayText = (x: Day): string => `${x.d} ${MONTHS[x.m - 1]!} ${x.y}`;
const addDays = (x: Day, days: number): Day => {
  const t = new Date(Date.UTC(x.y, x.m - 1, x.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const randomDay = (rng: Rng, y: number): Day => {
  const m = int(rng, 1, 12);
  return { y, m, d: int(rng, 1, daysIn(y, m)) };
};

/** A DATE value for `year` in the mix real files have; `exact` is the day when the value is one. */
const dateOf = (rng: Rng, year: number): { text: string; exact: Day | null } => {
  const r = rng();
  if (r < 0.56) {
    const exact = randomDay(rng, year);
    return { text: dayText(exact), exact };
  }
  if (r < 0.62) return { text: `${MONTHS[int(rng, 0, 11)]!} ${year}`, exact: null };
  if (r < 0.76) return { text: String(year), exact: null };
  if (r < 0.87) return { text: `ABT ${year}`, exact: null };
  if (r < 0.9) return { text: `BEF ${year + int(rng, 0, 2)}`, exact: null };
  if (r < 0.92) return { text: `AFT ${year - int(rng, 0, 2)}`, exact: null };
  if (r < 0.96) return { text: `BET ${year - int(rng, 0, 2)} AND ${year + int(rng, 1, 3)}`, exact: null };
  if (r < 0.98) return { text: `CAL ${year}`, exact: null };
  return { text: `EST ${year}`, exact: null };
};

/** Splits a long text into a first line and CONC parts of at most `width` characters, never beside a space. */
const concParts = (s: string, width: number): string[] => {
  const parts: string[] = [];
  let rest = s;
  while (rest.length > width) {
    let cut = width;
    while (cut > width / 2 && (rest[cut] === ' ' || rest[cut - 1] === ' ')) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
};

type Ctx = {
  readonly out: Out;
  readonly rng: Rng;
  readonly counts: GedcomBenchCounts;
  readonly placesUsed: Uint8Array;
  readonly sources: number;
};

const place = (c: Ctx, home: number): string => {
  const i = chance(c.rng, 0.75) ? home : int(c.rng, 0, PLACES.length - 1);
  c.placesUsed[i] = 1;
  return PLACES[i]!;
};

const PAGE_FORMS: readonly ((rng: Rng, year: number) => string)[] = [
  (rng) => `Folio ${int(rng, 1, 240)}, entry ${int(rng, 1, 600)}`,
  (rng) => `Vol. ${int(rng, 1, 40)}, p. ${int(rng, 1, 900)}`,
  (rng, year) => `Register of ${year}, no. ${int(rng, 1, 400)}`,
  (rng) => `Piece ${int(rng, 100, 9999)}, folio ${int(rng, 1, 120)}, page ${int(rng, 1, 60)}`,
  (rng) => `Page ${int(rng, 1, 350)}`,
  (rng) => `Akte Nr. ${int(rng, 1, 300)}, S. ${int(rng, 1, 200)}`,
];

/** `SOUR @Sn@` + PAGE + QUAY under an event at `level`, on about 30% of events. */
const citation = (c: Ctx, level: number, year: number): void => {
  if (!chance(c.rng, 0.3)) return;
  const { rng, out } = c;
  // A few sources (census, civil registration) are cited far more than the rest.
  const s = 1 + Math.floor(c.sources * rng() * rng());
  out.line(`${level} SOUR @S${s}@`);
  out.line(`${level + 1} PAGE ${pick(rng, PAGE_FORMS)(rng, year)}`);
  const r = rng();
  out.line(`${level + 1} QUAY ${r < 0.6 ? 2 : r < 0.85 ? 3 : r < 0.95 ? 1 : 0}`);
  if (chance(rng, 0.05)) {
    out.line(`${level + 1} DATA`);
    out.line(`${level + 2} TEXT Transcribed from the original entry for ${year}.`);
  }
  c.counts.citations++;
};

/** An event structure: `1 TAG [value]`, DATE, PLAC, citation; answers the exact day when there is one. */
const event = (
  c: Ctx, tag: string, year: number, home: number,
  o: { readonly value?: string; readonly pDate?: number; readonly pPlace?: number; readonly date?: Day; readonly extra?: () => void } = {},
): Day | null => {
  const { out, rng } = c;
  out.line(o.value === undefined ? `1 ${tag}` : `1 ${tag} ${o.value}`);
  let exact: Day | null = null;
  if (o.date !== undefined) {
    exact = o.date;
    out.line(`2 DATE ${dayText(o.date)}`);
  }
  else if (chance(rng, o.pDate ?? 0.95)) {
    const d = dateOf(rng, year);
    exact = d.exact;
    out.line(`2 DATE ${d.text}`);
  }
  if (chance(rng, o.pPlace ?? 0.85)) out.line(`2 PLAC ${place(c, home)}`);
  o.extra?.();
  citation(c, 2, year);
  c.counts.events++;
  return exact;
};

const NOTE_SENTENCES: readonly ((p: NoteFacts) => string)[] = [
  (p) => `${p.name} was baptised in the parish church of ${p.place}.`,
  (p) => `In the ${p.census} census the household of ${p.name} is listed at ${p.place}.`,
  (p) => `According to family tradition ${p.name} emigrated for a time and came back.`,
  (p) => `The spelling of the surname ${p.surname} varies between the registers consulted.`,
  (p) => `A letter written by ${p.name} in ${p.census + 3} survives in the family papers.`,
  (p) => `The burial register gives the abode as ${p.place}.`,
  (p) => `Witnesses at the marriage were relatives of ${p.name}; their names are hard to read.`,
  (p) => `Some researchers confuse ${p.name} with a cousin of the same name born about ${p.census - 20}.`,
  (_p) => `The entry was checked against the bishop's transcripts, which agree.`,
  (p) => `Noted in the parish chest accounts of ${p.census} as receiving poor relief.`,
];
type NoteFacts = { readonly name: string; readonly surname: string; readonly place: string; readonly census: number };

/** `1 NOTE` at level 1: one line, several lines (CONT) or a long paragraph (CONC). */
const note = (c: Ctx, facts: NoteFacts): void => {
  const { out, rng } = c;
  const r = rng();
  if (r < 0.5) {
    out.line(`1 NOTE ${pick(rng, NOTE_SENTENCES)(facts)}`);
  } else if (r < 0.8) {
    const lines = Array.from({ length: int(rng, 2, 5) }, () => pick(rng, NOTE_SENTENCES)(facts));
    out.line(`1 NOTE ${lines[0]!}`);
    for (const l of lines.slice(1)) out.line(chance(rng, 0.2) ? '2 CONT' : `2 CONT ${l}`);
  } else {
    const paragraph = Array.from({ length: int(rng, 4, 12) }, () => pick(rng, NOTE_SENTENCES)(facts)).join(' ');
    const [first, ...rest] = concParts(paragraph, 200);
    out.line(`1 NOTE ${first!}`);
    for (const part of rest) out.line(`2 CONC ${part}`);
  }
};

const CHAN_YEARS = [2004, 2009, 2013, 2016, 2019, 2021, 2023];
const chan = (c: Ctx): void => {
  const { out, rng } = c;
  if (!chance(rng, 0.5)) return;
  out.line('1 CHAN');
  out.line(`2 DATE ${dayText(randomDay(rng, pick(rng, CHAN_YEARS)))}`);
  const two = (n: number) => String(n).padStart(2, '0');
  out.line(`3 TIME ${two(int(rng, 0, 23))}:${two(int(rng, 0, 59))}:${two(int(rng, 0, 59))}`);
};

const givenName = (rng: Rng, sex: SexCode): string => {
  const list = sex === 0 ? MALE : sex === 1 ? FEMALE : chance(rng, 0.5) ? MALE : FEMALE;
  const first = pick(rng, list);
  return chance(rng, 0.15) ? `${first} ${pick(rng, list)}` : first;
};

const nameLines = (c: Ctx, given: string, surname: string, type: string | null): void => {
  c.out.line(`1 NAME ${given} /${surname}/`);
  c.out.line(`2 GIVN ${given}`);
  c.out.line(`2 SURN ${surname}`);
  if (type !== null) c.out.line(`2 TYPE ${type}`);
};

const writeIndi = (c: Ctx, p: Person): void => {
  const { out, rng } = c;
  out.line(`0 @I${p.n}@ INDI`);
  const given = givenName(rng, p.sex);
  const husband = p.sex === 1 ? p.fams.find((f) => f.husb !== null)?.husb ?? null : null;
  const marriedSurname = husband !== null && husband.surname !== p.surname ? husband.surname : null;
  // Primary name, with NICK or _MARNM on some; a second NAME (married or aka) on about 10%.
  nameLines(c, given, p.surname, null);
  const nick = NICKNAMES.get(given.split(' ')[0]!);
  if (nick !== undefined && chance(rng, 0.3)) out.line(`2 NICK ${nick}`);
  const r = rng();
  if (marriedSurname !== null && r < 0.22) nameLines(c, given, marriedSurname, 'married');
  else if (marriedSurname !== null && r < 0.34) out.line(`2 _MARNM ${marriedSurname}`);
  else if (r > 0.96) nameLines(c, givenName(rng, p.sex), p.surname, 'aka');
  out.line(`1 SEX ${p.sex === 0 ? 'M' : p.sex === 1 ? 'F' : 'U'}`);

  const end = p.death === 0 ? LAST_YEAR : p.death;
  let born: Day | null = null;
  if (chance(rng, 0.93)) born = event(c, 'BIRT', p.birth, p.home, { pDate: 0.96 });
  if (chance(rng, p.birth < 1900 ? 0.4 : 0.15)) {
    const chr = born === null ? null : addDays(born, int(rng, 2, 45));
    event(c, 'CHR', p.birth, p.home, chr === null ? { pDate: 0.9 } : { date: chr });
  }
  const adult = end - p.birth >= 16;
  if (adult && chance(rng, 0.45)) {
    const year = Math.min(end, p.birth + int(rng, 18, 50));
    event(c, 'OCCU', year, p.home, { value: pick(rng, OCCUPATIONS), pDate: 0.4, pPlace: 0.3 });
  }
  if (chance(rng, 0.25)) {
    // Mostly a census year (1841, 1851, ...) of the person's lifetime.
    const y = int(rng, p.birth + 1, Math.max(p.birth + 1, end));
    const census = y - ((((y - 1) % 10) + 10) % 10);
    event(c, 'RESI', census > p.birth ? census : y, p.home, {
      pDate: 0.9, pPlace: 0.9,
      extra: () => {
        if (chance(rng, 0.3)) out.line(`2 ADDR ${int(rng, 1, 140)} ${pick(rng, STREETS)}`);
      },
    });
  }
  if (adult && chance(rng, 0.15)) event(c, 'RELI', p.birth + 16, p.home, { value: pick(rng, RELIGIONS), pDate: 0.1, pPlace: 0.1 });
  // Not every death is on record: the dead without DEAT are what makes living-person rules guess.
  if (p.death !== 0 && chance(rng, 0.8)) {
    // An infant's death comes after the birth (and the christening) on the calendar too.
    const infant = born !== null && p.death === p.birth ? addDays(born, int(rng, 46, 300)) : null;
    const died = event(c, 'DEAT', p.death, p.home, {
      pDate: 0.97, pPlace: 0.75,
      ...(infant === null ? {} : { date: infant }),
      extra: () => {
        if (chance(rng, 0.06)) out.line(`2 CAUS ${pick(rng, CAUSES)}`);
      },
    });
    if (chance(rng, 0.4)) {
      const buried = died === null ? null : addDays(died, int(rng, 2, 6));
      event(c, 'BURI', p.death, p.home, buried === null ? { pDate: 0.7 } : { date: buried });
    }
  }
  if (chance(rng, 0.12)) {
    note(c, { name: `${given} ${p.surname}`, surname: p.surname, place: PLACES[p.home]!, census: p.birth + 10 - (p.birth % 10) + 1 });
  }
  if (p.famc !== null) {
    out.line(`1 FAMC @F${p.famc.n}@`);
    if (p.adopted) out.line('2 PEDI adopted');
  }
  for (const f of p.fams) out.line(`1 FAMS @F${f.n}@`);
  chan(c);
  c.counts.persons++;
};

const writeFam = (c: Ctx, f: Family): void => {
  const { out, rng } = c;
  out.line(`0 @F${f.n}@ FAM`);
  if (f.husb !== null) out.line(`1 HUSB @I${f.husb.n}@`);
  if (f.wife !== null) out.line(`1 WIFE @I${f.wife.n}@`);
  for (const child of f.children) out.line(`1 CHIL @I${child.n}@`);
  const home = (f.wife ?? f.husb!).home;
  // Family events need both partners (a partnership); a single parent's family has none.
  if (f.husb !== null && f.wife !== null) {
    if (chance(rng, 0.85)) event(c, 'MARR', f.year, home, { pDate: 0.92, pPlace: 0.8 });
    if (f.div !== 0) event(c, 'DIV', f.div, home, { pDate: 0.8, pPlace: 0.3 });
  }
  if (chance(rng, 0.04)) {
    const name = `${(f.husb ?? f.wife!).surname} family`;
    note(c, { name: `the ${name}`, surname: (f.husb ?? f.wife!).surname, place: PLACES[home]!, census: f.year + 10 - (f.year % 10) + 1 });
  }
  chan(c);
  c.counts.families++;
};

const SOURCE_FORMS: readonly ((rng: Rng) => { titl: string; auth: string; publ: string })[] = [
  (rng) => {
    const town = pick(rng, PLACES).split(', ')[0]!;
    const saint = pick(rng, SAINTS);
    return { titl: `Parish registers of St ${saint}, ${town}, ${int(rng, 1538, 1700)}-${int(rng, 1837, 1950)}`, auth: `Church of St ${saint} (${town})`, publ: `Salt Lake City: Genealogical Society of Utah, ${int(rng, 1950, 1990)}. Microfilm` };
  },
  (rng) => {
    const year = 1841 + 10 * int(rng, 0, 8);
    const country = pick(rng, PLACES).split(', ')[2]!;
    return { titl: `${year} Census of ${country}`, auth: `${country}. Census Office`, publ: `Online database. Provo, UT: Ancestry.com Operations, ${int(rng, 2005, 2015)}` };
  },
  (rng) => {
    const region = pick(rng, PLACES).split(', ')[1]!;
    return { titl: `Civil registration index: births, marriages and deaths, ${region}`, auth: 'General Register Office', publ: `Index volumes, ${int(rng, 1837, 1900)}-${int(rng, 1950, 2005)}` };
  },
  (rng) => {
    const given = pick(rng, MALE);
    const surname = pick(rng, SURNAMES);
    return { titl: `Family bible of the ${surname} family`, auth: `${given} ${surname}`, publ: `Privately held by ${pick(rng, FEMALE)} ${surname}, ${pick(rng, PLACES)}` };
  },
  (rng) => {
    const town = pick(rng, PLACES).split(', ')[0]!;
    return { titl: `Kirchenbuch der evangelischen Gemeinde ${town}, Taufen, Trauungen, Begräbnisse`, auth: `Evangelisches Pfarramt ${town}`, publ: `Digitalisat, Archion, ${int(rng, 2012, 2022)}` };
  },
  (rng) => {
    const town = pick(rng, PLACES).split(', ')[0]!;
    return { titl: `Registres paroissiaux et d'état civil de ${town}`, auth: `Archives départementales`, publ: `Registres numérisés, ${int(rng, 2008, 2020)}` };
  },
  (rng) => {
    const town = pick(rng, PLACES).split(', ')[0]!;
    return { titl: `Księgi metrykalne parafii rzymskokatolickiej w ${town}`, auth: 'Archiwum Diecezjalne', publ: `Skany, ${int(rng, 2010, 2021)}` };
  },
  (rng) => {
    const town = pick(rng, PLACES).split(', ')[0]!;
    return { titl: `Libros sacramentales de la parroquia de ${town}: bautismos, matrimonios y defunciones`, auth: 'Archivo Diocesano', publ: `Microfilm, ${int(rng, 1975, 1995)}; imágenes en línea, ${int(rng, 2010, 2020)}` };
  },
];

const writeSour = (c: Ctx, n: number): void => {
  const { out, rng } = c;
  const s = pick(rng, SOURCE_FORMS)(rng);
  out.line(`0 @S${n}@ SOUR`);
  out.line(`1 TITL ${s.titl}`);
  if (chance(rng, 0.3)) out.line(`1 ABBR ${s.titl.split(',')[0]!}`);
  out.line(`1 AUTH ${s.auth}`);
  out.line(`1 PUBL ${s.publ}`);
  if (chance(rng, 0.2)) out.line('1 NOTE Searched in full for the surnames of this tree; gaps in the registers are noted on the events.');
  chan(c);
  c.counts.sources++;
};

const HEADER = [
  '0 HEAD',
  '1 SOUR GENEALOGY_SERVICE_BENCH',
  '2 VERS 1.0',
  '2 NAME Genealogy service benchmark generator',
  '1 DEST ANY',
  '1 DATE 1 JAN 2026',
  '2 TIME 12:00:00',
  '1 SUBM @U1@',
  '1 FILE bench.ged',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '1 LANG English',
  '1 PLAC',
  '2 FORM Town, County, Country',
  '0 @U1@ SUBM',
  '1 NAME Benchmark Généalogie',
  '1 ADDR 1 Market Square',
  '2 CONT Łódź',
  '2 CITY Łódź',
  '2 CTRY Poland',
];

const emptyCounts = (): GedcomBenchCounts => ({ persons: 0, families: 0, sources: 0, citations: 0, events: 0, places: 0, bytes: 0 });

/** The whole file as string chunks; fills `counts` (but bytes) as it goes. */
function* chunks(o: GedcomBenchOptions, counts: GedcomBenchCounts): Generator<string> {
  const target = o.persons;
  if (!Number.isInteger(target) || target < 0) throw new Error(`persons must be a non-negative integer, got ${target}`);
  const seed = (o.seed ?? DEFAULT_SEED) >>> 0;
  const out = new Out();
  const placesUsed = new Uint8Array(PLACES.length);
  const sources = Math.max(10, Math.round(target / 200));
  const ctx = (salt: number): Ctx => ({ out, rng: seededRandom((seed ^ salt) >>> 0), counts, placesUsed, sources });

  for (const l of HEADER) out.line(l);
  // Pass 1: the INDI records, wave by wave; pass 2: the same waves again, for the FAM records.
  const indi = ctx(0x1d1c0de5);
  for (const w of waves(target, seed)) {
    for (const p of w.persons) {
      writeIndi(indi, p);
      if (out.full()) yield out.take();
    }
  }
  const fam = ctx(0x0fa31175);
  for (const w of waves(target, seed)) {
    for (const f of w.families) {
      writeFam(fam, f);
      if (out.full()) yield out.take();
    }
  }
  const sour = ctx(0x5005ce5);
  for (let n = 1; n <= sources; n++) {
    writeSour(sour, n);
    if (out.full()) yield out.take();
  }
  out.line('0 TRLR');
  counts.places = placesUsed.reduce((a, b) => a + b, 0);
  yield out.take();
}

/** Streams a GEDCOM 5.5.1 file (UTF-8, LF line ends) of about `persons` INDI records, as string chunks of ~64 KiB. */
export async function* generateGedcom(o: GedcomBenchOptions): AsyncGenerator<string> {
  yield* chunks(o, emptyCounts());
}

/** Writes it to `file` and answers counts: { persons, families, sources, citations, events, places, bytes }. */
export const writeGedcomFile = async (
  file: string, o: GedcomBenchOptions,
): Promise<{ persons: number; families: number; sources: number; citations: number; events: number; places: number; bytes: number }> => {
  const counts = emptyCounts();
  const fh = await open(file, 'w');
  try {
    for (const chunk of chunks(o, counts)) {
      const bytes = Buffer.from(chunk, 'utf8');
      counts.bytes += bytes.length;
      await fh.write(bytes);
    }
  } finally {
    await fh.close();
  }
  return { ...counts };
};

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(`--${name}`);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const persons = Number(arg('persons') ?? 100_000);
  const out = arg('out');
  const seed = arg('seed');
  if (out === undefined || !Number.isInteger(persons) || persons < 0) {
    process.stderr.write('usage: tsx spec/bench/generate-gedcom.ts --persons N --out FILE [--seed N]\n');
    process.exit(2);
  }
  const counts = await writeGedcomFile(out, seed === undefined ? { persons } : { persons, seed: Number(seed) });
  process.stdout.write(`${JSON.stringify(counts)}\n`);
}
